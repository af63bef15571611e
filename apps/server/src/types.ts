/** Shared server types: the dependencies handed to every route plugin. */
import type { User } from '@diacare/contract/users';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';

/** Returns "now". Injected so that tests can move time (midnight, DST, expiry). */
export type Clock = () => Date;

export interface AppDeps {
  env: Env;
  db: Database;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the session hook on every non-public /api route. */
    user: User | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, VAPID public key, API docs). */
    public?: boolean;
    /** The route takes a text/csv body (a sensor export; decision 046) instead of JSON. */
    csvBody?: boolean;
    /** The route takes an image body (image/jpeg or image/webp: a meal photo; decision 090) instead of JSON. */
    imageBody?: boolean;
    /** false: the route ignores `Idempotency-Key` (its answer holds a secret that must not be stored). */
    idempotency?: boolean;
    /**
     * Takes a state-changing request from any Origin or none (the same-origin check is skipped):
     * only POST /unsubscribe/{token}, which mail providers post to (RFC 8058, decision 078).
     */
    anyOrigin?: boolean;
  }
}
