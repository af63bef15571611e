/**
 * A test app whose Web Push messages go to the local push service (support/push-service.ts),
 * with the app's VAPID keys and a sender that makes one attempt per message (retries are the
 * dispatcher's to drive). Shared by the reminder tests (dispatcher, server-i18n).
 */
import { parseEnv } from '../../src/config/env.ts';
import { createPushSender, type PushSender } from '../../src/modules/push/push-sender.ts';
import { loadVapidKeys } from '../../src/modules/push/vapid.ts';
import { createTestApp, type Driver, type TestApp } from '../helpers.ts';
import { startPushService, type PushService } from './push-service.ts';

export interface PushTestApp {
  t: TestApp;
  service: PushService;
  sender: PushSender;
  /** Closes the sender, the app and the push service. */
  close(): Promise<void>;
}

/** Starts the push service, then a test app on `driver` allowed to send to it, then the sender. */
export async function startPushTestApp(driver: Driver): Promise<PushTestApp> {
  const service = await startPushService();
  const t = await createTestApp(driver, { env: { PUSH_SERVICE_HOSTS: new URL(service.origin).host } });
  const vapid = await loadVapidKeys(t.database.db, parseEnv({ NODE_ENV: 'test' }));
  const sender = createPushSender({ vapid, maxAttempts: 1 });
  return {
    t,
    service,
    sender,
    async close() {
      await sender.close();
      await t.close();
      await service.close();
    },
  };
}
