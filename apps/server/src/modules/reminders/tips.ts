/**
 * Weekly Health Tips: with the preference on, one tip a week from the knowledge base's articles,
 * in the user's language, never the same twice in a row; tips are reminders of kind 'tip'.
 * Decision 040.
 */
import { createHash } from 'node:crypto';
import { localDate, shiftDate, zonedInstant } from '@diacare/contract/dates';
import type { Database } from '../../db/client.ts';
import { t, userLanguage } from '../../i18n/index.ts';
import type { Clock } from '../../types.ts';
import { TIP_TIME, TIP_INTERVAL_DAYS, TIP_WINDOW_MS, TIP_PAGE } from './constants.ts';
import { healthTips, type HealthTip } from '../knowledge/knowledge.ts';
import { createScheduleRepository } from './schedule.repository.ts';

/** 'tip:<user>:<local date>:<article>' — the article is kept so that the next tip differs. */
export const tipDedupeKey = (userId: string, date: string, articleId: string) => `tip:${userId}:${date}:${articleId}`;

/** The article of a tip's dedupe key, or null for another kind of key. */
export function tipArticleOf(dedupeKey: string): string | null {
  const parts = dedupeKey.split(':');
  return parts[0] === 'tip' && parts.length === 4 ? parts[3]! : null;
}

/**
 * When the next tip is due: TIP_INTERVAL_DAYS after the last one's local date at TIP_TIME in
 * the user's `zone`, or, when there was none or that time has passed (the preference was off),
 * the first TIP_TIME at or after `now`. Pure.
 */
export function nextTipDue(lastDue: Date | null, now: Date, zone: string): Date {
  if (lastDue) {
    const planned = zonedInstant(shiftDate(localDate(lastDue, zone), TIP_INTERVAL_DAYS), TIP_TIME, zone);
    if (planned >= now) return planned;
  }
  const today = localDate(now, zone);
  const due = zonedInstant(today, TIP_TIME, zone);
  return due >= now ? due : zonedInstant(shiftDate(today, 1), TIP_TIME, zone);
}

/**
 * The tip after the one from `previousArticle` in `tips` (article-id order, wrapping), so two
 * tips in a row always differ while there are two or more. A user's first tip starts at a place
 * taken from their id, so users do not all get the same tip the same week. Pure.
 */
export function nextTip(tips: readonly HealthTip[], previousArticle: string | null, userId: string): HealthTip {
  if (tips.length === 0) throw new Error('no article has a tip');
  const previous = previousArticle === null ? -1 : tips.findIndex((tip) => tip.articleId === previousArticle);
  const index = previous >= 0 ? previous + 1 : createHash('sha256').update(userId).digest().readUInt32BE(0);
  return tips[index % tips.length]!;
}

/**
 * Makes the next tip of every user who has Health Tips and push on and no tip in the last
 * TIP_INTERVAL_DAYS − 1 days (so the next one is due within a day), in pages. Writes are
 * upserts on the dedupe key, so instances running this together make each tip once.
 * @returns the number of tips made
 */
export async function materialiseHealthTips(db: Database, clock: Clock): Promise<number> {
  const now = clock();
  const since = new Date(now.getTime() - (TIP_INTERVAL_DAYS - 1) * 24 * 3_600_000);
  let made = 0;
  for (;;) {
    const users = await createScheduleRepository(db).usersDueATip(since, TIP_PAGE);
    if (users.length === 0) return made;
    const rows = users.map((user) => {
      const language = userLanguage(user.language);
      const due = nextTipDue(user.last_due_ms === null ? null : new Date(Number(user.last_due_ms)), now, user.timezone);
      const tip = nextTip(healthTips(language), user.last_key ? tipArticleOf(user.last_key) : null, user.user_id);
      return {
        user_id: user.user_id,
        kind: 'tip' as const,
        title: t(language, 'push.tip.title'),
        body: tip.text,
        due_at: due,
        expires_at: new Date(due.getTime() + TIP_WINDOW_MS),
        dedupe_key: tipDedupeKey(user.user_id, localDate(due, user.timezone), tip.articleId),
      };
    });
    const inserted = await createScheduleRepository(db).insertNewReminders(rows);
    made += inserted;
    // A page that made nothing (another instance made them first) is not read again.
    if (users.length < TIP_PAGE || inserted === 0) return made;
  }
}
