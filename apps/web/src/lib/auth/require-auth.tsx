/**
 * The route guard: without the isAuthenticated flag go to '/'; without what the screen's access
 * asks go to /profile-setup. `profile`: a completed patient profile; `circle`: a completed profile
 * or membership of a care circle (a caregiver needs no patient profile, decision 076). Flags are
 * read synchronously, so guarded screens render at once; the guard renders again when the auth
 * state changes, so sign-out leaves at once.
 */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { readFlag } from '../local-flags';
import { useAuth } from './auth-provider';

/** What a guarded screen needs beyond being signed in. */
export type GuardedAccess = 'signed-in' | 'circle' | 'profile';

/** True when this device's signed-in user meets `access` (flags only; no request). */
export function meetsAccess(access: GuardedAccess): boolean {
  if (!readFlag('isAuthenticated')) return false;
  if (access === 'signed-in' || readFlag('profileCompleted')) return true;
  return access === 'circle' && readFlag('careMember');
}

/**
 * True for a signed-in user who follows someone and has no patient profile: the caregiver Home,
 * short Profile and navigation (decision 076). Completing the profile ends it.
 */
export function isCaregiverOnly(): boolean {
  return readFlag('isAuthenticated') && readFlag('careMember') && !readFlag('profileCompleted');
}

export function RequireAuth({ children, access = 'profile' }: { children: ReactNode; access?: GuardedAccess }) {
  useAuth();
  if (!readFlag('isAuthenticated')) return <Redirect to="/" replace />;
  if (!meetsAccess(access)) return <Redirect to="/profile-setup" replace />;
  return <>{children}</>;
}
