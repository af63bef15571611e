/**
 * DiaCare's own assistant screen: the conversation, suggested questions when it
 * is empty, answers that stream in, a live region that reads each finished answer, and
 * 'Clear conversation'. The page header is the route's.
 */
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Trash2, WifiOff, X } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n/language-provider';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { getAssistantMessagesQueryOptions, useClearConversation } from '../api/assistant';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { useOffline } from '../../../lib/offline/connectivity';
import { Composer } from './composer';
import { AnswerMessage, UserMessage } from './message-item';
import { SuggestedQuestions } from './suggested-questions';

// The confirm dialog (Radix, ~14 KB gzip) loads once the screen is idle (lazyPreloaded), not
// with the screen: it keeps /chat within its 25 KB budget over the shell (bench/chat-weight.mjs).
const ConfirmDialog = lazyPreloaded(() =>
  import('../../../components/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

const scrollToEnd = () => window.scrollTo({ top: document.documentElement.scrollHeight });

/**
 * Keeps the newest message in view: at the end when the history arrives and when the user
 * sends; while an answer streams in or a question is queued (`growth`: answer length plus
 * message count), only if the reader has not scrolled up to older ones.
 */
function useFollowBottom(loaded: boolean, sending: boolean, growth: number) {
  useEffect(() => {
    if (loaded) scrollToEnd();
  }, [loaded]);
  useEffect(() => {
    if (sending) scrollToEnd();
  }, [sending]);
  useEffect(() => {
    const root = document.documentElement;
    if (root.scrollHeight - root.scrollTop - root.clientHeight < 240) scrollToEnd();
  }, [growth]);
}

/** `engineName`: who answers on this server (GET /api/config `assistant.name`), if known. */
export function AssistantChat({ engineName }: { engineName?: string | undefined }) {
  const t = useT();
  const history = useQuery(getAssistantMessagesQueryOptions());
  const { send, pending, error, dismissError, announcement } = useAssistantChat();
  const clear = useClearConversation();
  const offline = useOffline();
  const queued = usePendingMarks();
  const [confirming, setConfirming] = useState(false);

  const messages = history.data?.messages ?? [];
  const sending = pending !== null;
  const empty = history.isSuccess && messages.length === 0 && !sending;
  useFollowBottom(history.isSuccess, sending, (pending?.answer.length ?? 0) + messages.length);
  const messageBox = useRef<HTMLTextAreaElement>(null);

  // A suggested question goes straight out (a message the server never stored is simply
  // lost: it was one tap, unlike typed text, which the box keeps). The tapped button goes
  // away, so focus moves to the message box rather than falling to the page.
  const ask = (question: string) => {
    messageBox.current?.focus();
    void send(question);
  };

  return (
    <>
      <section aria-label={t('assistant.conversation')} className="flex-1">
        {isUnreachable(history) ? (
          <OfflineFirstTime />
        ) : history.isPending ? (
          <p className="py-10 text-center text-slate-500">{t('assistant.loadingConversation')}</p>
        ) : history.isError ? (
          <Card role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
            <CircleAlert className="h-8 w-8 text-red-500" aria-hidden />
            <p className="font-semibold">{t('assistant.loadFailed')}</p>
            <p className="text-sm text-slate-600">{history.error.message}</p>
            <Button variant="outline" onClick={() => void history.refetch()}>
              {t('assistant.tryAgain')}
            </Button>
          </Card>
        ) : empty ? (
          <SuggestedQuestions onAsk={ask} />
        ) : (
          <>
            <ol className="flex flex-col gap-3">
              {messages.map((message) =>
                message.role === 'user' ? (
                  <UserMessage key={message.id} message={message} queued={queued.has(message.id)} />
                ) : (
                  <AnswerMessage key={message.id} message={message} />
                ),
              )}
              {pending ? (
                <>
                  <UserMessage message={pending.user} />
                  <AnswerMessage
                    streaming
                    engineName={engineName}
                    message={{ content: pending.answer, engine: null, links: [], sources: [] }}
                  />
                </>
              ) : null}
            </ol>
            {messages.length > 0 ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={sending || clear.isPending}
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                  {t('assistant.clear')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <Composer onSend={send} sending={sending} textareaRef={messageBox}>
        {offline ? (
          <p
            role="status"
            className="mb-3 flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
            {t('assistant.offline')}
          </p>
        ) : null}
        {error ? (
          <div role="alert" className="mb-3 flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <p className="flex-1">{error}</p>
            <button
              type="button"
              onClick={dismissError}
              aria-label={t('assistant.dismissError')}
              className="-m-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full hover:bg-red-100"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        ) : null}
      </Composer>

      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('assistant.clearTitle')}
            description={t('assistant.clearText')}
            confirmLabel={t('assistant.clearConfirm')}
            onConfirm={() =>
              clear.mutate(undefined, {
                onSuccess: () => messageBox.current?.focus(),
                onError: (failure) =>
                  toast({ title: t('assistant.error'), description: failure.message, variant: 'destructive' }),
              })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
