/**
 * The push a reminder becomes (its JSON is the push's plaintext): texts, tag, Topic and url.
 * Pure apart from the per-language text cache; the reminders bench builds the same bytes.
 */
import { createHash } from 'node:crypto';
import type { ReminderPush } from '@diacare/contract/push';
import { t, type Language } from '../../i18n/index.ts';
import type { ClaimedMedication, ClaimedReminder } from './dispatch.repository.ts';

/** The Topic header of a push with notification tag `tag`: 32 base64url characters of its SHA-256 (RFC 8030 §5.4). */
export const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** What buildReminderPush reads of a reminder row. */
export type ReminderPushRow = Pick<
  ClaimedReminder,
  'id' | 'user_id' | 'kind' | 'medication_id' | 'dose_date' | 'scheduled_time' | 'title' | 'body'
>;

/** Notification tag: one per dose (a snooze replaces its dose's notification), else per reminder. */
export function tagOf(row: Pick<ReminderPushRow, 'id' | 'medication_id' | 'dose_date' | 'scheduled_time'>): string {
  if (row.medication_id && row.dose_date && row.scheduled_time) {
    return `dose-${row.medication_id}-${row.dose_date}-${row.scheduled_time}`;
  }
  return `reminder-${row.id}`;
}

/** Where tapping the notification leads. */
export function urlOf(row: Pick<ReminderPushRow, 'kind' | 'medication_id'>): string {
  if (row.kind === 'refill' && row.medication_id) return `/medications/edit/${row.medication_id}`;
  if (row.kind === 'tip') return '/faq';
  if (row.kind === 'weekly_summary') return '/reports';
  return '/home';
}

/** The confirmation and failure notices of a dose push. */
export type DoseNotices = Pick<ReminderPush, 'confirmation' | 'failure'>;

/** The texts of a push that depend only on the language (and the medicine's name). */
export interface PushTexts {
  /** The Take/Snooze actions' labels (push.action.*). */
  actions(language: Language): NonNullable<ReminderPush['actions']>;
  /** The 'taken' confirmation and the 'failed' notices of a dose of `medicine` (push.taken.*, push.failed.*). */
  doseNotices(language: Language, medicine: string): DoseNotices;
}

/**
 * PushTexts that make each text once per language (and medicine) instead of once per push: seven
 * catalog lookups per dose push otherwise; a batch is mostly a few medicines in one or two
 * languages. Bounded: the notices are cleared when they reach 10,000 entries. One per dispatcher.
 */
export function createPushTexts(): PushTexts {
  const actionsByLanguage = new Map<Language, NonNullable<ReminderPush['actions']>>();
  const noticesByMedicine = new Map<string, DoseNotices>();
  return {
    actions(language) {
      let actions = actionsByLanguage.get(language);
      if (!actions) {
        actions = { take: t(language, 'push.action.take'), snooze: t(language, 'push.action.snooze') };
        actionsByLanguage.set(language, actions);
      }
      return actions;
    },
    doseNotices(language, medicine) {
      const key = `${language}\u0000${medicine}`;
      let notices = noticesByMedicine.get(key);
      if (!notices) {
        notices = {
          confirmation: {
            title: t(language, 'push.taken.title'),
            taken: t(language, 'push.taken.body', { medicine }),
            queued: t(language, 'push.taken.body_queued', { medicine }),
          },
          failure: {
            take: {
              title: t(language, 'push.failed.take.title'),
              body: t(language, 'push.failed.take.body', { medicine }),
            },
            snooze: { title: t(language, 'push.failed.snooze.title'), body: t(language, 'push.failed.snooze.body') },
          },
        };
        if (noticesByMedicine.size >= 10_000) noticesByMedicine.clear();
        noticesByMedicine.set(key, notices);
      }
      return notices;
    },
  };
}

/**
 * The ReminderPush the dispatcher sends for a reminder (JSON.stringify of it is the push's
 * plaintext): the Take/Snooze labels in `language`, the row's stored title and body (already
 * in the user's language), the tag and url, and for a dose of a known medication its `dose`
 * fields and the 'taken'/'failed' notices in `language`. Pure apart from `texts`' caching.
 * The reminders bench builds its baseline's payloads with it, so both send the same bytes
 * (decision 014).
 */
export function buildReminderPush(
  {
    row,
    medication,
    language,
  }: { row: ReminderPushRow; medication: Pick<ClaimedMedication, 'id' | 'name' | 'dosage'> | null; language: Language },
  texts: PushTexts = createPushTexts(),
): ReminderPush {
  const isDose = Boolean(medication && row.dose_date && row.scheduled_time);
  return {
    actions: texts.actions(language),
    reminder_id: row.id,
    user_id: row.user_id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    tag: tagOf(row),
    url: urlOf(row),
    dose:
      isDose && medication
        ? {
            medication_id: medication.id,
            medication_name: medication.name,
            dosage: medication.dosage,
            date: row.dose_date!,
            scheduled_time: row.scheduled_time!,
          }
        : null,
    ...(isDose && medication ? texts.doseNotices(language, medication.name) : {}),
  };
}
