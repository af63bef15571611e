/**
 * The server's VAPID key pair (RFC 8292): from the environment, else generated once and stored in
 * `vapid_keys`. Instances insert candidates with ON CONFLICT DO NOTHING, then all read the row that
 * won, so every instance signs with the key browsers subscribed with.
 */
import webpush from 'web-push';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { VapidKeys } from './push-sender.ts';
import { createPushRepository } from './push.repository.ts';

const loaded = new WeakMap<Database, Promise<VapidKeys>>();
/** The settings the keys come from. */
export type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPPORT_EMAIL'>;

/** The VAPID `sub` claim: VAPID_SUBJECT, else mailto: the support address. */
export function vapidSubject(env: VapidEnv): string {
  return env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
}

async function loadOrCreate(db: Database, env: VapidEnv): Promise<VapidKeys> {
  const subject = vapidSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const stored = await createPushRepository(db).vapidKeys(webpush.generateVAPIDKeys());
  return { ...stored, subject };
}

/**
 * The key pair (base64url: uncompressed P-256 public point, 32-byte private scalar) and the
 * subject. Cached per database handle after the first call.
 */
export function loadVapidKeys(db: Database, env: VapidEnv): Promise<VapidKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadOrCreate(db, env);
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}
