/** One message of the conversation: the user's on the right; an answer on the left with its engine, links and sources. */
import { ArrowRight, BookOpen, Bot } from 'lucide-react';
import { Link } from '../../../lib/navigation';
import { PendingMark } from '../../../components/ui/pending-mark';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import type { AssistantLink, AssistantMessage } from '../api/types';
import { engineLabel } from '../utils/engine-label';

/** Only the app's own screens become links: an answer can never send a patient off-site. */
const isAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * The user's message. `queued`: it waits in the outbox, so it carries the 'Waiting
 * to sync' mark and the line that its answer comes once the phone is back online.
 */
export function UserMessage({
  message,
  queued = false,
}: {
  message: Pick<AssistantMessage, 'content'>;
  queued?: boolean;
}) {
  const t = useT();
  return (
    <li className="flex flex-col items-end gap-1" data-queued={queued || undefined}>
      <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-white">
        <span className="sr-only">{t('assistant.message.you')} </span>
        {message.content}
      </p>
      {queued ? (
        <div className="flex max-w-[85%] flex-col items-end gap-1 text-right">
          <PendingMark />
          <p className="text-xs text-slate-600">{t('assistant.queued')}</p>
        </div>
      ) : null}
    </li>
  );
}

export function AnswerMessage({
  message,
  streaming = false,
  engineName,
}: {
  message: Pick<AssistantMessage, 'content' | 'engine' | 'links' | 'sources'>;
  /** While streaming: who is answering, if the server said (GET /api/config). */
  streaming?: boolean;
  engineName?: string | undefined;
}) {
  const t = useT();
  const engine = engineLabel(t, streaming ? engineName : message.engine);
  const links = message.links.filter((link: AssistantLink) => isAppPath(link.href));
  return (
    <li className="flex justify-start" aria-busy={streaming || undefined}>
      <article
        className="w-full max-w-[92%] rounded-2xl rounded-bl-md border border-slate-200 bg-white px-4 py-3 shadow-sm"
        aria-label={streaming ? t('assistant.message.inProgress') : t('assistant.message.from', { engine })}
      >
        <p className="mb-1.5 flex items-center gap-1.5 text-xs font-medium text-primary-dark">
          <Bot className="h-4 w-4" aria-hidden />
          {streaming ? t('assistant.engine.answering', { engine }) : engine}
        </p>
        {message.content ? (
          <p className="whitespace-pre-wrap break-words text-slate-800">{message.content}</p>
        ) : (
          <p className="flex gap-1 py-2">
            <span className="sr-only">{t('assistant.message.thinking')}</span>
            {[0, 1, 2].map((dot) => (
              <span
                key={dot}
                aria-hidden
                className="h-2 w-2 animate-bounce rounded-full bg-slate-400"
                style={{ animationDelay: `${dot * 150}ms` }}
              />
            ))}
          </p>
        )}
        {links.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('assistant.message.links')}>
            {links.map((link) => (
              <li key={link.href + link.label}>
                <Link
                  to={link.href}
                  className="inline-flex min-h-9 items-center gap-1 rounded-full bg-primary-light px-3 text-sm font-semibold text-primary-dark hover:bg-teal-200"
                >
                  {link.label}
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {message.sources.length > 0 ? (
          <div className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-600">
            <p className="flex items-center gap-1 font-semibold text-slate-700">
              <BookOpen className="h-3.5 w-3.5" aria-hidden />
              {t('assistant.message.sources', { count: message.sources.length })}
            </p>
            <ul className={cn('mt-1 space-y-0.5')}>
              {message.sources.map((source) => (
                <li key={source.title + source.section} data-testid="assistant-source">
                  {source.title}
                  {source.section ? ` — ${source.section}` : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </article>
    </li>
  );
}
