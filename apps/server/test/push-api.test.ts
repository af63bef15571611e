/**
 * /api/push/*: the
 * VAPID public key, and subscriptions limited to https endpoints on PUSH_SERVICE_HOSTS.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, vapidKeys } from '../src/db/schema.ts';
import { checkPushEndpoint } from '../src/modules/push/push.routes.ts';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { startPushService, type PushService } from './support/push-service.ts';

describe('push endpoint allowlist', () => {
  const hosts = ['fcm.googleapis.com', '*.push.apple.com', '127.0.0.1:8443'];
  it.each([
    ['https://fcm.googleapis.com/fcm/send/x', 'ok'],
    ['https://FCM.googleapis.com/fcm/send/x', 'ok'],
    ['https://fcm.googleapis.com:443/fcm/send/x', 'ok'],
    ['https://web.push.apple.com/x', 'ok'],
    ['https://push.apple.com/x', 'host'],
    ['https://evilpush.apple.com/x', 'host'],
    ['https://fcm.googleapis.com.evil.example/x', 'host'],
    ['https://169.254.169.254/x', 'host'],
    // An allowlisted host on any port but 443 is refused.
    ['https://fcm.googleapis.com:8443/fcm/send/x', 'port'],
    ['https://web.push.apple.com:22/x', 'port'],
    // An entry with a port allows that port only.
    ['https://127.0.0.1:8443/push/x', 'ok'],
    ['https://127.0.0.1/push/x', 'port'],
    ['https://127.0.0.1:5432/push/x', 'port'],
  ])('%s → %s', (endpoint, expected) => {
    expect(checkPushEndpoint(new URL(endpoint), hosts)).toBe(expected);
  });
});

describe.each(DRIVERS)('push API on %s', (driver) => {
  let t: TestApp;
  let service: PushService;
  let userCounter = 0;
  const newUser = (name = 'Asha Rao') => signIn(t.app, { name, email: `push${++userCounter}@example.com` });
  const subscribe = (user: SignedInUser, payload: unknown) =>
    user.request({ method: 'POST', url: '/api/push/subscribe', payload });
  const storedFor = (userId: string) =>
    t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId));

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp(driver, {
      env: { PUSH_SERVICE_HOSTS: `${new URL(service.origin).host},*.push.example,fcm.push.example` },
    });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  describe('VAPID public key', () => {
    it('is public, base64url of an uncompressed P-256 point, generated once and kept', async () => {
      const response = await t.app.inject({ url: '/api/push/vapid-public-key' });
      expect(response.statusCode).toBe(200);
      const { publicKey } = response.json();
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
      const point = Buffer.from(publicKey, 'base64url');
      expect(point).toHaveLength(65);
      expect(point[0]).toBe(0x04);
      expect((await t.app.inject({ url: '/api/push/vapid-public-key' })).json()).toEqual({ publicKey });
      const rows = await t.database.db.select().from(vapidKeys);
      expect(rows.map((row) => row.public_key)).toEqual([publicKey]);
    });

    it('comes from VAPID_PUBLIC_KEY when it is set', async () => {
      const keys = webpush.generateVAPIDKeys();
      const configured = await createTestApp(driver, {
        env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
      });
      try {
        const response = await configured.app.inject({ url: '/api/push/vapid-public-key' });
        expect(response.json()).toEqual({ publicKey: keys.publicKey });
        expect(await configured.database.db.select().from(vapidKeys)).toEqual([]);
      } finally {
        await configured.close();
      }
    });
  });

  describe('subscribe', () => {
    it('stores the subscription for the signed-in user (201), once per endpoint', async () => {
      const asha = await newUser();
      const subscription = service.createSubscription();
      const response = await subscribe(asha, { ...subscription, expirationTime: null });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      expect((await subscribe(asha, subscription)).statusCode).toBe(201);
      const stored = await storedFor(asha.user.id);
      expect(stored).toEqual([
        expect.objectContaining({
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        }),
      ]);
    });

    it('an endpoint of another user is not moved: 409, and both users’ rows stay as they were', async () => {
      const asha = await newUser();
      const ben = await newUser('Ben Cole');
      const subscription = service.createSubscription();
      expect((await subscribe(asha, subscription)).statusCode).toBe(201);
      const before = await storedFor(asha.user.id);
      // Ben knows Asha's endpoint and posts it with keys of his own.
      const other = service.createSubscription();
      const response = await subscribe(ben, { endpoint: subscription.endpoint, keys: other.keys });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail:
          'endpoint: this browser’s push subscription belongs to another account; unsubscribe it and subscribe again',
      });
      expect(await storedFor(asha.user.id)).toEqual(before);
      expect(await storedFor(ben.user.id)).toEqual([]);
      // Asha subscribing again with new keys still updates her own row.
      expect((await subscribe(asha, { endpoint: subscription.endpoint, keys: other.keys })).statusCode).toBe(201);
      expect(await storedFor(asha.user.id)).toEqual([
        expect.objectContaining({ endpoint: subscription.endpoint, p256dh: other.keys.p256dh, auth: other.keys.auth }),
      ]);
    });

    it('an allowlisted host is accepted on port 443 only: another port is 400 and nothing is stored', async () => {
      const asha = await newUser();
      const { keys } = service.createSubscription();
      for (const endpoint of ['https://fcm.push.example/send/1', 'https://fcm.push.example:443/send/2']) {
        expect((await subscribe(asha, { endpoint, keys })).statusCode).toBe(201);
      }
      for (const endpoint of ['https://fcm.push.example:8443/send/3', 'https://eu.push.example:6379/send/4']) {
        const response = await subscribe(asha, { endpoint, keys });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'endpoint: a push service is reached on port 443 only' });
      }
      // The local push service's entry names its port: the same host on another port is refused.
      const local = new URL(service.createSubscription().endpoint);
      local.port = String(Number(local.port) + 1);
      expect((await subscribe(asha, { endpoint: local.href, keys })).statusCode).toBe(400);
      const stored = (await storedFor(asha.user.id)).map((row) => row.endpoint).sort();
      expect(stored).toEqual(['https://fcm.push.example/send/1', 'https://fcm.push.example:443/send/2']);
    });

    it('accepts a subdomain of a *. entry', async () => {
      const asha = await newUser();
      const subscription = service.createSubscription();
      const response = await subscribe(asha, { ...subscription, endpoint: 'https://eu.push.example/send/abc' });
      expect(response.statusCode).toBe(201);
    });

    const valid = () => service.createSubscription().toJSON();
    it.each([
      [
        (s: ReturnType<typeof valid>) => ({ ...s, endpoint: 'https://evil.example/push/1' }),
        'endpoint: is not on a known push service',
      ],
      [
        (s: ReturnType<typeof valid>) => ({ ...s, endpoint: 'https://push.example/push/1' }),
        'endpoint: is not on a known push service',
      ],
      [
        (s: ReturnType<typeof valid>) => ({ ...s, endpoint: s.endpoint.replace('https:', 'http:') }),
        'endpoint: must be an https URL',
      ],
      [(s: ReturnType<typeof valid>) => ({ ...s, endpoint: 'not a url' }), 'endpoint: must be an https URL'],
      [(s: ReturnType<typeof valid>) => ({ keys: s.keys }), 'endpoint: is required'],
      [
        (s: ReturnType<typeof valid>) => ({ ...s, endpoint: s.endpoint.replace('https://', 'https://user:pw@') }),
        'endpoint: must not carry credentials',
      ],
      [(s: ReturnType<typeof valid>) => ({ endpoint: s.endpoint }), 'keys: is required'],
      [
        (s: ReturnType<typeof valid>) => ({ ...s, keys: { ...s.keys, p256dh: 'AAAA' } }),
        'keys.p256dh: must be an uncompressed P-256 public key (65 bytes)',
      ],
      [
        (s: ReturnType<typeof valid>) => ({ ...s, keys: { ...s.keys, auth: 'not base64!' } }),
        'keys.auth: must be the auth key, base64-encoded',
      ],
      [
        (s: ReturnType<typeof valid>) => ({ ...s, keys: { ...s.keys, auth: 'AAAA' } }),
        'keys.auth: must be a 16-byte secret',
      ],
    ])('400 (%#) and nothing is stored', async (make, detail) => {
      const asha = await newUser();
      const response = await subscribe(asha, make(valid()));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
      expect(await storedFor(asha.user.id)).toEqual([]);
    });

    it('needs a session and the app’s origin', async () => {
      const subscription = service.createSubscription();
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscribe',
        headers: { origin: ORIGIN },
        payload: subscription,
      });
      expect(anonymous.statusCode).toBe(401);
      const asha = await newUser();
      const crossSite = await subscribe(asha, subscription).then(() =>
        asha.request({
          method: 'POST',
          url: '/api/push/subscribe',
          payload: subscription,
          headers: { origin: 'https://evil.example' },
        }),
      );
      expect(crossSite.statusCode).toBe(403);
    });
  });

  describe('unsubscribe', () => {
    it('removes the user’s own subscription; another user’s endpoint is left alone', async () => {
      const asha = await newUser();
      const ben = await newUser('Ben Cole');
      const subscription = service.createSubscription();
      await subscribe(asha, subscription);

      const foreign = await ben.request({
        method: 'POST',
        url: '/api/push/unsubscribe',
        payload: { endpoint: subscription.endpoint },
      });
      expect(foreign.statusCode).toBe(200);
      expect(await storedFor(asha.user.id)).toHaveLength(1);

      const own = await asha.request({
        method: 'POST',
        url: '/api/push/unsubscribe',
        payload: { endpoint: subscription.endpoint },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ ok: true });
      expect(await storedFor(asha.user.id)).toEqual([]);
    });

    it('400 without an endpoint', async () => {
      const asha = await newUser();
      const response = await asha.request({ method: 'POST', url: '/api/push/unsubscribe', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'endpoint: is required' });
    });
  });
});
