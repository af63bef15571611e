/**
 * The one retry kit of outgoing requests (push, WhatsApp): bounded attempts, exponential backoff
 * (optionally with jitter) and the service's `Retry-After` (RFC 9110 §10.2.3). Each sender says
 * which answers are worth a retry and how a `Retry-After` weighs against its backoff.
 */

/**
 * Parses `Retry-After` (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) into milliseconds
 * from `nowMs` (epoch ms); a date in the past is 0. Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** How long to wait between attempts. */
export interface BackoffPolicy {
  /** The first retry's delay, ms; it doubles after each attempt. */
  baseDelayMs: number;
  /** The longest delay, ms (default: no limit). */
  maxDelayMs?: number;
  /** 'half': half the delay fixed, half random (spreads retries of many senders); default 'none'. */
  jitter?: 'none' | 'half';
}

/**
 * The delay, ms, before the retry that follows attempt `attempt` (1 = the first):
 * min(maxDelayMs, baseDelayMs × 2^(attempt − 1)), with the policy's jitter.
 * @param random a number in [0, 1) (tests pass a fixed one)
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const delay = Math.min(policy.maxDelayMs ?? Infinity, policy.baseDelayMs * 2 ** (attempt - 1));
  return policy.jitter === 'half' ? delay / 2 + random() * (delay / 2) : delay;
}

/** One attempt's answer: its value, and whether it is worth another attempt (with the service's Retry-After, ms). */
export interface AttemptAnswer<T> {
  value: T;
  retry: boolean;
  retryAfterMs?: number | null;
}

/**
 * Why the attempts ended: 'done' (an attempt said not to retry), 'exhausted' (the last attempt
 * failed), 'refused' (the wait it would take is longer than the sender allows), 'stopped' (the
 * sleep was cut short, e.g. the sender is closing).
 */
export type RetryEnd = 'done' | 'exhausted' | 'refused' | 'stopped';

/**
 * Runs `attempt` up to `maxAttempts` times, sleeping `wait(attempt, retryAfterMs)` ms between
 * attempts (null from `wait`: give up now), never after the last.
 * @param options.sleep resolves false when it was cut short (the attempts then end 'stopped')
 * @returns the last attempt's value, the attempts made and why they ended
 */
export async function withRetries<T>(options: {
  maxAttempts: number;
  attempt: (attempt: number) => Promise<AttemptAnswer<T>>;
  wait: (attempt: number, retryAfterMs: number | null) => number | null;
  sleep: (ms: number) => Promise<boolean | void>;
}): Promise<{ value: T; attempts: number; end: RetryEnd }> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await options.attempt(attempt);
    if (!answer.retry) return { value: answer.value, attempts: attempt, end: 'done' };
    if (attempt >= options.maxAttempts) return { value: answer.value, attempts: attempt, end: 'exhausted' };
    const delay = options.wait(attempt, answer.retryAfterMs ?? null);
    if (delay === null) return { value: answer.value, attempts: attempt, end: 'refused' };
    if ((await options.sleep(delay)) === false) return { value: answer.value, attempts: attempt, end: 'stopped' };
  }
}
