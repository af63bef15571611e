/// <reference types="vite-plugin-pwa/vanillajs" />
/** The app's start, loaded by main.tsx once the app shell is painted: theme, first language, React. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { afterFirstScreen } from './lib/after-first-screen';
import { activateLanguage, initialLanguage } from './lib/i18n/i18n';
import { initTheme } from './lib/theme';

/** docs/product.md: the service worker checks for a new version every 60000 ms. */
const SW_UPDATE_CHECK_MS = 60_000;

initTheme();

// The screen at this address starts loading now, beside the texts, not after the first render
// (decision 059).
preloadScreen(location.pathname);

// The first screen renders in its language: this device's choice, else the browser's (the
// profile's, once known, may switch it; decision 023). Only that language's catalog is fetched.
// (A promise, not a top-level await: with one, the bundler splits the entry into many chunks.)
// The first render is a transition: React renders it in slices of a few milliseconds instead of
// one long task, so a slow phone stays responsive while the first screen is built (Lighthouse's
// Total Blocking Time; decision 033); the app shell from index.html stays until it commits.
void activateLanguage(initialLanguage()).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

/**
 * Registers /sw.js from the site root and checks for updates every 60 s. A failure is logged only.
 * It starts once the first screen is shown (decision 104): its code and the worker's precache of the
 * whole app then take nothing from the first screen's downloads and main thread.
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  import('virtual:pwa-register')
    .then(({ registerSW }) =>
      registerSW({
        immediate: true,
        onRegisteredSW(_url, registration) {
          if (!registration) return;
          // The notification's Takes queued offline go out for whoever is signed in now
          // (sw/sw-offline-take.ts): at each start (a sign-in ends on a new page) and when back online.
          const replayTakes = () => registration.active?.postMessage({ type: 'REPLAY_TAKES' });
          replayTakes();
          window.addEventListener('online', replayTakes);
          setInterval(() => {
            if (!registration.installing && navigator.onLine) {
              registration
                .update()
                .catch((error: unknown) => console.warn('Service worker update check failed', error));
            }
          }, SW_UPDATE_CHECK_MS);
        },
        onRegisterError(error) {
          console.error('Service worker registration failed', error);
        },
      }),
    )
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}

afterFirstScreen(registerServiceWorker, 'shown');
