/** /api/assistant/messages: the conversation history, sending a message, clearing. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { outboxWrite, registerApplier } from '../../../lib/offline/lazy-outbox';
import { persistCacheNow } from '../../../lib/offline/persist';
import { readNdjson } from './ndjson';
import type { AssistantMessage, AssistantMessages, AssistantStreamEvent } from './types';

const PATH = '/api/assistant/messages';
export const assistantKeys = { messages: ['assistant', 'messages'] as const };

/** The user's conversation, oldest first. */
export const getAssistantMessagesQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.messages, queryFn: () => api.get<AssistantMessages>(PATH) });

export interface StreamHandlers {
  /** The server stored the user's message (it now has an id and time). */
  onUser: (message: AssistantMessage) => void;
  /** More of the answer arrived. */
  onDelta: (text: string) => void;
}

/**
 * POSTs `content` and follows the NDJSON answer: calls the handlers as lines arrive and
 * resolves with the finished answer. `key`, when given, is sent as the Idempotency-Key, so the
 * outbox can repeat the question after a network failure without the server storing it twice.
 * Fails with an ApiError carrying the server's detail (400, 429, an 'error' line), or a
 * readable message with status 0 when there is no network, the connection drops or the answer
 * stops without its 'done' line.
 */
export async function sendAssistantMessage(
  content: string,
  handlers: StreamHandlers,
  key?: string,
): Promise<AssistantMessage> {
  const body = await api.stream(PATH, { content }, key ? { 'Idempotency-Key': key } : undefined);
  try {
    for await (const event of readNdjson<AssistantStreamEvent>(body)) {
      if (event.type === 'user') handlers.onUser(event.message);
      else if (event.type === 'delta') handlers.onDelta(event.text);
      else if (event.type === 'done') return event.message;
      else if (event.type === 'error') throw new ApiError(event.detail || t('common.requestFailed'), 200);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.warn('The answer stream broke off.', error);
  }
  throw new ApiError(CUT_OFF, 0);
}

/** The error of a stream that stopped without its 'done' line (status 0: the screen queues the question). */
export const CUT_OFF = 'The answer was cut off. Please try again.';

/** The outbox's kind for clearing the conversation. */
const CLEAR_KIND = 'assistant-clear';

/**
 * Clearing waits in the outbox: until the server has it, the conversation shows empty, with only
 * the questions asked after it. An ordinary applier, so it runs again on every fresh answer.
 */
registerApplier(CLEAR_KIND, {
  keys: [assistantKeys.messages],
  apply: () => ({ messages: [] }) satisfies AssistantMessages,
});

/**
 * DELETE the conversation through the outbox. The DELETE is stored on this device first, then
 * the emptied list is saved at once, then it is sent: a reload at any moment neither shows the
 * deleted conversation again nor loses the clearing (the outbox sends it after the reload).
 * A refused DELETE is dropped and the conversation refetched; offline it waits in the outbox.
 */
export function useClearConversation() {
  return useMutation({
    // The outbox decides when it is sent: offline too, it is stored and shown at once.
    networkMode: 'always',
    mutationFn: () =>
      outboxWrite(
        { kind: CLEAR_KIND, method: 'DELETE', path: PATH, label: t('assistant.outbox.clear') },
        () => null,
        persistCacheNow,
      ),
  });
}

/** The outbox's kind for a question to the assistant. */
const OUTBOX_KIND = 'assistant';

/** A question as the conversation shows it before the server has it: its id is the outbox key. */
function queuedQuestion(key: string, content: string, createdAt: number): AssistantMessage {
  return {
    id: key,
    role: 'user',
    content,
    created_at: new Date(createdAt).toISOString(),
    engine: null,
    links: [],
    sources: [],
  };
}

/**
 * Questions in the outbox: each shows at once at the end of the cached
 * conversation, once (its id is the outbox key). When the outbox replays one, the server stores
 * it and answers it; the conversation is then refetched and shows both.
 */
registerApplier(OUTBOX_KIND, {
  keys: [assistantKeys.messages],
  apply(data, entry) {
    const history = data as AssistantMessages;
    if (history.messages.some((message) => message.id === entry.key)) return data;
    const { content } = entry.body as { content: string };
    return { messages: [...history.messages, queuedQuestion(entry.key, content, entry.created_at)] };
  },
});

/**
 * Puts a question in the outbox (offline, or after its POST failed on the network). `key` is
 * the Idempotency-Key the failed attempt used, so a question the server did receive is not
 * stored twice: the repeat gets the first answer. Resolves once it is stored on this device
 * (or, when the server answers within the outbox's wait, once it is sent); rejects with an
 * ApiError when the server refuses it or no user is known.
 */
export async function queueAssistantMessage(content: string, key: string): Promise<void> {
  await outboxWrite(
    { kind: OUTBOX_KIND, key, method: 'POST', path: PATH, body: { content }, label: t('assistant.outbox.question') },
    (queued) => queued,
  );
}
