/**
 * lastKnownData's keying: offline on a new day, a screen keyed by a range ending today starts from the
 * range fetched on the day its data was fetched, read in the user's zone; checked just after
 * midnight in Kolkata and in the afternoon. Decision 027.
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
