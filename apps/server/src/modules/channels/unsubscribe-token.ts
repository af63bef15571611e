/**
 * One-click unsubscribe tokens (RFC 8058, decision 078): a link that turns off one kind of e-mail
 * for one person, signed with an HMAC key derived from the server's VAPID private key, so that no
 * new secret and no table is needed and the link works for as long as the keys stay.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@diacare/contract/channels';
import type { Database } from '../../db/client.ts';
import { loadVapidKeys, type VapidEnv } from '../push/vapid.ts';

/** What a token names: the person and the kind of e-mail they stop. */
export interface UnsubscribeTarget {
  userId: string;
  kind: NotificationKind;
}

const VERSION = 1;
/** Fixed codes, so that reordering NOTIFICATION_KINDS never changes what an old link stops. */
const KIND_CODES: Record<NotificationKind, number> = {
  dose: 1,
  refill: 2,
  appointment: 3,
  weekly_summary: 4,
  care_alert: 5,
  meal_check: 6,
};
const KIND_OF_CODE = new Map(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as NotificationKind]));
/** Bytes: version (1), user id (16), kind (1), then the MAC truncated to 128 bits (16). */
const PAYLOAD_BYTES = 18;
const MAC_BYTES = 16;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** HKDF's `info`: this key signs unsubscribe links and nothing else. */
const KEY_PURPOSE = 'diacare one-click unsubscribe v1';

/**
 * The 32-byte HMAC key for `vapidPrivateKey` (base64url, the 32-byte P-256 scalar), by HKDF-SHA256
 * with a purpose label: a different key from the one that signs pushes, that cannot lead back to it.
 */
export function unsubscribeKey(vapidPrivateKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(vapidPrivateKey, 'base64url'), '', KEY_PURPOSE, 32));
}

/** The server's key (the stored or configured VAPID keys, loaded once per database handle). */
export async function loadUnsubscribeKey(db: Database, env: VapidEnv): Promise<Buffer> {
  return unsubscribeKey((await loadVapidKeys(db, env)).privateKey);
}

const mac = (key: Buffer, payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

/**
 * The token for `target`: 34 bytes as base64url (46 characters). The same person and kind always
 * give the same token, so every e-mail of a kind carries one link.
 * @throws Error when `target.userId` is not a UUID
 */
export function signUnsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  if (!UUID.test(target.userId)) throw new Error('unsubscribe token: user id must be a UUID');
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload[0] = VERSION;
  Buffer.from(target.userId.replaceAll('-', ''), 'hex').copy(payload, 1);
  payload[17] = KIND_CODES[target.kind];
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url');
}

/** Whether `token` has a token's shape (46 base64url characters), before any key is needed. */
export const isUnsubscribeTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{46}$/.test(token);

/** What `token` names when `key` signed it; null for anything else (wrong length, version, kind or MAC). */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
  if (!isUnsubscribeTokenShaped(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES || bytes[0] !== VERSION) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(mac(key, payload), bytes.subarray(PAYLOAD_BYTES))) return null;
  const kind = KIND_OF_CODE.get(payload[17]!);
  if (!kind) return null;
  const hex = payload.subarray(1, 17).toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, kind };
}
