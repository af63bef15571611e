/**
 * Work no screen needs for its first paint waits for the first screen: the offline outbox until
 * it is shown, the dialogs' code until its data has answered too. Pieces run one per idle period,
 * in order, each after the previous one has loaded, so none competes with the screen; at the
 * latest FALLBACK_MS after the page started. Decision 059.
 */

/** Started anyway this long after the page started, when no screen is complete by then. */
const FALLBACK_MS = 5000;
/** requestIdleCallback's deadline: each piece starts within this many ms of the previous one. */
const IDLE_TIMEOUT_MS = 500;

let markShown: () => void = () => undefined;
let markComplete: () => void = () => undefined;
const fallback = new Promise<void>((resolve) => setTimeout(resolve, FALLBACK_MS));
const shown = Promise.race([fallback, new Promise<void>((resolve) => (markShown = resolve))]);
const complete = Promise.race([fallback, new Promise<void>((resolve) => (markComplete = resolve))]);
let screenShown = false;

/**
 * The router calls this once a screen has committed, with a function whose promise resolves when
 * the data it asked for has answered (or failed, or paused offline). Only the first call counts.
 */
export function firstScreenShown(dataSettled: () => Promise<void>): void {
  if (screenShown) return;
  screenShown = true;
  markShown();
  void dataSettled().then(markComplete);
}

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 50);
  });

/** When a piece may start: once the first screen is shown, or once its data has answered too. */
export type Stage = 'shown' | 'complete';

const queue: Array<{ piece: () => unknown; stage: Stage }> = [];
let draining = false;

/** Runs the queued pieces in order, each at its stage, in an idle period after the previous one settled. */
async function drain(): Promise<void> {
  if (draining) return;
  draining = true;
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (next.stage === 'complete') await complete;
    await whenIdle();
    // A piece's failure is its own to report (a preload retries at the tap); the next one runs.
    await Promise.resolve()
      .then(next.piece)
      .catch(() => undefined);
  }
  draining = false;
}

/**
 * Runs `piece` at `stage` of the first screen ('complete' unless told) when the main thread is
 * idle, after every piece queued before it has settled (see above). `piece` may return a
 * promise: the next waits for it.
 */
export function afterFirstScreen(piece: () => unknown, stage: Stage = 'complete'): void {
  queue.push({ piece, stage });
  void shown.then(drain);
}
