/**
 * The push transport against a local push service that decrypts every RFC 8291 payload and
 * verifies every VAPID token (test/support/push-service.ts), over real TLS.
 */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPushSender,
  createVapidHeaderCache,
  toTopic,
  type PushSender,
  type VapidKeys,
} from '../src/modules/push/push-sender.ts';
import { parseRetryAfter } from '../src/lib/retry.ts';
import { startPushService, type PushService } from './support/push-service.ts';

const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@diacare.example' };
/** web-push's request headers for fetch, which sets Content-Length itself. */
function headersOf(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name !== 'Content-Length')
      .map(([name, value]) => [name, String(value)]),
  );
}

const dose = { ttlSeconds: 1800, topic: 'dose-1', urgency: 'high' as const };

describe('push sender', () => {
  let service: PushService;
  let sender: PushSender;

  beforeAll(async () => {
    service = await startPushService();
    // Short retry delays keep the retry tests quick; Retry-After still wins over them.
    sender = createPushSender({ vapid, maxRetryDelayMs: 2_000 });
  });
  afterAll(async () => {
    await sender.close();
    await service.close();
  });

  it('delivers a payload that the push service decrypts to the same text', async () => {
    const subscription = service.createSubscription();
    const payload = JSON.stringify({ kind: 'dose', title: 'Time for Metformin 500 mg', dose_id: 'é✓' });

    const result = await sender.send(subscription, payload, dose);

    expect(result).toEqual({ outcome: 'delivered', status: 201 });
    const message = service.received.find((m) => m.subscriptionId === subscription.id);
    expect(message?.payload).toBe(payload);
  });

  it('sends TTL, Urgency and Topic as given, and Urgency high by default', async () => {
    const subscription = service.createSubscription();

    await sender.send(subscription, 'a', { ttlSeconds: 900, topic: 'dose-abc_123', urgency: 'normal' });
    await sender.send(subscription, 'b', { ttlSeconds: 60 });

    const [first, second] = service.received.filter((m) => m.subscriptionId === subscription.id);
    expect(first).toMatchObject({ ttl: 900, topic: 'dose-abc_123', urgency: 'normal' });
    expect(second).toMatchObject({ ttl: 60, topic: null, urgency: 'high' });
  });

  it('hashes a topic that is not at most 32 base64url characters into one that is, stably', async () => {
    const subscription = service.createSubscription();
    const long = 'dose:8f14e45f-ceea-467f-a0e6-6e4c1a3b2d7c@2026-03-29T08:00';

    await sender.send(subscription, 'x', { ttlSeconds: 60, topic: long });

    const message = service.received.find((m) => m.subscriptionId === subscription.id);
    expect(message?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(message?.topic).toBe(toTopic(long));
    expect(toTopic('short_topic-1')).toBe('short_topic-1');
  });

  it('signs a VAPID token for the push service origin with the configured subject', async () => {
    const subscription = service.createSubscription();

    await sender.send(subscription, 'x', dose);

    const message = service.received.find((m) => m.subscriptionId === subscription.id);
    expect(message?.jwtClaims.aud).toBe(service.origin);
    expect(message?.jwtClaims.sub).toBe(vapid.subject);
    expect(message!.jwtClaims.exp).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);
  });

  it('reuses one VAPID token for 50 messages to one origin and signs another for a second origin', async () => {
    const other = await startPushService();
    const freshSender = createPushSender({ vapid });
    try {
      const subscriptions = Array.from({ length: 5 }, () => service.createSubscription());
      const before = service.received.length;
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => freshSender.send(subscriptions[i % 5]!, `message ${i}`, dose)),
      );
      await freshSender.send(other.createSubscription(), 'elsewhere', dose);

      const tokens = new Set(service.received.slice(before).map((m) => m.jwt));
      expect(service.received.length - before).toBe(50);
      expect(tokens.size).toBe(1);
      expect(other.received).toHaveLength(1);
      expect(other.received[0]!.jwtClaims.aud).toBe(other.origin);
      expect(tokens.has(other.received[0]!.jwt)).toBe(false);
    } finally {
      await freshSender.close();
      await other.close();
    }
  });

  it('signs a new token only when the cached one is within an hour of expiry', () => {
    let now = Date.UTC(2026, 2, 29, 8, 0);
    const cache = createVapidHeaderCache(vapid, () => now);
    const first = cache.authorization('https://push.example');
    now += 10 * 3600 * 1000;
    expect(cache.authorization('https://push.example')).toBe(first);
    now += 1.5 * 3600 * 1000;
    expect(cache.authorization('https://push.example')).not.toBe(first);
  });

  it('reports 410 and 404 as gone, without retrying', async () => {
    const expired = service.createSubscription();
    const unknown = service.createSubscription();
    service.respondWith(expired.id, 410);
    service.respondWith(unknown.id, 404);

    expect(await sender.send(expired, 'x', dose)).toEqual({ outcome: 'gone', status: 410 });
    expect(await sender.send(unknown, 'x', dose)).toEqual({ outcome: 'gone', status: 404 });
    expect(service.requests.filter((r) => r.subscriptionId === expired.id)).toHaveLength(1);
    expect(service.requests.filter((r) => r.subscriptionId === unknown.id)).toHaveLength(1);
  });

  it('retries after 429 with Retry-After: 1, then delivers', async () => {
    const subscription = service.createSubscription();
    service.respondWith(subscription.id, 429, { 'Retry-After': '1' });

    const result = await sender.send(subscription, 'after a pause', dose);

    expect(result).toEqual({ outcome: 'delivered', status: 201 });
    expect(service.requests.filter((r) => r.subscriptionId === subscription.id).map((r) => r.status)).toEqual([
      429, 201,
    ]);
    expect(service.received.find((m) => m.subscriptionId === subscription.id)?.payload).toBe('after a pause');
  });

  it('retries 503 twice with backoff, then delivers', async () => {
    const subscription = service.createSubscription();
    service.respondWith(subscription.id, 503);
    service.respondWith(subscription.id, 503);

    const result = await sender.send(subscription, 'x', dose);

    expect(result).toEqual({ outcome: 'delivered', status: 201 });
    expect(service.requests.filter((r) => r.subscriptionId === subscription.id).map((r) => r.status)).toEqual([
      503, 503, 201,
    ]);
  });

  it('gives up after maxAttempts of 5xx and reports the last status', async () => {
    const subscription = service.createSubscription();
    const patient = createPushSender({ vapid, maxAttempts: 2, maxRetryDelayMs: 100 });
    service.respondWith(subscription.id, 500);
    service.respondWith(subscription.id, 502);

    const result = await patient.send(subscription, 'x', dose);
    await patient.close();

    expect(result).toMatchObject({ outcome: 'failed', status: 502 });
    expect(service.requests.filter((r) => r.subscriptionId === subscription.id)).toHaveLength(2);
  });

  it('does not wait out a Retry-After longer than maxRetryDelayMs', async () => {
    const subscription = service.createSubscription();
    service.respondWith(subscription.id, 429, { 'Retry-After': '3600' });

    const result = await sender.send(subscription, 'x', dose);

    expect(result).toMatchObject({ outcome: 'failed', status: 429 });
    expect(service.requests.filter((r) => r.subscriptionId === subscription.id)).toHaveLength(1);
  });

  it('fails a 400 at once, without retrying', async () => {
    const subscription = service.createSubscription();
    service.respondWith(subscription.id, 400);

    const result = await sender.send(subscription, 'x', dose);

    expect(result).toMatchObject({ outcome: 'failed', status: 400 });
    expect(service.requests.filter((r) => r.subscriptionId === subscription.id)).toHaveLength(1);
  });

  it('reports a refused connection as failed instead of throwing', async () => {
    const gone = await startPushService();
    const subscription = gone.createSubscription();
    await gone.close();
    const quick = createPushSender({ vapid, maxAttempts: 2, maxRetryDelayMs: 50 });

    const result = await quick.send(subscription, 'x', dose);
    await quick.close();

    expect(result).toMatchObject({ outcome: 'failed', status: null });
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const slow = await startPushService({ delayMs: 20 });
    const bounded = createPushSender({ vapid, concurrency: 4 });
    try {
      const subscriptions = Array.from({ length: 5 }, () => slow.createSubscription());
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => bounded.send(subscriptions[i % 5]!, `m${i}`, dose)),
      );

      expect(results.every((r) => r.outcome === 'delivered')).toBe(true);
      expect(slow.received).toHaveLength(40);
      expect(slow.maxInFlight).toBeLessThanOrEqual(4);
      expect(slow.maxInFlight).toBeGreaterThan(1);
    } finally {
      await bounded.close();
      await slow.close();
    }
  });

  it('refuses a VAPID subject that is not a mailto: or https: URL', () => {
    expect(() => createPushSender({ vapid: { ...vapid, subject: 'reminders@diacare.example' } })).toThrow(/mailto/);
    expect(() => createPushSender({ vapid: { ...vapid, subject: 'http://diacare.example' } })).toThrow(/mailto/);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 2, 29, 8, 0, 0);
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 29 Mar 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('local push service', () => {
  it('refuses a message without VAPID and one signed for another origin', async () => {
    const service = await startPushService();
    const subscription = service.createSubscription();
    try {
      const unsigned = await fetch(subscription.endpoint, {
        method: 'POST',
        headers: { TTL: '60', 'Content-Encoding': 'aes128gcm' },
        body: 'x',
      });
      expect(unsigned.status).toBe(401);

      const details = webpush.generateRequestDetails(subscription, 'x', {
        vapidDetails: vapid,
        TTL: 60,
      });
      const foreign = webpush.getVapidHeaders(
        'https://push.example',
        vapid.subject,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
      );
      const misaddressed = await fetch(subscription.endpoint, {
        method: 'POST',
        headers: { ...headersOf(details.headers), Authorization: foreign.Authorization },
        body: details.body,
      });
      expect(misaddressed.status).toBe(403);
      expect(service.received).toHaveLength(0);
    } finally {
      await service.close();
    }
  });
});
