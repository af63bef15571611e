/**
 * The route guard: without the isAuthenticated flag go to '/'; without profileCompleted (when
 * required, the default) go to /profile-setup. Flags are read synchronously, so guarded screens
 * render at once; the guard renders again when the auth state changes, so sign-out leaves at once.
 */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { readFlag } from '../local-flags';
import { useAuth } from './auth-provider';

export function RequireAuth({ children, requireProfile = true }: { children: ReactNode; requireProfile?: boolean }) {
  useAuth();
  if (!readFlag('isAuthenticated')) return <Redirect to="/" replace />;
  if (requireProfile && !readFlag('profileCompleted')) return <Redirect to="/profile-setup" replace />;
  return <>{children}</>;
}
