/// <reference lib="webworker" />
/**
 * The service worker's own notices in the user's language, for sw.ts.
 *
 * - A dose reminder's push carries its failure texts in the user's language, made by the
 *   server (ReminderPush.failure, decision 026); those win.
 * - Without them (a push that cannot be read, a push from an older server) the worker uses
 *   the `push.sw.*` texts of the web catalogs (src/locales/<lang>/push.json) in the language
 *   the page last told it (message { type: 'LANGUAGE', language }, kept in Cache Storage so
 *   it outlives the worker), else English.
 *
 * Only the push area's two small files are bundled into the worker; messages there use plain
 * `{name}` arguments only (no plurals), filled in by `swText`.
 */
import type { ReminderPush } from '@diacare/contract/push';
import type { Language } from '@diacare/contract/users';
import en from '../locales/en/push.json';
import hi from '../locales/hi/push.json';

const CATALOGS: Record<Language, Record<string, string>> = { en, hi };

/** The worker's fallback texts (ids of src/locales/<lang>/push.json). */
export type SwTextId =
  | 'push.sw.newReminder'
  | 'push.sw.takeFailed'
  | 'push.sw.takeFailedText'
  | 'push.sw.snoozeFailed'
  | 'push.sw.snoozeFailedText';

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'hi';

/**
 * The text `id` in `language` with its `{name}` arguments filled from `values`; English when
 * `language` is not one DiaCare speaks (null: the page never said) or lacks the id.
 */
export function swText(language: unknown, id: SwTextId, values: Record<string, string> = {}): string {
  const message = (isLanguage(language) ? CATALOGS[language][id] : undefined) ?? CATALOGS.en[id] ?? id;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Title and body of the notice shown when the notification's `action` fails: the payload's
 * own texts (the server's, in the user's language), else the catalogs' in `language`.
 */
export function failureNotice(
  payload: Pick<ReminderPush, 'failure' | 'dose'>,
  action: 'take' | 'snooze',
  language: unknown,
): { title: string; body: string } {
  const sent = payload.failure?.[action];
  if (sent?.title && sent.body) return { title: sent.title, body: sent.body };
  return action === 'take'
    ? {
        title: swText(language, 'push.sw.takeFailed'),
        body: swText(language, 'push.sw.takeFailedText', { medicine: payload.dose?.medication_name ?? '' }),
      }
    : { title: swText(language, 'push.sw.snoozeFailed'), body: swText(language, 'push.sw.snoozeFailedText') };
}

const LANGUAGE_CACHE = 'diacare-page-language';
const LANGUAGE_KEY = '/__page-language';

/** Keeps the language the page shows (ignores anything but 'en' and 'hi', and storage errors). */
export async function rememberLanguage(language: unknown): Promise<void> {
  if (!isLanguage(language)) return;
  try {
    const cache = await caches.open(LANGUAGE_CACHE);
    await cache.put(LANGUAGE_KEY, new Response(language, { headers: { 'Content-Type': 'text/plain' } }));
  } catch (error) {
    console.warn('Could not keep the page language', error);
  }
}

/** The language the page last showed, or null when it never said (or storage failed). */
export async function lastLanguage(): Promise<Language | null> {
  try {
    const response = await (await caches.open(LANGUAGE_CACHE)).match(LANGUAGE_KEY);
    const language = response ? await response.text() : null;
    return isLanguage(language) ? language : null;
  } catch {
    return null;
  }
}
