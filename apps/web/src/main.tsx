/**
 * The entry: the stylesheet, the install offer's listener, and the app (boot.tsx) started once
 * the app shell of index.html has been painted, so the first paint never waits for the app's
 * JavaScript to run. index.html preloads boot's chunk, so it downloads meanwhile (decision 057).
 */
import { captureInstallPrompt } from './features/install/install-prompt-event';
import { warmFirstScreenFonts } from './lib/fonts/first-screen-fonts';
import './index.css';

// Chrome offers native install once per page load, possibly before Home is on screen.
captureInstallPrompt();

// The browser's locale data is built on another core while the app downloads (decision 061).
if (typeof Worker === 'function') {
  new Worker(new URL('./lib/i18n/intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
}

// React first, the app's own modules in the next task: two shorter tasks instead of one long one.
const start = () => {
  import('react-dom/client')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./boot'))
    .catch((error: unknown) => console.error('DiaCare could not start', error));
};
// A frame callback runs before that frame's paint, a task queued from it after the paint. A page
// opened in the background gets no frames, so it starts at once (and has no screen to warm fonts
// for yet).
if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => {
    setTimeout(start, 0);
    // While the app's code downloads: the fonts of its first screen (decision 070).
    warmFirstScreenFonts();
  });
} else start();
