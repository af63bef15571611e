/**
 * Web Push transport: encrypts a payload for one subscription (RFC 8291, aes128gcm) and posts it
 * with TTL, Urgency and Topic (RFC 8030), with bounded concurrency and retries. The VAPID token
 * (RFC 8292) is reused per push-service origin until near expiry: signing is most of the CPU.
 * Decision 014.
 */
import { createHash } from 'node:crypto';
import https from 'node:https';
import webpush from 'web-push';
import { backoffDelay, parseRetryAfter, withRetries } from '../../lib/retry.ts';

/** A browser's push subscription (PushSubscription.toJSON()): endpoint and its keys, base64url. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Per-message protocol options (RFC 8030 §5.2–5.4). */
export interface PushOptions {
  /** Seconds the push service may hold the message for an offline device; match the dose window. */
  ttlSeconds: number;
  /** Replaces a still-undelivered message with the same topic; hashed when not ≤ 32 base64url characters. */
  topic?: string;
  /** Defaults to 'high': a dose reminder should wake the device. */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/**
 * - delivered: the push service accepted the message (200/201/202).
 * - gone: 404/410, the subscription no longer exists; the caller deletes it.
 * - failed: any other answer, or retries exhausted; `status` is null for network errors.
 */
export type PushResult =
  | { outcome: 'delivered'; status: number }
  | { outcome: 'gone'; status: number }
  | { outcome: 'failed'; status: number | null; error: string };

/** The application server's VAPID key pair (base64url, uncompressed P-256) and contact URL. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL the push service can contact (RFC 8292 §2.1). */
  subject: string;
}

export interface PushSender {
  /** Encrypts and sends one message. Never throws for push-service or network errors. */
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult>;
  /** Cancels pending retries (they resolve as failed), waits for requests in flight, closes sockets. */
  close(): Promise<void>;
}

const DEFAULT_CONCURRENCY = 64;
const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;
const BASE_RETRY_DELAY_MS = 1_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** VAPID tokens are signed for 12 h (web-push's default) and replaced when under 1 h remains. */
const VAPID_TOKEN_LIFETIME_S = 12 * 60 * 60;
const VAPID_REFRESH_BEFORE_S = 60 * 60;

/**
 * Caches the VAPID `Authorization` header per push-service origin (RFC 8292 §2: the JWT
 * names the origin in `aud`, so one token serves all of that origin's endpoints).
 * @param nowMs wall-clock milliseconds; the push service checks `exp` against real time.
 * @throws Error from web-push when the keys or subject are malformed.
 */
export function createVapidHeaderCache(
  vapid: VapidKeys,
  nowMs: () => number = Date.now,
): { authorization(origin: string): string } {
  const cache = new Map<string, { header: string; expiresAtS: number }>();
  return {
    authorization(origin) {
      const nowS = Math.floor(nowMs() / 1000);
      const cached = cache.get(origin);
      if (cached && cached.expiresAtS - nowS > VAPID_REFRESH_BEFORE_S) return cached.header;
      const expiresAtS = nowS + VAPID_TOKEN_LIFETIME_S;
      const { Authorization } = webpush.getVapidHeaders(
        origin,
        vapid.subject,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
        expiresAtS,
      );
      cache.set(origin, { header: Authorization, expiresAtS });
      return Authorization;
    },
  };
}

const TOPIC_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * RFC 8030 §5.4 allows at most 32 characters of the URL-safe base64 alphabet: a valid topic
 * is kept as is, anything else becomes the first 32 characters (192 bits) of its SHA-256.
 */
export function toTopic(topic: string): string {
  if (TOPIC_PATTERN.test(topic)) return topic;
  return createHash('sha256').update(topic).digest('base64url').slice(0, 32);
}

function validateVapid(vapid: VapidKeys): void {
  let subject: URL;
  try {
    subject = new URL(vapid.subject);
  } catch {
    throw new Error(`VAPID subject must be a mailto: or https: URL, got "${vapid.subject}"`);
  }
  if (subject.protocol !== 'mailto:' && subject.protocol !== 'https:') {
    throw new Error(`VAPID subject must be a mailto: or https: URL, got "${vapid.subject}"`);
  }
  if (Buffer.from(vapid.publicKey, 'base64url').length !== 65) {
    throw new Error('VAPID public key must be 65 bytes (uncompressed P-256 point), base64url');
  }
  if (Buffer.from(vapid.privateKey, 'base64url').length !== 32) {
    throw new Error('VAPID private key must be 32 bytes, base64url');
  }
}

/** A counting semaphore: at most `limit` holders at once, waiters served in order. */
function createSemaphore(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async acquire(): Promise<void> {
      if (active < limit) {
        active += 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    },
  };
}

interface HttpAnswer {
  status: number;
  statusText: string;
  retryAfter: string | undefined;
}

function post(url: URL, headers: Record<string, string | number>, body: Buffer, agent: https.Agent) {
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = https.request(url, { method: 'POST', headers, agent, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      // Drain the body so that the keep-alive socket returns to the pool.
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          retryAfter: response.headers['retry-after'],
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Creates a sender.
 * @param options.vapid the server's VAPID keys.
 * @param options.concurrency requests in flight at most, over all origins (default 64).
 * @param options.maxAttempts attempts per message, the first included (default 4).
 * @param options.maxRetryDelayMs longest wait before a retry (default 30 000 ms); a
 *   `Retry-After` longer than this is honoured by giving up (failed) rather than retrying early.
 * @throws Error when the VAPID keys or subject are malformed.
 */
export function createPushSender(options: {
  vapid: VapidKeys;
  concurrency?: number;
  maxAttempts?: number;
  maxRetryDelayMs?: number;
}): PushSender {
  validateVapid(options.vapid);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  const vapidHeaders = createVapidHeaderCache(options.vapid);
  const semaphore = createSemaphore(concurrency);
  // One pool of keep-alive TLS connections: a handshake per connection, not per message.
  const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency });
  const closing = new AbortController();
  const inFlight = new Set<Promise<PushResult>>();

  function sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (closing.signal.aborted) return resolve(false);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        closing.signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      closing.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async function deliver(target: PushTarget, payload: string, pushOptions: PushOptions): Promise<PushResult> {
    let url: URL;
    let body: Buffer;
    let authorization: string;
    try {
      url = new URL(target.endpoint);
      if (url.protocol !== 'https:') return { outcome: 'failed', status: null, error: 'endpoint is not https' };
      body = webpush.encrypt(target.keys.p256dh, target.keys.auth, payload, 'aes128gcm').cipherText;
      authorization = vapidHeaders.authorization(url.origin);
    } catch (error) {
      return { outcome: 'failed', status: null, error: `cannot prepare message: ${(error as Error).message}` };
    }
    const startedAtMs = Date.now();
    const topic = pushOptions.topic === undefined ? undefined : toTopic(pushOptions.topic);
    let refusedWaitMs = 0;
    const { value, end } = await withRetries<PushResult>({
      maxAttempts,
      attempt: async () => {
        // A retry keeps the original deadline: TTL counts down from the first attempt.
        const elapsedS = Math.floor((Date.now() - startedAtMs) / 1000);
        const headers: Record<string, string | number> = {
          TTL: Math.max(0, Math.floor(pushOptions.ttlSeconds) - elapsedS),
          Urgency: pushOptions.urgency ?? 'high',
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          'Content-Length': body.length,
          Authorization: authorization,
          ...(topic ? { Topic: topic } : {}),
        };
        await semaphore.acquire();
        try {
          const answer = await post(url, headers, body, agent);
          if (answer.status >= 200 && answer.status < 300) {
            return { value: { outcome: 'delivered', status: answer.status }, retry: false };
          }
          if (answer.status === 404 || answer.status === 410) {
            return { value: { outcome: 'gone', status: answer.status }, retry: false };
          }
          const failed: PushResult = {
            outcome: 'failed',
            status: answer.status,
            error: `HTTP ${answer.status} ${answer.statusText}`.trim(),
          };
          const retry = answer.status === 429 || answer.status >= 500;
          return { value: failed, retry, retryAfterMs: parseRetryAfter(answer.retryAfter, Date.now()) };
        } catch (error) {
          return { value: { outcome: 'failed', status: null, error: (error as Error).message }, retry: true };
        } finally {
          semaphore.release();
        }
      },
      // The service's Retry-After when it said when (longer than maxRetryDelayMs: give up), else
      // exponential backoff with jitter (half fixed, half random).
      wait: (attempt, retryAfterMs) => {
        if (retryAfterMs === null) {
          return backoffDelay(attempt, {
            baseDelayMs: BASE_RETRY_DELAY_MS,
            maxDelayMs: maxRetryDelayMs,
            jitter: 'half',
          });
        }
        if (retryAfterMs <= maxRetryDelayMs) return retryAfterMs;
        refusedWaitMs = retryAfterMs;
        return null;
      },
      sleep,
    });
    if (value.outcome !== 'failed') return value;
    if (end === 'refused') {
      return { ...value, error: `${value.error}; Retry-After ${Math.ceil(refusedWaitMs / 1000)} s exceeds the limit` };
    }
    if (end === 'stopped') return { ...value, error: `${value.error}; sender closed before retrying` };
    return value;
  }

  return {
    send(target, payload, pushOptions) {
      if (closing.signal.aborted) {
        return Promise.resolve({ outcome: 'failed', status: null, error: 'sender closed' });
      }
      const result = deliver(target, payload, pushOptions);
      inFlight.add(result);
      void result.finally(() => inFlight.delete(result));
      return result;
    },
    async close() {
      closing.abort();
      await Promise.allSettled([...inFlight]);
      agent.destroy();
    },
  };
}
