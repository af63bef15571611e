/**
 * Answers that answer through the real API: the first sentence states the
 * asked figure with its unit, period and date, computed here from the API's rows with the
 * contract's functions (never hard-coded); Hinglish and Hindi questions; mmol/L users.
 */
import { formatGlucose } from '@diacare/contract/glucose-units';
import { formatShortDate, shiftDate } from '@diacare/contract/dates';
import { doseStatusesOn, indexByDose } from '@diacare/contract/dose-rules';
import type { GlucoseReading } from '@diacare/contract/health';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import { runOutDate } from '@diacare/contract/refill-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMERGENCY_TEXT } from '../src/modules/assistant/guard-rails.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

const day = (date: string) => formatShortDate(date, 'en-IN');
const firstSentence = (text: string) => text.split(/(?<=[.।])\s/)[0]!;

describe('answers that answer, through the API', () => {
  let t: TestApp;
  let user: SignedInUser;
  let glucose: GlucoseReading[];
  let medications: Medication[];
  let records: AdherenceRecord[];
  let counter = 0;
  const newUser = () => signIn(t.app, { name: 'Ravi', email: `answers${++counter}@example.com`, timezone: SEED_ZONE });
  const get = async <T>(who: SignedInUser, url: string) => (await who.request({ url })).json() as T;
  const since = (days: number) => shiftDate(SEED_TODAY, -(days - 1));

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await newUser();
    await seedUser(user, t.clock);
    glucose = await get(user, `/api/health/glucose?start_date=${since(30)}`);
    medications = await get(user, '/api/medications');
    records = await get(user, `/api/adherence?start_date=${since(30)}&end_date=${SEED_TODAY}`);
  });
  afterAll(() => t.close());

  it('the highest reading in the last 30 days: value, meal and date first; no false emergency', async () => {
    const top = glucose.reduce((a, b) => (b.value > a.value ? b : a));
    const { answer } = await ask(user, 'what was my highest sugar in the last 30 days?');
    expect(firstSentence(answer.content)).toBe(
      `Your highest glucose reading in the last 30 days (including today) was ${top.value} mg/dL, ${top.meal_context.toLowerCase()} on ${day(top.date)} at ${top.time}.`,
    );
    expect(answer.content).not.toContain(EMERGENCY_TEXT);
    expect(answer.links.map((l) => l.href)).toContain('/reports/history/glucose?days=30');
  });

  it('a reading N days ago, in Hinglish; the lowest in 30 days in Hindi', async () => {
    const date = shiftDate(SEED_TODAY, -3);
    const that = glucose.filter((r) => r.date === date).sort((a, b) => a.time.localeCompare(b.time));
    const { answer } = await ask(user, '3 din pehle meri sugar kitni thi?');
    expect(answer.content).toContain(`Your glucose on ${day(date)} (3 days ago): `);
    for (const r of that) expect(answer.content).toContain(`${r.value} mg/dL`);

    const low = glucose.reduce((a, b) => (b.value < a.value ? b : a));
    // Asked in Devanagari by a user whose language is English: the answer is in Hindi (decision 083).
    const hindi = await ask(user, 'पिछले 30 दिनों में मेरी सबसे कम शुगर कितनी थी?');
    expect(hindi.answer.content).toContain(`पिछले 30 दिनों (आज समेत) में आपकी सबसे कम शुगर ${low.value} mg/dL रही`);
  });

  it('lows in 30 days count every reading under 70 and under 54 in the 30 days', async () => {
    const lows = glucose.filter((r) => r.value < 70);
    const { answer } = await ask(user, 'how many lows in the last 30 days?');
    expect(firstSentence(answer.content)).toBe(
      `In the last 30 days (including today), ${lows.length} readings were under 70 mg/dL, ${lows.filter((r) => r.value < 54).length} of them under 54 mg/dL.`,
    );
  });

  it('missed evening Metformin doses in the last 7 days, with their dates, then the adherence line', async () => {
    const metformin = medications.find((m) => m.name === 'Metformin')!;
    const recorded = indexByDose(records.filter((r) => r.medication_id === metformin.id));
    const missed: string[] = [];
    let counted = 0;
    let marked = 0;
    for (let date = since(7); date <= SEED_TODAY; date = shiftDate(date, 1)) {
      for (const [key, status] of doseStatusesOn([metformin], recorded, date, SEED_TODAY, '18:00', SEED_ZONE)) {
        if (!key.endsWith('|20:00') || status === 'pending') continue;
        counted += 1;
        if (status !== 'taken') missed.push(`${day(date)} at 20:00`);
        if (status !== 'taken' && recorded.get(key)?.status === 'missed') marked += 1;
      }
    }
    const { answer } = await ask(user, 'how many evening metformin doses did I miss in the last 7 days?');
    // Then how many were marked missed and how many never recorded, when any was never recorded.
    const split =
      missed.length > marked
        ? ` Of the missed doses, ${marked} marked as missed and ${missed.length - marked} never recorded.`
        : '';
    const first = missed.length
      ? `You missed ${missed.length} evening “Metformin” dose${missed.length === 1 ? '' : 's'} in the last 7 days (including today), out of ${counted}: ${missed.join(', ')}.${split}`
      : `You missed no evening “Metformin” doses in the last 7 days (including today) (${counted} doses counted).`;
    expect(answer.content.split('\n\n')[0]).toBe(first);
    expect(answer.content).toContain('Your medicine adherence over the last 7 days (including today) is');
  });

  it('fasting against after meals over 30 days: both averages, then which is higher', async () => {
    const average = (after: boolean) => {
      const own = glucose.filter((r) => (after ? r.meal_context.startsWith('After') : r.meal_context === 'Fasting'));
      return Math.round(own.reduce((sum, r) => sum + r.value, 0) / own.length);
    };
    const [fasting, after] = [average(false), average(true)];
    const { answer } = await ask(user, 'fasting vs after lunch, which average is higher in the last 30 days?');
    expect(answer.content).toContain(`average ${fasting} mg/dL`);
    expect(answer.content).toContain(`average ${after} mg/dL`);
    const [higher, lower] = fasting > after ? ['fasting', 'after-meal'] : ['after-meal', 'fasting'];
    expect(answer.content).toContain(
      `On average your ${higher} readings are higher than your ${lower} readings: ${Math.max(fasting, after)} mg/dL against ${Math.min(fasting, after)} mg/dL.`,
    );
  });

  it('when Metformin runs out: the date from the pill count and schedule (contract runOutDate)', async () => {
    const metformin = medications.find((m) => m.name === 'Metformin')!;
    const out = runOutDate(metformin, metformin.refill_reminder.pills_remaining, SEED_TODAY, '18:00')!;
    const { answer } = await ask(user, 'when will my metformin run out?');
    expect(firstSentence(answer.content)).toBe(
      `Your “Metformin” pills last until ${day(out.lastDate!)} (${metformin.refill_reminder.pills_remaining} left, about ${out.dosesPerDay} scheduled doses a day).`,
    );
    const hinglish = await ask(user, 'metformin ki goliyan kab khatam hongi');
    expect(hinglish.answer.content).toContain(day(out.lastDate!));
  });

  it('Hinglish summary questions get the figures: average last week, weight', async () => {
    const week = glucose.filter((r) => r.date >= since(7));
    const average = Math.round(week.reduce((s, r) => s + r.value, 0) / week.length);
    const { answer } = await ask(user, 'pichle 7 din ka average sugar kitna tha?');
    expect(answer.content).toContain(`average ${average} mg/dL from ${week.length} readings`);
    const weight = await ask(user, 'mera weight kitna hai');
    expect(weight.answer.content).toContain('Your latest weight is');
  });

  it('an mmol/L user hears the highest in mmol/L, and their last HbA1c in %', async () => {
    const other = await newUser();
    await seedUser(other, t.clock, 8);
    await other.request({ method: 'PUT', url: '/api/users/me', payload: { glucose_unit: 'mmol/L' } });
    const readings = await get<GlucoseReading[]>(other, `/api/health/glucose?start_date=${since(7)}`);
    const top = readings.reduce((a, b) => (b.value > a.value ? b : a));
    const { answer } = await ask(other, 'highest sugar this week');
    expect(answer.content).toContain(`was ${formatGlucose(top.value, 'mmol/L')}`);
    expect(answer.content).not.toContain('mg/dL');
    const labs = await ask(other, 'what was my last hba1c?');
    expect(labs.answer.content).toContain('Your last HbA1c was 7.1 %');
    // In Hindi, the same figure in the user's unit.
    await other.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const hindi = await ask(other, 'इस हफ़्ते मेरी सबसे ज़्यादा शुगर कितनी थी?');
    expect(hindi.answer.content).toContain(
      `आपकी सबसे ज़्यादा शुगर ${formatGlucose(top.value, 'mmol/L')} रही, ${formatShortDate(top.date, 'hi-IN')} को ${top.time} बजे`,
    );
  });
});
