/**
 * The app root: language, server-state cache, routes and the single toaster. Routes render once
 * the signed-in user's saved cache is restored, so no screen flashes empty before its saved data
 * arrives; the write outbox loads after the first screen.
 * Decision 027.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { LanguageProvider } from '../lib/i18n/language-provider';
import { readFlag } from '../lib/local-flags';
import { loadOutboxAfterFirstScreen } from '../lib/offline/lazy-outbox';
import { cacheRestored, queryClient } from '../lib/query-client';
import { AppRoutes } from './router';

// The last signed-in user's stored writes show and replay once the first screen is up (offline
// too, before /api/auth/me can answer); signed out, the outbox loads at sign-in or a first write.
if (readFlag('isAuthenticated')) loadOutboxAfterFirstScreen();

export function App() {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    // A transition, like the first render (boot.tsx): the routes render in slices, not one long task.
    void cacheRestored.finally(() => startTransition(() => setRestored(true)));
  }, []);
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        {restored ? <AppRoutes /> : null}
        <Toaster />
      </QueryClientProvider>
    </LanguageProvider>
  );
}
