/**
 * Sign-in rate limits per client address per minute (AUTH_RATE_LIMIT_PER_MINUTE, then 429 with
 * Retry-After), counted in a store every instance shares: Redis when REDIS_URL is set, else
 * PostgreSQL (the table migration 0020 makes), else memory for embedded PGlite.
 * Decisions 013, 055.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { msg, type Message } from '../../i18n/index.ts';
import { HttpError } from '../../plugins/errors.ts';

/** The library's table on PostgreSQL (key, points, expire), made by a migration (schema/auth.ts). */
export const RATE_LIMIT_TABLE = 'auth_rate_limits';
const WINDOW_SECONDS = 60;
/** A Redis command that takes longer than this fails, and the instance's memory store takes over. */
const REDIS_COMMAND_TIMEOUT_MS = 2000;

export type RateLimitStore = 'memory' | 'postgres' | 'redis';

export interface SignInRateLimit {
  store: RateLimitStore;
  /** An onRequest hook for the route named `route`: counts the request, 429 past the limit. */
  hook(route: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  close(): Promise<void>;
}

/** "host:port" of a redis:// URL, for messages (never the password). */
function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/** Connects to Redis once at start. @throws Error "REDIS_URL: cannot connect to host:port (reason)". */
async function connectRedis(url: string): Promise<Redis> {
  // ioredis loads only where REDIS_URL is set (it held about 2 MB of the idle heap, decision 080).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // rate-limiter-flexible's advice: fail a command at once while disconnected, rather than
    // queue it, so a request never waits on a lost Redis (the insurance limiter answers).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // Without a listener ioredis prints every reconnect failure. At start the thrown line below
  // says it all; once connected, a lost Redis is one warning per new error.
  let lastError: NodeJS.ErrnoException | null = null;
  let connected = false;
  redis.on('error', (error: NodeJS.ErrnoException) => {
    if (connected && error.message !== lastError?.message) console.warn(`Redis (REDIS_URL): ${error.message}`);
    lastError = error;
  });
  try {
    await redis.connect();
    await redis.ping();
    connected = true;
  } catch (error) {
    redis.disconnect();
    // connect() only says 'Connection is closed.'; the socket's error says why.
    const cause = lastError ?? (error as NodeJS.ErrnoException);
    const reasons: Record<string, string> = {
      ECONNREFUSED: 'connection refused',
      ENOTFOUND: 'host not found',
      ETIMEDOUT: 'timed out',
      EHOSTUNREACH: 'host unreachable',
    };
    const reason = (cause.code && reasons[cause.code]) ?? cause.message;
    throw new Error(`REDIS_URL: cannot connect to ${redisAddress(url)} (${reason})`);
  }
  return redis;
}

/** The pg pool behind a node-postgres Drizzle instance, or null on PGlite. */
function postgresPool(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

function createPostgresLimiter(pool: pg.Pool, options: { points: number; duration: number; keyPrefix: string }) {
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    // The migrations made it: the library's own CREATE TABLE raced between instances.
    tableCreated: true,
    // Expired rows are removed by the library every 5 minutes (rows an hour old).
    clearExpiredByTimeout: true,
  });
}

/** What a limiter counts: `points` requests per minute per key, and what a refusal says. */
export interface RateLimitOptions {
  points: number;
  /** Namespace of the counters in the shared store, e.g. 'signin'. */
  keyPrefix: string;
  /** The counter a request adds to (before the route's name is prefixed), e.g. the client address. */
  key: (request: FastifyRequest) => string;
  /**
   * The 429 detail for a wait of `seconds`: a catalog Message (rendered in the request's
   * language by the error handler) or a text already in the request's language.
   */
  message: (seconds: number, request: FastifyRequest) => Message;
}

/**
 * Builds the sign-in limiter for this process from `env.REDIS_URL` and the database driver:
 * AUTH_RATE_LIMIT_PER_MINUTE per client address per route.
 * @throws Error naming REDIS_URL when Redis cannot be reached at start.
 */
export function createSignInRateLimit(env: Env, db: Database): Promise<SignInRateLimit> {
  return createRateLimit(env, db, {
    points: env.AUTH_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'signin',
    key: (request) => request.ip,
    message: (seconds) => msg('error.too_many_sign_ins', { seconds }),
  });
}

/**
 * A per-minute limiter in the store every instance shares (Redis, else PostgreSQL, else memory),
 * as described at the top of this module.
 * @throws Error naming REDIS_URL when Redis cannot be reached at start.
 */
export async function createRateLimit(env: Env, db: Database, rule: RateLimitOptions): Promise<SignInRateLimit> {
  const options = { points: rule.points, duration: WINDOW_SECONDS };
  let limiter: RateLimiterAbstract;
  let store: RateLimitStore;
  let redis: Redis | null = null;
  const pool = postgresPool(db);
  if (env.REDIS_URL) {
    redis = await connectRedis(env.REDIS_URL);
    store = 'redis';
    limiter = new RateLimiterRedis({
      ...options,
      storeClient: redis,
      keyPrefix: `diacare:${rule.keyPrefix}`,
      // If Redis drops later, each instance keeps limiting on its own rather than failing sign-in.
      insuranceLimiter: new RateLimiterMemory(options),
    });
  } else if (pool) {
    store = 'postgres';
    limiter = createPostgresLimiter(pool, { ...options, keyPrefix: rule.keyPrefix });
  } else {
    store = 'memory';
    limiter = new RateLimiterMemory(options);
  }

  return {
    store,
    hook(route) {
      return async (request, reply) => {
        try {
          await limiter.consume(`${route}:${rule.key(request)}`);
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          reply.header('Retry-After', String(seconds));
          throw new HttpError(429, rule.message(seconds, request));
        }
      };
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
