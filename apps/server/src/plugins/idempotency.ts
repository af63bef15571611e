/**
 * Exactly-once writes: a signed-in write with an `Idempotency-Key` stores its 2xx answer and
 * replays it for a repeat; a refusal releases the key. Keys live IDEMPOTENCY_KEY_TTL_MS and are
 * purged by the maintenance worker; routes with `config: { idempotency: false }` are exempt.
 * Decision 022.
 */
import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/client.ts';
import { createIdempotencyRepository, type IdempotencyClaim } from '../db/idempotency.repository.ts';
import type { AppDeps, Clock } from '../types.ts';
import { t } from '../i18n/index.ts';
import { badRequest, httpError } from './errors.ts';

/** The request header's name (the IETF httpapi draft's spelling). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Header on an answer that is a stored first answer, not a new execution. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered: 8 days covers a phone offline for a week. */
export const IDEMPOTENCY_KEY_TTL_MS = 8 * 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request with its key to finish before 409. */
export const IN_PROGRESS_WAIT_MS = 5000;
/** A claim older than this with no answer belongs to a process that died: it may be taken over. */
export const ABANDONED_CLAIM_MS = 2 * 60 * 1000;
const POLL_MS = 50;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_HEADER_NAME = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The English details (the reader gets them in their language: catalog ids below). */
export const KEY_REUSED_DETAIL = t('en', 'error.idempotency_key_reused');
export const IN_PROGRESS_DETAIL = t('en', 'error.change_in_progress');

type Claim = IdempotencyClaim;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed (set by the idempotency hook, cleared once settled). */
    idempotencyClaim: Claim | null;
  }
}

/** Does `route` honour a key? (State-changing, private /api routes that did not opt out.) */
function takesKey(route: RouteOptions): boolean {
  const config = route.config as { public?: boolean; idempotency?: boolean } | undefined;
  return (
    [route.method].flat().some((method) => WRITE_METHODS.has(method)) &&
    route.url.startsWith('/api/') &&
    !route.url.startsWith('/api/auth/') &&
    !config?.public &&
    config?.idempotency !== false
  );
}

/** `hooks` (a route's own, one or many or none) with `hook` first or last. */
function withHook<Hook>(hooks: Hook | Hook[] | undefined, hook: Hook, at: 'first' | 'last'): Hook[] {
  const list = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  return at === 'first' ? [hook, ...list] : [...list, hook];
}

/** SHA-256 of what makes two requests the same change: the query string and the parsed JSON body. */
function requestHash(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  return createHash('sha256')
    .update(`${query}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Deletes keys older than IDEMPOTENCY_KEY_TTL_MS (run by the reminder materialiser's pass).
 * @returns the number of keys deleted.
 */
export async function purgeExpiredIdempotencyKeys(db: Database, clock: Clock): Promise<number> {
  const cutoff = new Date(clock().getTime() - IDEMPOTENCY_KEY_TTL_MS);
  return createIdempotencyRepository(db).purgeBefore(cutoff);
}

/**
 * Gives every route that honours a key (takesKey) a preHandler (claim or replay) and an onSend
 * (store or release) hook; a read never runs them (decision 105). Call before the routes.
 */
export function registerIdempotency(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const keys = createIdempotencyRepository(db);
  const release = (claim: Claim) => keys.release(claim);
  const store = (claim: Claim, status: number, contentType: string | null, body: string) =>
    keys.store(claim, status, contentType, body);

  app.decorateRequest('idempotencyClaim', null);

  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[KEY_HEADER_NAME];
    if (header === undefined || !WRITE_METHODS.has(request.method) || request.user === null) return;
    if (typeof header !== 'string' || !UUID.test(header)) {
      throw badRequest(IDEMPOTENCY_KEY_HEADER, 'error.not_uuid');
    }
    const claim: Claim = { userId: request.user!.id, key: header.toLowerCase() };
    const fingerprint = {
      method: request.method,
      path: request.url.split('?')[0]!,
      request_hash: requestHash(request),
    };
    const deadline = performance.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      if (await keys.claim(claim, fingerprint, clock())) {
        request.idempotencyClaim = claim;
        return;
      }
      const row = await keys.find(claim);
      if (!row) continue; // the first request was refused and released its claim: run again
      if (
        row.method !== fingerprint.method ||
        row.path !== fingerprint.path ||
        row.request_hash !== fingerprint.request_hash
      ) {
        throw httpError(422, 'error.idempotency_key_reused');
      }
      if (row.status !== null) return replay(reply, row.status, row.content_type, row.response_body ?? '');
      if (clock().getTime() - row.created_at.getTime() > ABANDONED_CLAIM_MS) {
        // Its process died before answering; take the claim over (decision 022 names the gap).
        if (await keys.takeOver(claim, row.created_at, clock())) {
          request.idempotencyClaim = claim;
          return;
        }
        continue;
      }
      if (performance.now() > deadline) throw httpError(409, 'error.change_in_progress');
      await sleep(POLL_MS);
    }
  };

  const storeOrRelease = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const status = reply.statusCode;
    if (status < 200 || status >= 300) {
      await release(claim);
      return payload;
    }
    const contentType = (reply.getHeader('content-type') as string | undefined) ?? null;
    if (isStream(payload))
      return storeWhenEnded(
        payload,
        (body) => store(claim, status, contentType, body),
        () => release(claim),
        request,
      );
    await store(claim, status, contentType, payload == null ? '' : String(payload));
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!takesKey(route)) return;
    route.preHandler = withHook(route.preHandler, claimOrReplay, 'first');
    route.onSend = withHook(route.onSend, storeOrRelease, 'last');
  });
}

function replay(reply: FastifyReply, status: number, contentType: string | null, body: string): FastifyReply {
  reply.code(status).header(REPLAYED_HEADER, 'true');
  if (contentType) reply.header('content-type', contentType);
  // A Buffer: Fastify sends it as stored (a string would gain a charset parameter).
  return reply.send(status === 204 ? null : Buffer.from(body, 'utf8'));
}

function isStream(payload: unknown): payload is Readable {
  return typeof (payload as Readable | null)?.pipe === 'function';
}

/**
 * Passes a streamed answer through and stores its whole text when the answer ends (released if
 * the answer itself fails). The answer is read to its end even when the client has gone (a
 * phone that lost its network mid-answer): the handler goes on and saves the answer, so its
 * text is stored under the key and the outbox's repeat gets it whole, without running the
 * model again. Without this, the claim would stay unanswered and, once abandoned, be run again.
 */
function storeWhenEnded(
  payload: Readable,
  onEnd: (body: string) => Promise<unknown>,
  onFail: () => Promise<unknown>,
  request: FastifyRequest,
): Readable {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  // A 'data' listener keeps the source flowing whatever happens to `out` (Fastify destroys it
  // when the client disconnects). An answer is a few kilobytes: no backpressure needed.
  payload.on('data', (chunk: Buffer | string) => {
    const buffer = Buffer.from(chunk);
    chunks.push(buffer);
    if (!out.destroyed) out.write(buffer);
  });
  payload.on('end', () => {
    onEnd(Buffer.concat(chunks).toString('utf8')).then(
      () => out.end(),
      (error: unknown) => {
        request.log.error(
          { err: { type: error instanceof Error ? error.name : typeof error } },
          'storing answer failed',
        );
        out.destroy(error as Error);
      },
    );
  });
  payload.on('error', (error) => {
    request.log.error({ err: { type: error.name } }, 'streamed answer failed');
    void onFail();
    out.destroy(error);
  });
  return out;
}
