/**
 * Work no screen needs for its first paint (the offline outbox) starts once the first route's
 * screen and texts have loaded and the browser is idle, or after FALLBACK_MS when no screen loads,
 * so no route's first load carries it.
 */

/** Started anyway this long after the page started when no screen has loaded. */
const FALLBACK_MS = 5000;
/** requestIdleCallback's deadline: the work starts within this many ms of the screen loading. */
const IDLE_TIMEOUT_MS = 500;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
const fallback = new Promise<void>((resolve) => setTimeout(resolve, FALLBACK_MS));
const ready = Promise.race([shown, fallback]);

/** The router calls this when a screen's code and texts have loaded (router.tsx `page`). */
export function firstScreenLoaded(): void {
  markShown();
}

const whenIdle = (callback: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(callback, 50);

/** Runs `callback` once the first screen has rendered and the main thread is idle (see above). */
export function afterFirstScreen(callback: () => void): void {
  void ready.then(() => whenIdle(callback));
}
