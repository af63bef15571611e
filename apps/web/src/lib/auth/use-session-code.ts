/**
 * The return from sign-in: the server sends the browser back to the page sign-in started from
 * with a one-time code in `#session_id=` (docs/architecture.md, Sign-in). Landing and the join
 * screen both read it here, once per page load.
 */
import type { User } from '@diacare/contract/users';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from './auth-provider';

function readSessionId(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('session_id');
}

/** Drops the fragment, so a reload or a shared address never carries the spent code. */
function clearFragment(): void {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
}

/**
 * Exchanges the page's `#session_id=` code for a session, then calls `onSignedIn` with the user;
 * a refused code sets `failed` (logged). `hasCode`: the page came back from sign-in;
 * `signingIn`: the exchange is under way (false once signed in or refused).
 */
export function useSessionCode(onSignedIn: (user: User) => void): {
  hasCode: boolean;
  signingIn: boolean;
  failed: boolean;
} {
  const { login } = useAuth();
  const [sessionId] = useState(readSessionId);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const signedIn = useRef(onSignedIn);
  // The latest callback, set before the exchange's effect below runs (effects run in order).
  useEffect(() => {
    signedIn.current = onSignedIn;
  });

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    login(sessionId)
      .then((user) => {
        clearFragment();
        setDone(true);
        signedIn.current(user);
      })
      .catch((error: unknown) => {
        console.error('Login failed', error);
        clearFragment();
        setFailed(true);
      });
  }, [sessionId, login]);

  return { hasCode: Boolean(sessionId), signingIn: Boolean(sessionId) && !failed && !done, failed };
}
