/**
 * Sign-out's push clean-up: reminders name the user's medicines, so this device's subscription is
 * removed on the server and in the browser. Best effort: sign-out never waits more than `timeoutMs`
 * and never fails because of it.
 */
import { api } from './api-client';

/** POST /api/push/unsubscribe { endpoint } (also the push feature's, when push is turned off). */
export const removeSubscription = (endpoint: string) => api.post<unknown>('/api/push/unsubscribe', { endpoint });

async function unsubscribe(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await removeSubscription(subscription.endpoint).catch((error: unknown) => {
    console.warn('Could not remove the push subscription on the server', error);
  });
  await subscription.unsubscribe();
}

export async function unsubscribeThisDevice(timeoutMs = 3000): Promise<void> {
  try {
    await Promise.race([unsubscribe(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  } catch (error) {
    console.warn('Could not unsubscribe this device from push', error);
  }
}
