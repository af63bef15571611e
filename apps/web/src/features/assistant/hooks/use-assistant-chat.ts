/**
 * Sending a message and following its streamed answer; the finished pair is appended to the cached
 * history. Offline, or when the network fails, the question goes to the outbox with its attempt's
 * Idempotency-Key, shows at once as 'Waiting to sync' and is answered when replayed.
 * Decision 028.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/language-provider';
import { isOffline } from '../../../lib/offline/connectivity';
import { newKey } from '../../../lib/offline/new-key';
import { assistantKeys, queueAssistantMessage, sendAssistantMessage } from '../api/assistant';
import type { AssistantMessage, AssistantMessages } from '../api/types';
import { engineLabel } from '../utils/engine-label';

/** The exchange in flight: the user's message and the answer so far. */
export interface PendingExchange {
  user: AssistantMessage;
  answer: string;
}

export function useAssistantChat() {
  const t = useT();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingExchange | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The last finished answer, for the screen reader's live region. */
  const [announcement, setAnnouncement] = useState('');
  const busy = useRef(false);

  /** Sends `content`; resolves false when it was not sent (so the box can keep the text). */
  const send = useCallback(
    async (content: string): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setError(null);
      setAnnouncement('');
      const optimistic: AssistantMessage = {
        id: 'pending',
        role: 'user',
        content,
        created_at: new Date().toISOString(),
        engine: null,
        links: [],
        sources: [],
      };
      const key = newKey();
      /** Stores the question in the outbox; false (with the reason shown) if that fails too. */
      const queue = async () => {
        setPending(null);
        try {
          await queueAssistantMessage(content, key);
          return true;
        } catch (caught) {
          setError(caught instanceof ApiError ? caught.message : t('assistant.error.generic'));
          return false;
        }
      };
      if (isOffline()) {
        try {
          return await queue();
        } finally {
          busy.current = false;
        }
      }
      setPending({ user: optimistic, answer: '' });
      // Set once the server has stored the user's message (its 'user' line).
      const received: { user: AssistantMessage | null } = { user: null };
      try {
        const answer = await sendAssistantMessage(
          content,
          {
            onUser: (user) => {
              received.user = user;
              setPending((current) => current && { ...current, user });
            },
            onDelta: (text) => setPending((current) => current && { ...current, answer: current.answer + text }),
          },
          key,
        );
        const user = received.user ?? optimistic;
        queryClient.setQueryData<AssistantMessages>(assistantKeys.messages, (history) => ({
          messages: [...(history?.messages ?? []), user, answer],
        }));
        setPending(null);
        setAnnouncement(
          t('assistant.announcement', {
            engine: engineLabel(t, answer.engine),
            answer: answer.content,
          }),
        );
        return true;
      } catch (caught) {
        // No answer from the network (status 0): before the server answered, or cut off mid-answer.
        if (caught instanceof ApiError && caught.status === 0) return await queue();
        setPending(null);
        setError(caught instanceof ApiError ? caught.message : t('assistant.error.generic'));
        if (received.user) void queryClient.invalidateQueries({ queryKey: assistantKeys.messages });
        return received.user !== null;
      } finally {
        busy.current = false;
      }
    },
    [queryClient, t],
  );

  return { send, pending, error, dismissError: () => setError(null), announcement };
}
