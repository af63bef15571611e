/**
 * Wraps every route: auth state, the profile's language, and in-app navigation to '/' on a
 * 401 or sign-out.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { setUnauthorizedHandler } from '../lib/api-client';
import { AuthProvider } from '../lib/auth/auth-provider';
import { ProfileLanguage } from '../lib/i18n/profile-language';

export function RootLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const toLanding = useCallback(() => navigate('/', { replace: true }), [navigate]);
  useEffect(() => setUnauthorizedHandler(toLanding), [toLanding]);
  return (
    <AuthProvider onSignedOut={toLanding}>
      <ProfileLanguage />
      {children}
    </AuthProvider>
  );
}
