/// <reference lib="webworker" />
/**
 * DiaCare's service worker, built by
 * vite-plugin-pwa (injectManifest) to /sw.js and registered from boot.tsx.
 *
 * - App shell: index.html and the hashed assets of this build are precached; every
 *   navigation outside /api, /auth and /unsubscribe (the server's own pages) is answered with
 *   the cached index.html, so the app opens offline. API responses are never cached (they are
 *   the user's health data).
 * - Push: each push carries a ReminderPush (packages/contract/src/push.ts). A dose reminder
 *   gets the actions 'Take' (records the dose through the API without opening the app) and
 *   'Snooze 10 min' (asks the server for a new reminder in 10 minutes); a plain click
 *   focuses an open DiaCare window or opens the payload's url (/home).
 * - Offline: a Take whose request fails is queued and sent when the network is
 *   back (sw-offline-take.ts); a reminder for a dose taken here is not shown again. The page's
 *   outbox is sent on its Background Sync, also with no page open (sw-outbox.ts).
 */
import { localDate, localTime } from '@diacare/contract/dates';
import type { ReminderPush } from '@diacare/contract/push';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { markTakenHere, replayQueuedTakes, sendTake, takenHere, unmarkTakenHere } from './sw-offline-take';
import { failureNotice, lastLanguage, rememberLanguage, swText } from './sw-texts';
// Background Sync for the page's outbox: registers the worker's 'sync' listener.
import './sw-outbox';

declare const self: ServiceWorkerGlobalScope;

/** Snooze length of the 'Snooze 10 min' action. */
const SNOOZE_MS = 10 * 60_000;
/** How long the "Marked … as taken" confirmation stays (the app's toast duration, docs/product.md). */
const CONFIRMATION_MS = 4000;
const ICON = '/pwa-192x192.png';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/, /^\/unsubscribe(\/|$)/],
  }),
);

// Takes queued while offline go out whenever the worker starts (browsers without Background Sync too).
void replayQueuedTakes();

// The page may ask a waiting worker to take over (not used yet: new versions wait for every
// DiaCare window to close; see vite.config.ts).
// A DiaCare page that starts (after a sign-in too) asks for the signed-in user's queued Takes.
// The page tells the language it shows, for the worker's own notices (sw-texts.ts).
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'REPLAY_TAKES') event.waitUntil(replayQueuedTakes());
  if (type === 'LANGUAGE') event.waitUntil(rememberLanguage((event.data as { language?: unknown }).language));
});

/** Notification options with the action buttons that TypeScript's lib does not list yet. */
type ReminderNotificationOptions = NotificationOptions & {
  actions?: { action: string; title: string }[];
  renotify?: boolean;
};

/** The notification work queued so far (see inTurn). */
let notifying: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` (reading and showing this worker's notifications) after all such work started
 * before it has finished. Chromium drops from its notification store a notification that a
 * getNotifications() call reads while it is still being shown (it counts it as no longer on
 * screen), so one push's look-up must not overlap another push's show: two doses due in the same
 * minute would otherwise leave one notification that getNotifications() no longer lists (its
 * replacement and closing then miss it).
 */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = notifying.then(work, work);
  notifying = next.catch(() => undefined);
  return next;
}

/** Shows a notification in turn with the other notification work (inTurn); every show goes through it. */
function showInTurn(title: string, options: ReminderNotificationOptions): Promise<void> {
  return inTurn(() => self.registration.showNotification(title, options));
}

function readPayload(event: PushEvent): ReminderPush | null {
  try {
    return (event.data?.json() as ReminderPush | undefined) ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  // userVisibleOnly: every push must show a notification, even an unreadable one; in the
  // language the page last showed (English when it never said).
  if (!payload) {
    event.waitUntil(
      lastLanguage().then((language) =>
        showInTurn('DiaCare', {
          body: swText(language, 'push.sw.newReminder'),
          icon: ICON,
          data: null,
        }),
      ),
    );
    return;
  }
  event.waitUntil(replayQueuedTakes().then(() => showReminder(payload)));
});

/**
 * Shows a reminder under its tag (one per dose: `dose-{medication}-{date}-{time}`), so a
 * second push for the same dose replaces the first notification instead of adding one.
 * The same reminder pushed again (the server crashed after sending it, before recording it)
 * replaces it silently (`renotify` false); a different reminder for the same dose
 * (a snooze) alerts again.
 */
async function showReminder(payload: ReminderPush): Promise<void> {
  const { dose } = payload;
  // Taken from a notification on this device, maybe not yet on the server: no reminder again.
  if (dose && (await takenHere(payload.tag))) return;
  await inTurn(async () => {
    const shown = await self.registration.getNotifications({ tag: payload.tag });
    await self.registration.showNotification(payload.title, reminderOptions(payload, shown));
  });
}

/** The options of a reminder's notification; `shown` are the notifications under its tag now. */
function reminderOptions(payload: ReminderPush, shown: Notification[]): ReminderNotificationOptions {
  const { dose } = payload;
  const renotify = shown.some(
    (notification) => (notification.data as ReminderPush | null)?.reminder_id !== payload.reminder_id,
  );
  return {
    // The server writes the medicine, dose and time into the text; this is the fallback.
    body: payload.body || (dose ? `${dose.medication_name} ${dose.dosage} at ${dose.scheduled_time}` : ''),
    tag: payload.tag,
    renotify,
    icon: ICON,
    badge: ICON,
    data: payload,
    actions: dose
      ? [
          // The server sends the labels in the user's language; English otherwise.
          { action: 'take', title: payload.actions?.take ?? 'Take' },
          { action: 'snooze', title: payload.actions?.snooze ?? 'Snooze 10 min' },
        ]
      : [],
  };
}

/** A same-origin JSON request with the session cookie; passes the server's CSRF checks
 *  (Origin is the worker's own origin, the body is application/json). */
async function postJson(path: string, body: unknown): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

/**
 * The signed-in user's IANA zone (dose times follow it, docs/architecture.md), else the device's;
 * and the user's id when the server answered.
 */
async function signedInUser(): Promise<{ zone: string; id: string | null }> {
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    const response = await fetch('/api/users/me', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return { zone: deviceZone, id: null };
    const user = (await response.json()) as { id?: string; timezone?: string | null };
    return { zone: user.timezone || deviceZone, id: user.id ?? null };
  } catch {
    return { zone: deviceZone, id: null };
  }
}

/**
 * 'Take': records the dose as taken now, like Home's Take button. On a
 * failed network the Take is queued and confirmed with 'Waiting to sync'.
 */
async function takeDose(payload: ReminderPush & { dose: NonNullable<ReminderPush['dose']> }): Promise<void> {
  const { dose } = payload;
  await markTakenHere(payload.tag);
  const now = new Date();
  const user = await signedInUser();
  const sent = await sendTake(
    {
      medication_id: dose.medication_id,
      scheduled_time: dose.scheduled_time,
      taken_time: localTime(now, user.zone),
      date: dose.date || localDate(now, user.zone),
      status: 'taken',
    },
    // Whose dose it is; a queued Take is sent only while this user is signed in.
    payload.user_id ?? user.id,
  );
  if (sent.outcome === 'sent' && !sent.response.ok) {
    console.error(`Could not record the dose from the notification: ${sent.response.status}`);
    await unmarkTakenHere(payload.tag);
    // In the user's language as the server sent it, else the page's last.
    const notice = failureNotice(payload, 'take', await lastLanguage());
    await showInTurn(notice.title, {
      body: notice.body,
      tag: payload.tag,
      icon: ICON,
      data: payload,
    });
    return;
  }
  // The same words as the app's toast, in the user's language as the
  // server sent them (English otherwise), then it goes away.
  const queued = sent.outcome === 'queued';
  const { confirmation } = payload;
  await showInTurn(confirmation?.title ?? 'Success!', {
    body:
      (queued ? confirmation?.queued : confirmation?.taken) ??
      `Marked ${dose.medication_name} as taken${queued ? '. Waiting to sync.' : ''}`,
    tag: payload.tag,
    icon: ICON,
    silent: true,
    data: { ...payload, dose: null },
  });
  await new Promise((resolve) => setTimeout(resolve, CONFIRMATION_MS));
  await inTurn(async () => {
    const shown = await self.registration.getNotifications({ tag: payload.tag });
    shown.forEach((notification) => notification.close());
  });
}

/** 'Snooze 10 min': a reminder of the user's own, 10 minutes from now, tied to this one. */
async function snooze(payload: ReminderPush): Promise<void> {
  try {
    await postJson('/api/reminders', {
      title: payload.title,
      body: payload.body,
      due_at: new Date(Date.now() + SNOOZE_MS).toISOString(),
      snoozed_from: payload.reminder_id,
    });
  } catch (error) {
    console.error('Could not snooze the reminder', error);
    const notice = failureNotice(payload, 'snooze', await lastLanguage());
    await showInTurn(notice.title, {
      body: notice.body,
      tag: payload.tag,
      icon: ICON,
      data: { ...payload, dose: null },
    });
  }
}

/** Focuses an open DiaCare window, or opens `url`. */
async function openApp(url: string): Promise<void> {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) target.href = new URL('/home', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  const payload = event.notification.data as ReminderPush | null;
  event.notification.close();
  if (event.action === 'take' && payload?.dose) {
    event.waitUntil(takeDose({ ...payload, dose: payload.dose }));
  } else if (event.action === 'snooze' && payload) {
    event.waitUntil(snooze(payload));
  } else {
    event.waitUntil(openApp(payload?.url ?? '/home'));
  }
});
