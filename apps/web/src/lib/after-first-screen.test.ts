/**
 * after-first-screen.ts with a fake clock (Node has no requestIdleCallback, so each piece waits
 * 50 ms): nothing runs before the first screen is shown, and a 'complete' piece not before its
 * data has answered; pieces run one at a time in the order queued, each after the previous one
 * settled; a failure does not stop the rest; with no screen by then they start 5 s after the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AfterFirstScreen from './after-first-screen';

/** A fresh copy of the module: its queue and its first-screen state are per page load. */
async function freshModule(): Promise<typeof AfterFirstScreen> {
  vi.resetModules();
  return import('./after-first-screen');
}

/** A promise with its resolve and reject outside. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the screen and its data, then runs one piece at a time in order', async () => {
    const { afterFirstScreen, firstScreenShown } = await freshModule();
    const log: string[] = [];
    const outboxLoad = deferred();
    afterFirstScreen(() => {
      log.push('outbox start');
      return outboxLoad.promise.then(() => log.push('outbox loaded'));
    }, 'shown');
    afterFirstScreen(() => log.push('dialog start'));

    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual([]);

    // Shown: the outbox starts; the dialog waits for the screen's data and for the outbox.
    const data = deferred();
    firstScreenShown(() => data.promise);
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['outbox start']);
    outboxLoad.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['outbox start', 'outbox loaded']);

    data.resolve();
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['outbox start', 'outbox loaded', 'dialog start']);

    // Queued later, a piece still runs, after an idle wait of its own.
    afterFirstScreen(() => log.push('late'));
    await vi.advanceTimersByTimeAsync(50);
    expect(log.at(-1)).toBe('late');
  });

  it('runs a piece only after the one queued before it has loaded, however long that takes', async () => {
    const { afterFirstScreen, firstScreenShown } = await freshModule();
    const log: string[] = [];
    const slowLoad = deferred();
    afterFirstScreen(() => slowLoad.promise.then(() => log.push('first loaded')));
    afterFirstScreen(() => log.push('second'));
    firstScreenShown(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(3000);
    expect(log).toEqual([]);
    slowLoad.resolve();
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['first loaded', 'second']);
  });

  it('goes on after a piece that fails', async () => {
    const { afterFirstScreen, firstScreenShown } = await freshModule();
    const log: string[] = [];
    afterFirstScreen(() => Promise.reject(new Error('offline')));
    afterFirstScreen(() => {
      throw new Error('broken');
    });
    afterFirstScreen(() => log.push('third'));
    firstScreenShown(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toEqual(['third']);
  });

  it('starts 5 s after the page when no screen is complete, and counts only the first screen shown', async () => {
    const { afterFirstScreen, firstScreenShown } = await freshModule();
    const log: string[] = [];
    afterFirstScreen(() => log.push('piece'));
    await vi.advanceTimersByTimeAsync(4900);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toEqual(['piece']);
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    firstScreenShown(first);
    firstScreenShown(second);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});
