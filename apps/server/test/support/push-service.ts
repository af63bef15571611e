/**
 * A local Web Push service for tests (HTTPS on 127.0.0.1) that checks each message as a real
 * one does — TTL/Urgency/Topic (RFC 8030), VAPID (RFC 8292) — and decrypts its aes128gcm body
 * (RFC 8291/8188), refusing with 400/401/403 otherwise.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readTestCertificate } from './tls-certificate.ts';

export interface TestSubscription {
  /** The stand-in's own name for it: not part of what a browser sends. */
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What a browser's PushSubscription.toJSON() gives, and so what goes over the wire. */
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, UTF-8. */
  payload: string;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  jwtClaims: { aud: string; exp: number; sub: string };
  /** The JWT itself, to tell whether the sender reused its token. */
  jwt: string;
}

export interface PushService {
  origin: string;
  createSubscription(): TestSubscription;
  /** Messages accepted (201), in arrival order. */
  received: ReceivedPush[];
  /** Every well-formed request with the status it got, including the queued answers below. */
  requests: Array<{ subscriptionId: string; status: number }>;
  /** The most requests this service held open at once. */
  readonly maxInFlight: number;
  /** Queues one answer for the next valid message to this subscription (then 201 again). */
  respondWith(subscriptionId: string, status: number, headers?: Record<string, string>): void;
  /** Resolves once `count` messages are received; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;

function base64url(value: string, what: string): Buffer {
  if (!BASE64URL.test(value)) throw new Refusal(401, `${what} is not base64url`);
  return Buffer.from(value, 'base64url');
}

/** Verifies `vapid t=<JWT>, k=<key>` (RFC 8292 §3) and returns the JWT and its claims. */
function verifyVapid(header: string | undefined, origin: string, nowS: number) {
  const match = header?.match(/^vapid\s+(.*)$/i);
  if (!match?.[1]) throw new Refusal(401, 'missing vapid Authorization');
  const params = new Map(
    match[1].split(',').map((part) => {
      const [name = '', ...rest] = part.trim().split('=');
      return [name.trim(), rest.join('=').trim()] as const;
    }),
  );
  const jwt = params.get('t');
  const k = params.get('k');
  if (!jwt || !k) throw new Refusal(401, 'vapid Authorization needs t and k');
  const [encodedHeader = '', encodedClaims = '', encodedSignature = ''] = jwt.split('.');
  const publicKey = base64url(k, 'k');
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 key');
  const jwtHeader = JSON.parse(base64url(encodedHeader, 'JWT header').toString('utf8')) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Refusal(401, 'JWT alg must be ES256');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: publicKey.subarray(1, 33).toString('base64url'),
      y: publicKey.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  const signature = base64url(encodedSignature, 'JWT signature');
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Refusal(403, 'JWT signature does not verify against k');
  }
  const claims = JSON.parse(base64url(encodedClaims, 'JWT claims').toString('utf8')) as {
    aud?: unknown;
    exp?: unknown;
    sub?: unknown;
  };
  if (claims.aud !== origin) throw new Refusal(403, `JWT aud ${String(claims.aud)} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS) throw new Refusal(403, 'JWT expired or exp missing');
  if (claims.exp > nowS + MAX_JWT_LIFETIME_S) throw new Refusal(403, 'JWT exp more than 24 h ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Refusal(403, 'JWT sub must be a mailto: or https: URL');
  }
  return { jwt, claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub } };
}

/** Decrypts an RFC 8291 aes128gcm body for the subscription's key pair and auth secret. */
function decrypt(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  // RFC 8188 §2.1 header: salt (16) | rs (uint32) | idlen (1) | keyid (the sender's public key).
  if (body.length < 21) throw new Refusal(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Refusal(400, 'keyid must be the 65-byte sender public key (RFC 8291 §4)');
  if (recordSize < 18) throw new Refusal(400, 'record size too small');
  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0 || ua_public || as_public, 32).
  const ecdhSecret = receiver.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  // RFC 8188 §2.2–2.3: content-encryption key and nonce from the salt.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const records = body.subarray(21 + idLength);
  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // RFC 8188 §2.3: nonce = base nonce XOR the record's sequence number (low 32 bits suffice here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'aes128gcm record does not decrypt');
    }
    // Padding: data || delimiter (2 = last record, 1 = more follow) || zero bytes.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = offset + recordSize >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Refusal(400, 'bad padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Starts the service on a random port.
 * @param options.delayMs holds each answer this long, so that concurrency shows in maxInFlight.
 */
export async function startPushService(options: { delayMs?: number } = {}): Promise<PushService> {
  const subscriptions = new Map<string, { receiver: ECDH; authSecret: Buffer }>();
  const queuedAnswers = new Map<string, Array<{ status: number; headers: Record<string, string> }>>();
  const received: ReceivedPush[] = [];
  const requests: PushService['requests'] = [];
  const waiters: Array<{ count: number; resolve(): void }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const id = request.url?.match(/^\/push\/([0-9a-f-]{36})$/)?.[1];
    const body = await readBody(request);
    if (request.method !== 'POST' || !id) throw new Refusal(404, 'no such endpoint');
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Refusal(410, 'subscription expired');
    const { jwt, claims } = verifyVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
    const ttlHeader = request.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader)) throw new Refusal(400, 'TTL header missing');
    const urgency = (request.headers.urgency as string | undefined) ?? null;
    if (urgency !== null && !URGENCIES.has(urgency)) throw new Refusal(400, `bad Urgency ${urgency}`);
    const topic = (request.headers.topic as string | undefined) ?? null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) throw new Refusal(400, 'bad Topic');
    if (request.headers['content-encoding'] !== 'aes128gcm')
      throw new Refusal(415, 'Content-Encoding must be aes128gcm');
    const payload = decrypt(body, subscription.receiver, subscription.authSecret);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));

    const queued = queuedAnswers.get(id)?.shift();
    if (queued) {
      requests.push({ subscriptionId: id, status: queued.status });
      response.writeHead(queued.status, queued.headers).end();
      return;
    }
    requests.push({ subscriptionId: id, status: 201 });
    received.push({ subscriptionId: id, payload, ttl: Number(ttlHeader), topic, urgency, jwtClaims: claims, jwt });
    response.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
    for (const waiter of waiters.filter((w) => received.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  const server: Server = createServer(readTestCertificate(), (request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof Refusal ? error.status : 500;
      if (!response.headersSent) response.writeHead(status, { 'Content-Type': 'text/plain' });
      response.end(error instanceof Error ? error.message : 'error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('push service has no port');
  origin = `https://127.0.0.1:${address.port}`;

  return {
    origin,
    received,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    createSubscription() {
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { receiver, authSecret });
      const endpoint = `${origin}/push/${id}`;
      const keys = { p256dh: receiver.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') };
      return { id, endpoint, keys, toJSON: () => ({ endpoint, keys }) };
    },
    respondWith(subscriptionId, status, headers = {}) {
      const queue = queuedAnswers.get(subscriptionId) ?? [];
      queue.push({ status, headers });
      queuedAnswers.set(subscriptionId, queue);
    },
    waitFor(count, timeoutMs) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`push service received ${received.length} of ${count} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
