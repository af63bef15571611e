/**
 * The route guard: without the isAuthenticated flag go to '/';
 * when a completed profile is required (the default) and the profileCompleted flag is
 * not set, go to /profile-setup. The flags are read synchronously, so guarded screens
 * render at once and fetch their data in parallel with the user.
 */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { readFlag } from '../local-flags';

export function RequireAuth({ children, requireProfile = true }: { children: ReactNode; requireProfile?: boolean }) {
  if (!readFlag('isAuthenticated')) return <Redirect to="/" replace />;
  if (requireProfile && !readFlag('profileCompleted')) return <Redirect to="/profile-setup" replace />;
  return <>{children}</>;
}
