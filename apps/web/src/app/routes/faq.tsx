/**
 * /faq: the assistant's cited articles as a searchable list in the user's
 * language. Searches go to the server (the assistant's own search: synonyms, Hinglish, typos);
 * offline, the saved list is filtered on the device instead.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Page, PageHeader } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { filterArticles, getFaqQueryOptions } from '../../features/faq/api/faq';
import { FaqArticle } from '../../features/faq/components/faq-article';
import { Link } from '../../lib/navigation';
import { useLocale } from '../../lib/i18n/language-provider';
import { useOffline } from '../../lib/offline/connectivity';
import { isUnreachable, OfflineFirstTime } from '../../lib/offline/offline-states';

/** Typing pauses this long before a search is sent (ms). */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function Component() {
  const { t, language } = useLocale();
  const offline = useOffline();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const [openId, setOpenId] = useState<string | null>(null);
  const all = useQuery(getFaqQueryOptions(language, ''));
  const searchOnline = query !== '' && !offline;
  const search = useQuery({
    ...getFaqQueryOptions(language, query),
    enabled: searchOnline,
    placeholderData: keepPreviousData,
  });
  const shown = query === '' ? all : searchOnline ? search : all;
  const data = query !== '' && !searchOnline && all.data ? filterArticles(all.data, query) : shown.data;

  let body;
  if (data === undefined) {
    if (isUnreachable(shown)) body = <OfflineFirstTime />;
    else if (shown.isError)
      body = (
        <Card role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-slate-700">{t('faq.loadFailed')}</p>
          <Button variant="outline" onClick={() => void shown.refetch()}>
            {t('faq.retry')}
          </Button>
        </Card>
      );
    else body = <p className="py-8 text-center text-slate-500">{t('common.loading')}</p>;
  } else if (data.articles.length === 0) {
    body = (
      <Card className="py-8 text-center">
        <p className="text-slate-700">{t('faq.empty', { query: data.query })}</p>
        <Link to="/chat" className="mt-3 inline-block py-1 font-medium text-primary underline">
          {t('faq.askAssistant')}
        </Link>
      </Card>
    );
  } else {
    body = (
      <Card>
        <ul aria-label={t('faq.title')}>
          {data.articles.map((article) => (
            <FaqArticle
              key={article.id}
              article={article}
              open={openId === article.id}
              onToggle={() => setOpenId(openId === article.id ? null : article.id)}
            />
          ))}
        </ul>
      </Card>
    );
  }

  const count = data?.articles.length ?? 0;
  return (
    <Page>
      <PageHeader title={t('faq.title')} backTo="history" />
      <p className="mb-4 text-sm text-slate-600">{t('faq.intro')}</p>
      <form role="search" className="mb-4" onSubmit={(event) => event.preventDefault()}>
        <Label htmlFor="faq-search">{t('faq.search.label')}</Label>
        <Input
          id="faq-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('faq.search.placeholder')}
          wrapPlaceholder
          icon={<Search className="h-5 w-5" />}
          autoComplete="off"
          enterKeyHint="search"
        />
        {query !== '' && !searchOnline ? <p className="mt-2 text-sm text-slate-600">{t('faq.offlineSearch')}</p> : null}
      </form>
      <p role="status" className="sr-only">
        {data === undefined
          ? ''
          : data.query
            ? t('faq.results', { count, query: data.query })
            : t('faq.count', { count })}
      </p>
      <div aria-busy={shown.isFetching && data === undefined}>{body}</div>
    </Page>
  );
}
