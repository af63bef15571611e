/**
 * Auth state: loading, signed in or out. Logout stops this device's push, then always clears the
 * user, the flags and the user's outbox, even when the server call fails. The query cache saved on
 * the device belongs to the signed-in user: sign-in adopts it, sign-out deletes it. Decision 027.
 */
import type { User } from '@diacare/contract/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../api-client';
import { readFlag, setFlag } from '../local-flags';
import { clearOutbox, setOutboxUser } from '../offline/lazy-outbox';
import { adoptCacheOwner, forgetPersistedCache } from '../offline/persist';
import { unsubscribeThisDevice } from '../push-cleanup';
import { authKeys, deleteAccountRequest, exchangeSessionCode, getMe, logoutRequest } from './auth-api';
// Profile edits waiting in the outbox show in the signed-in user from the start.
import './profile-outbox';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Exchanges the one-time code from `#session_id=`; resolves with the user. */
  login(sessionId: string): Promise<User>;
  logout(): Promise<void>;
  /**
   * Deletes the account (DELETE /api/users/me with { confirm: "DELETE" }; decision 021):
   * stops this device's push first (while the session exists), then clears the local flags
   * and caches and goes to '/'. Rejects, changing nothing here, when the server refuses.
   */
  deleteAccount(): Promise<void>;
  /**
   * Merges a server response or a change being saved into the current user (docs/product.md: a partial
   * update merges); a /me request in flight is cancelled so its older answer cannot undo it.
   */
  updateUser(user: Partial<User>): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  const [flagged, setFlagged] = useState(() => readFlag('isAuthenticated'));
  // Asked again at every start: a user restored from the saved cache may be older than
  // a change made just before a reload (a unit, a name).
  const me = useQuery({
    queryKey: authKeys.me,
    queryFn: getMe,
    enabled: flagged,
    staleTime: 5 * 60_000,
    refetchOnMount: 'always',
    retry: false,
  });

  // A refused /me means the session is gone: drop the stored flags (the status below is already
  // signed-out; the next person must not skip profile setup). The outbox stays: it belongs to
  // its user and replays only when they sign in again. An unreachable server (offline, status 0) is not a sign-out: the app shell
  // stays, and the query runs again when the network returns.
  const sessionLost = me.isError && !(me.error instanceof ApiError && me.error.status === 0);
  useEffect(() => {
    if (!sessionLost) return;
    setFlag('isAuthenticated', false);
    setFlag('profileCompleted', false);
    setFlag('careMember', false);
  }, [sessionLost]);

  // The outbox and the saved cache follow the signed-in user: their stored writes
  // show and replay, and their saved data is theirs alone.
  const userId = me.data?.id;
  useEffect(() => {
    if (!userId) return;
    void adoptCacheOwner(queryClient, userId);
    void setOutboxUser(userId);
  }, [queryClient, userId]);

  const login = useCallback(
    async (sessionId: string) => {
      const { user } = await exchangeSessionCode(sessionId);
      await adoptCacheOwner(queryClient, user.id);
      queryClient.setQueryData(authKeys.me, user);
      void setOutboxUser(user.id, true);
      setFlag('isAuthenticated', true);
      setFlagged(true);
      return user;
    },
    [queryClient],
  );

  const forgetUser = useCallback(() => {
    setFlag('isAuthenticated', false);
    setFlag('profileCompleted', false);
    setFlag('careMember', false);
    // Committed at once: the guarded screen (RequireAuth) leaves before the cache is cleared, so
    // its queries do not ask again without a session.
    flushSync(() => setFlagged(false));
    void clearOutbox();
    void forgetPersistedCache();
    queryClient.clear();
    onSignedOut();
  }, [queryClient, onSignedOut]);

  const logout = useCallback(async () => {
    await unsubscribeThisDevice();
    try {
      await logoutRequest();
    } catch (error) {
      console.error('Logout failed on the server; signing out here anyway.', error);
    }
    forgetUser();
  }, [forgetUser]);

  const deleteAccount = useCallback(async () => {
    await unsubscribeThisDevice();
    await deleteAccountRequest();
    forgetUser();
  }, [forgetUser]);

  const updateUser = useCallback(
    (patch: Partial<User>) => {
      // A /me still in flight was answered before this change (e.g. the refetch of a user restored
      // from the saved cache): cancelled, so its older user cannot overwrite the change. Cancelling
      // keeps the data shown; the change's write refetches /me once the server has it.
      if (queryClient.getQueryData(authKeys.me)) void queryClient.cancelQueries({ queryKey: authKeys.me });
      queryClient.setQueryData<User>(authKeys.me, (old) => (old ? { ...old, ...patch } : old));
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(() => {
    const status: AuthStatus = !flagged || sessionLost ? 'signed-out' : me.data ? 'signed-in' : 'loading';
    return {
      status,
      user: status === 'signed-in' ? (me.data ?? null) : null,
      login,
      logout,
      deleteAccount,
      updateUser,
    };
  }, [flagged, sessionLost, me.data, login, logout, deleteAccount, updateUser]);
  // The first /me answer of a start without a saved user re-renders everything that reads the
  // user: in a deferred render, in slices (decision 063). Signing in or out, and changes to a
  // signed-in user, apply at once.
  const deferred = useDeferredValue(value);
  const shown = value.status === 'signed-in' && deferred.status === 'loading' ? deferred : value;

  return <AuthContext.Provider value={shown}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

let browserZone: string | undefined;

/**
 * The signed-in user's IANA zone (docs/product.md: dates and dose times follow it), else the
 * browser's, read once per page load (each read builds an Intl.DateTimeFormat, and every screen's
 * components ask while the profile loads).
 */
export function useUserZone(): string {
  const { user } = useAuth();
  return user?.timezone ?? (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
}
