/**
 * Texts the server builds from its catalogs (decision 096): the WhatsApp bodies to register and the
 * report's schedule line, the same words as before they moved into the catalogs.
 */
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../src/modules/channels/templates.ts';
import { scheduleText } from '../src/modules/export/doctor-report/formats.ts';

const plan = (
  frequency: 'daily' | 'weekly' | 'as-needed',
  times: string[],
  weekdays: number[] = [],
  start = '2026-11-01',
) => ({ plan: { frequency, times, weekdays, start_date: start, end_date: null } }) as never;

describe('WhatsApp bodies from the catalogs', () => {
  it('read as registered, {{n}} in the variables’ order', () => {
    expect(TEMPLATES.dose_reminder.whatsapp).toEqual({
      en: 'Time to take {{1}} ({{2}}) at {{3}}.',
      hi: '{{3}} बजे {{1}} ({{2}}) लेने का समय है।',
    });
    expect(TEMPLATES.weekly_summary.whatsapp.en).toBe(
      'Your week {{1}}: {{2}} of doses taken, {{3}} glucose readings logged.',
    );
    expect(TEMPLATES.care_low_glucose.whatsapp.hi).toBe(
      '{{1}} ने {{3}} बजे {{2}} की कम ग्लूकोज़ रीडिंग दर्ज की। कृपया उनका हाल पूछें।',
    );
  });
});

describe('the schedule line, one builder', () => {
  it('a daily schedule reads "Daily at" its times', () => {
    expect(scheduleText(plan('daily', ['09:00', '21:00']), 'en')).toBe('Daily at 09:00, 21:00');
  });

  it('a weekly schedule names its weekdays and times', () => {
    expect(scheduleText(plan('weekly', ['08:00'], [1, 5]), 'en')).toBe('Weekly on Mon, Fri at 08:00');
  });

  it("a weekly schedule without weekdays names the start date's weekday", () => {
    expect(scheduleText(plan('weekly', ['08:00', '20:00'], [], '2026-11-21'), 'en')).toBe(
      'Weekly on Sat at 08:00, 20:00',
    );
  });

  it('an as-needed schedule reads as its frequency; a stopped one says so', () => {
    expect(scheduleText(plan('as-needed', []), 'en')).toBe('as-needed');
    expect(scheduleText({ plan: null }, 'en')).toBe('Stopped');
  });
});
