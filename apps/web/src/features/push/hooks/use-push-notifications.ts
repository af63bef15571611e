/**
 * Home's push toggle: follows the browser's existing subscription; enabling asks permission,
 * subscribes with the server's VAPID key and registers it; disabling removes it on the server and
 * in the browser.
 */
import type { PushSubscriptionInput } from '@diacare/contract/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { base64UrlToBytes, getVapidPublicKey, removeSubscription, saveSubscription } from '../api/push';

/** Home (docs/product.md): the bell exists only where service workers and push exist. */
export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window;
}

const subscriptionKey = ['push', 'subscription'] as const;
let syncedThisLoad = false;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Whether this browser is subscribed. Once per page load an existing subscription is
 * posted again, so the server holds it (it may have dropped it). When the server answers
 * 409, the subscription belongs to another account that used this browser before
 * (decision 013): the browser drops it, and this user can turn push on with a fresh one.
 */
async function readSubscribed(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (subscription && !syncedThisLoad) {
    syncedThisLoad = true;
    try {
      await saveSubscription(subscription.toJSON() as PushSubscriptionInput);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        await subscription.unsubscribe().catch(() => undefined);
        return false;
      }
      console.warn('Could not refresh the push subscription on the server', error);
    }
  }
  return subscription !== null;
}

/** How long enabling waits for the service worker on a first visit (it registers after load). */
const WORKER_WAIT_MS = 10_000;

/** The active registration; rejects when none becomes active (registration failed). */
function activeRegistration(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No active service worker')), WORKER_WAIT_MS);
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    });
  });
}

/** Returns false when the user did not grant permission. */
async function enable(): Promise<boolean> {
  const permission = typeof Notification === 'undefined' ? 'denied' : await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const registration = await activeRegistration();
  const { publicKey } = await getVapidPublicKey();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
  try {
    await saveSubscription(subscription.toJSON() as PushSubscriptionInput);
  } catch (error) {
    // The server does not know it: do not leave the browser subscribed either.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return true;
}

async function disable(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await removeSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

export function usePushNotifications() {
  const queryClient = useQueryClient();
  const supported = isPushSupported();
  const state = useQuery({ queryKey: subscriptionKey, queryFn: readSubscribed, enabled: supported, retry: false });
  const subscribed = state.data === true;

  const toggle = useMutation({
    mutationFn: async (): Promise<void> => {
      if (subscribed) {
        try {
          await disable();
        } catch (error) {
          console.error('Disabling push failed', error);
          toast({ title: t('common.error'), description: t('push.toast.disableFailed'), variant: 'destructive' });
          return;
        }
        queryClient.setQueryData(subscriptionKey, false);
        toast({ title: t('push.toast.disabled'), description: t('push.toast.disabledText') });
        return;
      }
      let granted: boolean;
      try {
        granted = await enable();
      } catch (error) {
        console.error('Enabling push failed', error);
        toast({ title: t('common.error'), description: t('push.toast.enableFailed'), variant: 'destructive' });
        return;
      }
      if (!granted) {
        toast({ title: t('push.toast.denied'), description: t('push.toast.deniedText') });
        return;
      }
      queryClient.setQueryData(subscriptionKey, true);
      toast({ title: t('common.success'), description: t('push.toast.enabled') });
    },
  });

  return { supported, subscribed, busy: toggle.isPending || state.isPending, toggle: () => toggle.mutate() };
}
