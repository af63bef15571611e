/**
 * /api/push/*. Type-only imports keep
 * zod off Home's first load.
 */
import type { PushSubscriptionInput } from '@diacare/contract/push';
import { api } from '../../../lib/api-client';

/** GET /api/push/vapid-public-key → the server's key, base64url. */
export const getVapidPublicKey = () => api.get<{ publicKey: string }>('/api/push/vapid-public-key');

/** POST /api/push/subscribe with the browser's PushSubscription.toJSON(). */
export const saveSubscription = (subscription: PushSubscriptionInput) =>
  api.post<unknown>('/api/push/subscribe', subscription);

/** POST /api/push/unsubscribe { endpoint }: lib/push-cleanup.ts's, which sign-out uses too. */
export { removeSubscription } from '../../../lib/push-cleanup';

/** base64url (or base64) text → bytes, as PushManager.subscribe wants the applicationServerKey. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
