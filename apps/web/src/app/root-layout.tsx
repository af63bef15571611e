/**
 * Wraps every route: auth state, the profile's language, in-app navigation to '/' on a
 * 401 or sign-out, and a member's live care alerts.
 */
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { afterFirstScreen } from '../lib/after-first-screen';
import { setUnauthorizedHandler } from '../lib/api-client';
import { AuthProvider, useAuth } from '../lib/auth/auth-provider';
import { ProfileLanguage } from '../lib/i18n/profile-language';

/**
 * The toast of a new care alert on whatever screen is open (decision 075), for a signed-in user;
 * its code loads once the first screen has its data, off the first screen's JavaScript.
 */
function CareAlertsWhileOpen() {
  const signedIn = useAuth().status === 'signed-in';
  const [Watcher, setWatcher] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!signedIn || Watcher) return;
    afterFirstScreen(() =>
      import('../features/care/components/care-alert-watcher').then((module) =>
        setWatcher(() => module.CareAlertWatcher),
      ),
    );
  }, [signedIn, Watcher]);
  return signedIn && Watcher ? <Watcher /> : null;
}

export function RootLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const toLanding = useCallback(() => navigate('/', { replace: true }), [navigate]);
  useEffect(() => setUnauthorizedHandler(toLanding), [toLanding]);
  return (
    <AuthProvider onSignedOut={toLanding}>
      <ProfileLanguage />
      <CareAlertsWhileOpen />
      {children}
    </AuthProvider>
  );
}
