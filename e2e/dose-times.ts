/**
 * Dose times still to come today, for journeys that add a medicine and then expect its doses on
 * Home: a dose due before the medicine was added is not expected that day (decision 077), so a
 * fixed '08:00' is missing from Home after 08:00 in the journeys' zone (Asia/Kolkata) and the
 * journey would pass or fail by the hour it runs.
 */
import { test } from '@playwright/test';

const ZONE = 'Asia/Kolkata';
const MINUTE_MS = 60_000;

/** 'HH:MM' and YYYY-MM-DD of `instant` in the journeys' zone. */
function zoned(instant: number): { date: string; time: string } {
  const at = new Date(instant);
  return {
    date: at.toLocaleDateString('en-CA', { timeZone: ZONE }),
    time: at.toLocaleTimeString('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
}

/**
 * `count` dose times ('HH:MM', ascending, `gap` minutes apart), the first `lead` minutes from now
 * in Asia/Kolkata, all on today's date there. When they would pass midnight the journey first
 * waits for the new day (at most lead + (count − 1) × gap minutes, added to the test's timeout),
 * so the times never wrap to the next day.
 * @param count how many times (≥ 1)
 * @param options lead and gap in minutes (defaults 10 and 5): the doses stay 'pending' for a
 *   journey shorter than `lead`
 * @returns the times, e.g. ['10:42', '10:47']
 */
export async function doseTimesAhead(count: number, options: { lead?: number; gap?: number } = {}): Promise<string[]> {
  const { lead = 10, gap = 5 } = options;
  const span = (lead + (count - 1) * gap) * MINUTE_MS;
  const now = Date.now();
  if (zoned(now).date !== zoned(now + span).date) {
    // Wait until a minute after midnight in the zone, then start from there.
    let midnight = now;
    while (zoned(midnight).date === zoned(now).date) midnight += MINUTE_MS;
    const wait = midnight - now + MINUTE_MS;
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const start = Date.now();
  return Array.from({ length: count }, (_, i) => zoned(start + (lead + i * gap) * MINUTE_MS).time);
}
