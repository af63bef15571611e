/**
 * lastKnownData's keying (issue 12, decision 027): offline on a new day, a screen keyed by a range
 * ending today (Reports' week, History's 30 days) starts from the same range as fetched on the
 * day its data was fetched, that day read in the user's zone. Checked just after midnight in
 * Kolkata (00:50 IST = 19:20 UTC, when the UTC date is still the day before) and in the afternoon.
 */
import { localDate, shiftDate } from '@diacare/contract/dates';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { reportRequestOutcome } from './connectivity';
import { lastKnownData } from './offline-states';

const ZONE = 'Asia/Kolkata';
const DAY_MS = 24 * 60 * 60 * 1000;
/** History's 30-day glucose range ending on `day`, as history-view.tsx keys it. */
const historyKey = (day: string) => ['health', 'glucose', { start_date: shiftDate(day, -29) }];

describe('lastKnownData', () => {
  afterEach(() => reportRequestOutcome(200));

  for (const fetchedAt of ['2026-11-23T19:20:00Z', '2026-11-24T10:30:00Z']) {
    it(`offline the next day finds the range fetched at ${fetchedAt} (the day in the user's zone)`, () => {
      const client = new QueryClient();
      const at = Date.parse(fetchedAt);
      const seenDay = localDate(new Date(at), ZONE);
      client.setQueryData(historyKey(seenDay), [{ value: 143 }], { updatedAt: at });
      // Another kind's week, fetched later the same day, is not this query.
      client.setQueryData(['health', 'glucose', { start_date: shiftDate(seenDay, -6) }], [{ value: 1 }], {
        updatedAt: at + 1000,
      });
      reportRequestOutcome(0); // the server cannot be reached

      const nextDay = localDate(new Date(at + DAY_MS), ZONE);
      expect(historyKey(nextDay)).not.toEqual(historyKey(seenDay));
      const initial = lastKnownData<{ value: number }[]>(client, historyKey, ZONE);
      expect(initial.initialData()).toEqual([{ value: 143 }]);
      expect(initial.initialDataUpdatedAt()).toBe(at);
    });
  }
});
