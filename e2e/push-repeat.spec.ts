/**
 * A dose pushed twice (the server crashed between sending and recording it) shows one notification,
 * and the worker's own notices speak the user's language. Pushes reach the built service worker
 * through Chromium's DevTools protocol (ServiceWorker.deliverPushMessage).
 */
import { expect, test, type Page } from '@playwright/test';
import { deliverPush, deliverPushes, pressNotificationAction, signInWithProfile } from './fixtures';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

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

/** A dose reminder's push payload for 2026-11-23, shaped as the server's dispatcher sends it. */
function dosePush(dose: {
  name: string;
  dosage: string;
  title: string;
  body: string;
  time?: string;
  medicationId?: string;
  reminderId?: string;
}) {
  const { time = '08:00', medicationId = crypto.randomUUID(), reminderId = crypto.randomUUID() } = dose;
  return {
    reminder_id: reminderId,
    kind: 'dose',
    title: dose.title,
    body: dose.body,
    tag: `dose-${medicationId}-2026-11-23-${time}`,
    url: '/home',
    dose: {
      medication_id: medicationId,
      medication_name: dose.name,
      dosage: dose.dosage,
      date: '2026-11-23',
      scheduled_time: time,
    },
  };
}

test('the same dose pushed twice leaves one notification; another dose adds its own', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signInWithProfile(page, 'Vikram Shah');
  await page.evaluate(async () => navigator.serviceWorker.ready);

  const medicationId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const dose = (time: string, reminderId: string) =>
    dosePush({
      medicationId,
      reminderId,
      time,
      name: 'Metformin',
      dosage: '500 mg',
      title: 'Time to take Metformin',
      body: `500 mg tablet at ${time}`,
    });
  const first = dose('08:00', 'a4c5e3f2-1111-4222-8333-444455556666');

  await deliverPush(page, context, first);
  expect(await shownNotifications(page)).toHaveLength(1);

  // The crash repeat: same reminder, same dose, same tag. deliverPush returns once the worker
  // handled the push, so what shows now is its final state.
  await deliverPush(page, context, first);
  await deliverPush(page, context, dose('20:00', 'b4c5e3f2-1111-4222-8333-444455556666'));
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

test('reminders pushed at the same moment each stay listed, so their buttons and replacement find them', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signInWithProfile(page, 'Kavya Nair');
  await page.evaluate(async () => navigator.serviceWorker.ready);

  // Twenty medicines due in the same minute: the server pushes their reminders together.
  const doses = Array.from({ length: 20 }, (_, i) =>
    dosePush({
      name: `Medicine ${i}`,
      dosage: '1 tablet',
      title: `Time to take Medicine ${i}`,
      body: '1 tablet at 08:00',
    }),
  );
  const tags = doses.map((dose) => dose.tag);
  await deliverPushes(page, context, doses);
  expect((await shownNotifications(page)).map((n) => n.tag).sort()).toEqual([...tags].sort());
});

const notices = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`),
  );

test("the worker's own notices speak the page's language: an unreadable push, a failed Take and Snooze", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signInWithProfile(page, 'Meera Iyer');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const lastLanguage = () =>
    page.evaluate(async () => (await (await caches.open('diacare-page-language')).match('/__page-language'))?.text());
  await expect.poll(lastLanguage).toBe('en');

  // The person switches to Hindi on Profile: the page tells the worker at once.
  await page.goto('/profile');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect.poll(lastLanguage).toBe('hi');

  // A push without a usable payload still shows a notice, in Hindi.
  await deliverPush(page, context, 'not json');
  await expect.poll(() => notices(page)).toEqual(['DiaCare: आपके लिए एक नया रिमाइंडर है।']);
  await page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()),
  );

  // 'Take' on a medicine deleted since (the server answers 404), from a push without the
  // server's failure texts: the worker's own, in Hindi, with the name as typed.
  const dose = dosePush({
    name: 'Glycomet GP 2',
    dosage: '1 tablet',
    title: 'Glycomet GP 2 लेने का समय',
    body: '08:00 बजे 1 टैबलेट',
  });
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await pressNotificationAction(worker!, dose, 'take', 'handled');
  await expect
    .poll(() => notices(page))
    .toEqual(['खुराक दर्ज नहीं हो सकी: Glycomet GP 2 ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।']);

  // 'Snooze 10 min' of a reminder the server does not know (404): the server's texts from the
  // payload (dispatcher.ts sends them in the user's language) are what shows.
  await pressNotificationAction(
    worker!,
    {
      ...dose,
      reminder_id: crypto.randomUUID(),
      tag: dose.tag.replace('08:00', '20:00'),
      failure: {
        take: { title: 'खुराक दर्ज नहीं हो सकी', body: 'Glycomet GP 2 ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।' },
        snooze: { title: 'रिमाइंडर स्नूज़ नहीं हो सका', body: 'Glycomet GP 2: अपनी दवाएं देखने के लिए DiaCare खोलें।' },
      },
    },
    'snooze',
    'handled',
  );
  await expect
    .poll(async () => (await notices(page)).sort())
    .toEqual(
      [
        'खुराक दर्ज नहीं हो सकी: Glycomet GP 2 ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।',
        'रिमाइंडर स्नूज़ नहीं हो सका: Glycomet GP 2: अपनी दवाएं देखने के लिए DiaCare खोलें।',
      ].sort(),
    );

  // Back to English: the next unreadable push is in English.
  await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
  await expect.poll(lastLanguage).toBe('en');
  await deliverPush(page, context, 'not json');
  await expect
    .poll(async () => (await notices(page)).filter((n) => n.startsWith('DiaCare')))
    .toEqual(['DiaCare: You have a new reminder.']);
});
