/** /api/assistant/messages (issue 11): the conversation history, sending a message, clearing. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { readNdjson } from './ndjson';
import type { AssistantMessage, AssistantMessages, AssistantStreamEvent } from './types';

const PATH = '/api/assistant/messages';
export const assistantMessagesKey = ['assistant', 'messages'] as const;

/** The user's conversation, oldest first. */
export const getAssistantMessagesQueryOptions = () =>
  queryOptions({ queryKey: assistantMessagesKey, queryFn: () => api.get<AssistantMessages>(PATH) });

export interface StreamHandlers {
  /** The server stored the user's message (it now has an id and time). */
  onUser: (message: AssistantMessage) => void;
  /** More of the answer arrived. */
  onDelta: (text: string) => void;
}

/**
 * POSTs `content` and follows the NDJSON answer: calls the handlers as lines arrive and
 * resolves with the finished answer. Fails with an ApiError carrying the server's detail
 * (400, 429, an 'error' line), or a readable message when the connection drops or the
 * answer stops without its 'done' line.
 */
export async function sendAssistantMessage(content: string, handlers: StreamHandlers): Promise<AssistantMessage> {
  const body = await api.stream(PATH, { content });
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

/** The error of a stream that stopped without its 'done' line (the screen shows it translated). */
export const CUT_OFF = 'The answer was cut off. Please try again.';

/** DELETE the conversation; the list becomes empty at once. */
export function useClearConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(PATH),
    onSuccess: () => queryClient.setQueryData<AssistantMessages>(assistantMessagesKey, { messages: [] }),
  });
}
