/**
 * Readings added after first-sight rounds 14 and 15 (apps/server/eval/first-sight.md): a weekday asked
 * as a recurring day ('my tuesday fasting numbers always look high', 'pichle sundays', 'हर रविवार') is
 * every such day in the data, each reading listed with its date, their average beside all days'; 'how
 * many days did I miss a dose' names the days; 'which ones exactly' lists every missed dose.
 * Through the real HTTP server and a seeded PGlite user (figures: test/support/assistant-seed.ts).
 */
import { isoWeekdayOf } from '@diacare/contract/dates';
import type { GlucoseReading } from '@diacare/contract/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringWeekdayIn } from '../src/modules/assistant/period-words.ts';
import { understand } from '../src/modules/assistant/understanding.ts';
import { readWords } from '../src/modules/assistant/lexicon.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

const weekdayOf = (text: string) => recurringWeekdayIn(readWords(text).words);

describe('a recurring weekday', () => {
  it('is a weekday in the plural or beside a word of recurrence, not a weekday alone', () => {
    expect(weekdayOf('pichle sundays ka batao')).toBe(0);
    expect(weekdayOf('my tuesday fasting numbers always look high')).toBe(2);
    expect(weekdayOf('हर रविवार को खाली पेट शुगर')).toBe(0);
    expect(weekdayOf('sugar on tuesday')).toBeNull();
    expect(weekdayOf('मंगलवार को शुगर कितनी थी')).toBeNull();
    expect(understand('my tuesday fasting numbers always look high to me', SEED_TODAY)).toMatchObject({
      subject: 'glucose',
      weekday: 2,
      meal: 'fasting',
      period: { kind: 'all' },
    });
    // A weekday alone is still its latest date.
    expect(understand('sugar on tuesday', SEED_TODAY).period).toMatchObject({ kind: 'onDate', from: '2026-11-17' });
  });
});

describe('a recurring weekday, through the API', () => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp('pglite', { clock: createTestClock(SEED_NOW) });
    user = await signIn(t.app, { name: 'Ravi', email: 'weekdays@example.com', timezone: SEED_ZONE });
    await seedUser(user, t.clock);
  });
  afterAll(() => t.close());

  it('lists every such day’s readings of the meal asked, with their average and all days’, in English and Hindi', async () => {
    const readings = (await (
      await user.request({ url: '/api/health/glucose?start_date=2000-01-01' })
    ).json()) as GlucoseReading[];
    const sundays = readings.filter((r) => r.meal_context === 'Fasting' && isoWeekdayOf(r.date) === 7);
    const { answer } = await ask(user, 'papa ka sunday wala fasting hamesha high kyu aata h?? pichle sundays ka batao');
    expect(answer.content).toMatch(/^Your fasting glucose on Sundays in all your data/);
    for (const r of sundays) expect(answer.content).toContain(`${r.value} mg/dL on`);
    expect(answer.content).toContain(`from ${sundays.length} readings, against`);
    const hindi = await ask(user, 'हर रविवार को खाली पेट शुगर कितनी रहती है');
    expect(hindi.answer.content).toContain('रविवार को आपकी खाली पेट शुगर');
    expect(hindi.answer.content).toContain('जबकि सभी दिनों का');
  });

  it('counts the days with a missed dose when days are asked, and lists every dose when "which ones exactly"', async () => {
    const days = await ask(user, 'pichle 10 din me papa ne kitne din dose miss kiya');
    expect(days.answer.content).toMatch(/^You missed \d+ doses? in the last 10 days/);
    expect(days.answer.content).toMatch(/That is \d+ days? with at least one missed dose: \d+ Nov/);
    const hindi = await ask(user, 'इस महीने कितने दिन दवा छूटी');
    expect(hindi.answer.content).toMatch(/यानी \d+ दिन कम से कम एक खुराक छूटी/);
    const exactly = await ask(user, 'Did dad miss any of his tablets between 9th and 15th Nov? which ones exactly');
    expect(exactly.answer.content).not.toContain('…');
  });
});
