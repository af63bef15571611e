/**
 * Issue 15, fix 7: a dose pushed twice (the server crashed after sending it, before recording
 * it) shows one notification, not two. The pushes are delivered to the real, built service
 * worker through Chromium's DevTools protocol (ServiceWorker.deliverPushMessage: a trusted
 * push event, as a push service would cause), so its own push handler shows them.
 */
import { expect, test, type Page } from '@playwright/test';
import { deliverPush, signInWithProfile } from './fixtures';

interface ShownNotification {
  title: string;
  tag: string;
  renotify: boolean;
  reminderId: string | null;
}

async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      tag: n.tag,
      renotify: (n as Notification & { renotify: boolean }).renotify,
      reminderId: (n.data as { reminder_id?: string } | null)?.reminder_id ?? null,
    }));
  });
}

test('the same dose pushed twice leaves one notification; another dose adds its own', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signInWithProfile(page, 'Vikram Shah');
  await page.evaluate(async () => navigator.serviceWorker.ready);

  const medicationId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const dose = (time: string, reminderId: string) => ({
    reminder_id: reminderId,
    kind: 'dose',
    title: 'Time to take Metformin',
    body: `500 mg tablet at ${time}`,
    tag: `dose-${medicationId}-2026-11-23-${time}`,
    url: '/home',
    dose: {
      medication_id: medicationId,
      medication_name: 'Metformin',
      dosage: '500 mg',
      date: '2026-11-23',
      scheduled_time: time,
    },
  });
  const first = dose('08:00', 'a4c5e3f2-1111-4222-8333-444455556666');

  await deliverPush(page, context, first);
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);

  // The crash repeat: same reminder, same dose, same tag.
  await deliverPush(page, context, first);
  // Let the second push event finish before counting (a third push is the marker).
  await deliverPush(page, context, dose('20:00', 'b4c5e3f2-1111-4222-8333-444455556666'));
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(2);
  const shown = await shownNotifications(page);
  const morning = shown.filter((n) => n.tag === first.tag);
  expect(morning).toEqual([
    { title: 'Time to take Metformin', tag: first.tag, renotify: false, reminderId: first.reminder_id },
  ]);
  expect(shown.map((n) => n.tag).sort()).toEqual([first.tag, `dose-${medicationId}-2026-11-23-20:00`].sort());

  // A snooze of the same dose (a new reminder) replaces it too, and alerts again.
  await deliverPush(page, context, dose('08:00', 'c4c5e3f2-1111-4222-8333-444455556666'));
  await expect
    .poll(async () => (await shownNotifications(page)).filter((n) => n.tag === first.tag))
    .toEqual([
      {
        title: 'Time to take Metformin',
        tag: first.tag,
        renotify: true,
        reminderId: 'c4c5e3f2-1111-4222-8333-444455556666',
      },
    ]);
  expect(await shownNotifications(page)).toHaveLength(2);
});
