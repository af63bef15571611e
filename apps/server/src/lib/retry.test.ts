/** The retry kit (retry.ts), pure: Retry-After in both forms, backoff, and when the attempts end. */
import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, withRetries } from './retry.ts';

describe('Retry-After', () => {
  const now = Date.parse('2026-03-29T08:00:00Z');

  it('reads seconds and HTTP dates; a past date is no wait; junk is none', () => {
    expect(parseRetryAfter(' 7 ', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 29 Mar 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 29 Mar 2026 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('backoff', () => {
  it('doubles from the base, up to the limit, with half of it random when asked', () => {
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt, { baseDelayMs: 500 }))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(6, { baseDelayMs: 1000, maxDelayMs: 4000 })).toBe(4000);
    expect(backoffDelay(2, { baseDelayMs: 1000, jitter: 'half' }, () => 0)).toBe(1000);
    expect(backoffDelay(2, { baseDelayMs: 1000, jitter: 'half' }, () => 0.5)).toBe(1500);
  });
});

describe('attempts', () => {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };

  it('stop at an answer not worth a retry, and never sleep after the last attempt', async () => {
    sleeps.length = 0;
    const done = await withRetries({
      maxAttempts: 4,
      attempt: async (n) => ({ value: n, retry: n < 2 }),
      wait: (n) => n * 10,
      sleep,
    });
    expect(done).toEqual({ value: 2, attempts: 2, end: 'done' });
    const exhausted = await withRetries({
      maxAttempts: 3,
      attempt: async (n) => ({ value: n, retry: true }),
      wait: (n) => n * 10,
      sleep,
    });
    expect(exhausted).toEqual({ value: 3, attempts: 3, end: 'exhausted' });
    expect(sleeps).toEqual([10, 10, 20]);
  });

  it("pass the service's Retry-After to the wait, which may refuse it; a cut-short sleep stops", async () => {
    const refused = await withRetries({
      maxAttempts: 3,
      attempt: async () => ({ value: 'x', retry: true, retryAfterMs: 3_600_000 }),
      wait: (_n, retryAfterMs) => (retryAfterMs !== null && retryAfterMs > 1000 ? null : 5),
      sleep,
    });
    expect(refused).toEqual({ value: 'x', attempts: 1, end: 'refused' });
    const stopped = await withRetries({
      maxAttempts: 3,
      attempt: async () => ({ value: 'x', retry: true }),
      wait: () => 5,
      sleep: async () => false,
    });
    expect(stopped).toEqual({ value: 'x', attempts: 1, end: 'stopped' });
  });
});
