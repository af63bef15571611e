/** Sign-in calls. */
import type { SessionResponse } from '@diacare/contract/auth';
import type { AccountDeletion, User, UserUpdate } from '@diacare/contract/users';
import { api } from '../api-client';

export const authKeys = { me: ['auth', 'me'] as const };

/** The signed-in user's profile (PUT, DELETE here; Profile's queued edits use it through the outbox). */
export const ME_PATH = '/api/users/me';

/** The browser's IANA time zone, sent at sign-in so doses follow the user's clock. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const exchangeSessionCode = (sessionId: string) =>
  api.post<SessionResponse>('/api/auth/session', { session_id: sessionId, timezone: browserTimeZone() });

export const getMe = () => api.get<User>('/api/auth/me');

export const logoutRequest = () => api.post<{ ok: true }>('/api/auth/logout');

/** PUT /api/users/me: a partial update of the signed-in user's profile; answers the updated user. */
export const updateMeRequest = (patch: UserUpdate) => api.put<User>(ME_PATH, patch);

/** Deletes the signed-in user's account and all its data; the server ends every session. */
export const deleteAccountRequest = () =>
  api.delete<{ ok: true }>(ME_PATH, { confirm: 'DELETE' } satisfies AccountDeletion);

/**
 * Where "Continue with Google" goes: the server's sign-in, coming back to `returnPath` (a path of
 * this app, '/' by default; the server refuses any other origin) on this origin, with `lang`
 * (the active language, 'en' | 'hi') so the server's sign-in and refusal pages speak it.
 */
export function signInUrl(language: 'en' | 'hi', returnPath = '/'): string {
  return `/auth/login?redirect=${encodeURIComponent(`${window.location.origin}${returnPath}`)}&lang=${language}`;
}
