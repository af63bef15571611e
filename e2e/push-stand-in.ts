/** The journeys' push stand-in: Chromium here reaches no push service (page.addInitScript(stubPushManager)). */

/** Replaces the browser's push subscription with a fake one kept in sessionStorage. */
export function stubPushManager(): void {
  const b64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  // A real-looking uncompressed P-256 point (0x04 + 64 bytes) and a 16-byte auth secret.
  const p256dh = new Uint8Array(65);
  p256dh[0] = 0x04;
  crypto.getRandomValues(p256dh.subarray(1));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const storeKey = 'e2e-fake-push-endpoint';
  const fake = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: () => null,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: b64url(p256dh), auth: b64url(auth) } }),
    unsubscribe: async () => {
      sessionStorage.removeItem(storeKey);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const endpoint = sessionStorage.getItem(storeKey);
    return (endpoint ? fake(endpoint) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array | undefined;
    (window as unknown as { e2eSubscribe: unknown }).e2eSubscribe = {
      userVisibleOnly: options?.userVisibleOnly,
      keyBytes: key?.byteLength,
      keyFirstByte: key?.[0],
    };
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`;
    sessionStorage.setItem(storeKey, endpoint);
    return fake(endpoint) as unknown as PushSubscription;
  };
}
