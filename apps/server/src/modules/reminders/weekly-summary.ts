/**
 * The weekly summary (decision 050): one `weekly_summary` reminder per user and week, due on
 * Sunday at SUMMARY_TIME in the user's zone, sent only on the channels routing picks for it.
 */
import { formatShortDate, isoWeekdayOf, localDate, localTime, shiftDate, zonedInstant } from '@diacare/contract/dates';
import { dailyAdherence, sumAdherence } from '@diacare/contract/dose-rules';
import type { Medication } from '@diacare/contract/medications';
import type { Database } from '../../db/client.ts';
import { INTL_LOCALES, t, userLanguage, type Language } from '../../i18n/index.ts';
import type { Clock } from '../../types.ts';
import { SUMMARY_TIME, SUMMARY_WINDOW_MS, SUMMARY_PAGE } from './constants.ts';
import { scheduleOf } from './dose-reminders.ts';
import { createScheduleRepository } from './schedule.repository.ts';
import { createSummaryRepository } from './summary.repository.ts';

/** 'weekly_summary:<user>:<the week's Sunday, local date>': one per user and week. */
export const summaryDedupeKey = (userId: string, sunday: string) => `weekly_summary:${userId}:${sunday}`;

/** The Sunday (YYYY-MM-DD) of a summary's dedupe key, or null for another kind of key. */
export function summarySundayOf(dedupeKey: string): string | null {
  const parts = dedupeKey.split(':');
  return parts[0] === 'weekly_summary' && parts.length === 3 ? parts[2]! : null;
}

/** The first Sunday SUMMARY_TIME in `zone` at or after `now`. Pure. */
export function nextSummaryDue(now: Date, zone: string): Date {
  const today = localDate(now, zone);
  const sunday = shiftDate(today, 7 - isoWeekdayOf(today));
  const due = zonedInstant(sunday, SUMMARY_TIME, zone);
  return due >= now ? due : zonedInstant(shiftDate(sunday, 7), SUMMARY_TIME, zone);
}

/**
 * Makes the next summary (nextSummaryDue) of every user who lacks it, in pages: each is made
 * as soon as the one before is due, so it waits up to a week. Inserts on the dedupe key, so
 * instances running this together make each summary once.
 * @returns the number of summaries made
 */
export async function materialiseWeeklySummaries(db: Database, clock: Clock): Promise<number> {
  const now = clock();
  let made = 0;
  for (;;) {
    const users = await createSummaryRepository(db).usersDueASummary(now, SUMMARY_TIME, SUMMARY_PAGE);
    if (users.length === 0) return made;
    const rows = users.map((user) => {
      const language = userLanguage(user.language);
      const due = nextSummaryDue(now, user.timezone);
      return {
        user_id: user.user_id,
        kind: 'weekly_summary' as const,
        title: t(language, 'push.weekly_summary.title'),
        body: t(language, 'push.weekly_summary.body'),
        due_at: due,
        expires_at: new Date(due.getTime() + SUMMARY_WINDOW_MS),
        dedupe_key: summaryDedupeKey(user.user_id, localDate(due, user.timezone)),
      };
    });
    const inserted = await createScheduleRepository(db).insertNewReminders(rows);
    made += inserted;
    if (users.length < SUMMARY_PAGE || inserted === 0) return made;
  }
}

/**
 * The template values of a user's summary for the week Monday–`sunday` (local dates in
 * `zone`), as of `now`: `week` ('19 Oct – 25 Oct' in the user's language), `adherence` (taken ÷
 * counted doses of the week under Reports' rule, dailyAdherence; '—' when none count) and
 * `readings` (glucose readings logged that week).
 */
export async function weeklySummaryValues(
  db: Database,
  input: { userId: string; sunday: string; zone: string; language: Language; now: Date },
): Promise<Record<'week' | 'adherence' | 'readings', string>> {
  const monday = shiftDate(input.sunday, -6);
  const dates = Array.from({ length: 7 }, (_, day) => shiftDate(monday, day));
  const activity = await createSummaryRepository(db).weekActivity(input.userId, monday, input.sunday);
  const medications = activity.medications.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    ...scheduleOf(row),
  }));
  const days = dailyAdherence(
    medications as unknown as Medication[],
    activity.records,
    dates,
    localDate(input.now, input.zone),
    localTime(input.now, input.zone),
    input.zone,
  );
  const { percent } = sumAdherence(days);
  const locale = INTL_LOCALES[input.language];
  return {
    week: `${formatShortDate(monday, locale)} – ${formatShortDate(input.sunday, locale)}`,
    adherence: percent === null ? '—' : `${percent}%`,
    readings: String(activity.readings),
  };
}
