/**
 * One FAQ article as a disclosure: its title is a button that opens the text with
 * its source. During a search the passage that matched shows under the title, and is marked
 * in the opened text.
 */
import type { FaqArticle as Article } from '@diacare/contract/faq';
import { ChevronDown } from 'lucide-react';
import { useLocale } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';

/** 'YYYY-MM-DD' as a date with its year in the active language ('26 Nov 2026'). */
function reviewedDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function FaqArticle({ article, open, onToggle }: { article: Article; open: boolean; onToggle(): void }) {
  const { t, intlLocale } = useLocale();
  const panelId = `faq-${article.id}`;
  const snippet = article.match === null ? null : article.passages[article.match];
  return (
    <li className="border-b border-slate-200 last:border-b-0">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="-mx-2 flex min-h-11 w-[calc(100%+1rem)] items-center gap-3 rounded-lg px-2 py-3 text-left text-base font-semibold text-slate-900 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <span className="min-w-0 flex-1 wrap-break-word">{article.title}</span>
          <ChevronDown
            className={cn('h-5 w-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
      </h2>
      {snippet && !open ? <p className="-mt-1 mb-3 line-clamp-3 text-sm text-slate-600">{snippet}</p> : null}
      {/* A closed article's text is not rendered at all (hidden, it would not be shown, read out or found). */}
      <div id={panelId} hidden={!open} className="mb-4 space-y-3 text-slate-800">
        {open ? (
          <>
            {article.passages.map((passage, index) => (
              <p
                key={index}
                className={cn(
                  'leading-relaxed',
                  index === article.match && 'rounded-lg bg-amber-50 px-2 py-1 ring-1 ring-amber-200',
                )}
              >
                {passage}
              </p>
            ))}
            <p className="text-sm text-slate-600">
              {t('faq.source', { source: article.source, section: article.section })}
              <br />
              {t('faq.reviewed', { date: reviewedDate(article.reviewed, intlLocale) })}
            </p>
          </>
        ) : null}
      </div>
    </li>
  );
}
