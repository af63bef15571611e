/**
 * GET /api/reports/adherence-outcomes with an injected clock (decision 052): both groups and the sentence from
 * seeded readings, a zone whose date differs from UTC's, 400 on other periods, no other user's data.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';

// 20:00 UTC on the 20th is 01:30 on the 21st in Kolkata: 'yesterday' there is the 20th.
const NOW = new Date('2026-11-20T20:00:00.000Z');
const PERIOD = Array.from({ length: 14 }, (_, i) => `2026-11-${String(7 + i).padStart(2, '0')}`);
/** Days whose 21:00 dose is never recorded; the 20th is yesterday only in the user's zone. */
const MISSED = ['2026-11-09', '2026-11-12', '2026-11-15', '2026-11-20'];
const LATE_DAY = '2026-11-10';
const SENSOR_DAY = '2026-11-11';
const SENSOR_VALUES = [250, 260, 270];

const METFORMIN: MedicationInput = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  instructions: '',
  color: '#FF6B6B',
  when_to_take: 'After food',
  schedule: { frequency: 'daily', times: ['09:00', '21:00'], start_date: '2026-11-01', end_date: null },
  refill_reminder: { enabled: false, pills_remaining: 60, threshold: 7 },
};

/** The seeded readings of a day, mg/dL: a fasting one each day (higher on missed days), lunch some days. */
function seeded(date: string, index: number): { value: number; meal_context: string; time: string }[] {
  const fasting = MISSED.includes(date) ? 150 + index * 2 : 118 + (index % 3) * 5;
  const readings = [{ value: fasting, meal_context: 'Fasting', time: '07:30' }];
  if (index % 2 === 0) readings.push({ value: 160 + index, meal_context: 'After Lunch', time: '14:30' });
  return readings;
}

const average = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function clarity(date: string, times: string[], values: number[]): string {
  const header =
    'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u)';
  const rows = times.map((time, i) => `${i + 2},${date}T${time}:00,EGV,,,,G7 App,${values[i]},`);
  return `\uFEFF${[header, '1,,Device,,,G7,G7 App,,', ...rows].join('\r\n')}`;
}

describe.each(DRIVERS)('adherence outcomes on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let ravi: SignedInUser;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer read field by field
  async function ok(response: Promise<{ statusCode: number; body: string; json(): any }>) {
    const answer = await response;
    if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
    return answer.json();
  }

  async function seedDoses(user: SignedInUser, taken: (date: string, time: string) => string | null) {
    // Added on its start date (midnight in Kolkata): every dose of the period is expected (decision 077).
    t.clock.set(new Date('2026-10-31T18:30:00.000Z'));
    const medication = await ok(user.request({ method: 'POST', url: '/api/medications', payload: METFORMIN }));
    t.clock.set(NOW);
    for (const date of PERIOD) {
      for (const scheduled_time of ['09:00', '21:00']) {
        const taken_time = taken(date, scheduled_time);
        if (!taken_time) continue;
        await ok(
          user.request({
            method: 'POST',
            url: '/api/adherence',
            payload: { medication_id: medication.id, scheduled_time, taken_time, date, status: 'taken' },
          }),
        );
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await signIn(t.app, { name: 'Asha', email: 'outcomes-asha@example.com', timezone: 'Asia/Kolkata' });
    ravi = await signIn(t.app, { name: 'Ravi', email: 'outcomes-ravi@example.com', timezone: 'Asia/Kolkata' });
    await seedDoses(asha, (date, time) => {
      if (time === '21:00') return MISSED.includes(date) ? null : '21:05';
      return date === LATE_DAY ? '09:45' : '09:10';
    });
    for (const [index, date] of PERIOD.entries()) {
      for (const reading of seeded(date, index)) {
        await ok(asha.request({ method: 'POST', url: '/api/health/glucose', payload: { ...reading, date } }));
      }
    }
    const preview = await ok(
      asha.request({
        method: 'POST',
        url: '/api/imports',
        payload: clarity(SENSOR_DAY, ['12:00', '12:05', '12:10'], SENSOR_VALUES),
        headers: { 'content-type': 'text/csv' },
      }),
    );
    await ok(asha.request({ method: 'POST', url: `/api/imports/${preview.id}/commit` }));
    // Ravi: every dose missed, sugar far higher, on the same days: none of it may reach Asha's figures.
    await seedDoses(ravi, () => null);
    for (const date of PERIOD) {
      await ok(
        ravi.request({
          method: 'POST',
          url: '/api/health/glucose',
          payload: { value: 400, meal_context: 'Fasting', time: '07:00', date },
        }),
      );
    }
  }, 120_000);
  afterAll(() => t.close());

  it('splits the days into all taken and missed, with means worked out from the seeded readings', async () => {
    const response = await asha.request({ url: '/api/reports/adherence-outcomes?days=14' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // The period ends on yesterday in Kolkata (the 20th), not in UTC (the 19th).
    expect(body.period).toEqual({ days: 14, start: '2026-11-07', end: '2026-11-20' });
    expect(body.days.map((d: { date: string }) => d.date)).toEqual(PERIOD);

    const dayMean = (date: string, index: number) => {
      const values = seeded(date, index).map((r) => r.value);
      if (date === SENSOR_DAY) values.push(...SENSOR_VALUES);
      return average(values);
    };
    const groupOf = (missed: boolean) =>
      PERIOD.map((date, i) => ({ date, i })).filter(({ date }) => MISSED.includes(date) === missed);
    const expected = (missed: boolean) => {
      const days = groupOf(missed);
      return {
        days: days.length,
        reading_days: days.length,
        mean: oneDecimal(average(days.map(({ date, i }) => dayMean(date, i)))),
        fasting_days: days.length,
        fasting_mean: oneDecimal(average(days.map(({ date, i }) => seeded(date, i)[0]!.value))),
      };
    };
    // The sentence rounds once, from the unrounded mean of the fasting day means.
    const rawFasting = (missed: boolean) => average(groupOf(missed).map(({ date, i }) => seeded(date, i)[0]!.value));
    expect(body.missed).toEqual(expected(true));
    expect(body.all_taken).toEqual(expected(false));
    expect(body.no_dose_days).toBe(0);

    // The sentence compares fasting means (both groups have ≥ 3 fasting days) and names the dose.
    expect(body.statement).toEqual({
      kind: 'compare',
      metric: 'fasting',
      missed_days: MISSED.length,
      taken_days: PERIOD.length - MISSED.length,
      missed_value: Math.round(rawFasting(true)),
      taken_value: Math.round(rawFasting(false)),
      dose: { name: 'Metformin', scheduled_time: '21:00' },
    });
  });

  it('gives the lane: on time, late by more than 30 minutes, missed', async () => {
    const body = (await asha.request({ url: '/api/reports/adherence-outcomes?days=14' })).json();
    const day = (date: string) => body.days.find((d: { date: string }) => d.date === date);
    expect(day(LATE_DAY).doses.map((d: { outcome: string }) => d.outcome)).toEqual(['late', 'on_time']);
    expect(day(LATE_DAY).doses[0]).toMatchObject({ name: 'Metformin', scheduled_time: '09:00', taken_time: '09:45' });
    expect(day(LATE_DAY).status).toBe('all_taken');
    expect(day('2026-11-09').doses.map((d: { outcome: string }) => d.outcome)).toEqual(['on_time', 'missed']);
    expect(day('2026-11-09').status).toBe('missed');
  });

  it("never counts another user's doses or readings", async () => {
    const body = (await ravi.request({ url: '/api/reports/adherence-outcomes?days=14' })).json();
    expect(body.all_taken.days).toBe(0);
    expect(body.missed).toMatchObject({ days: 14, fasting_mean: 400, mean: 400 });
    // Too few 'all taken' days to compare: the sentence says so instead.
    expect(body.statement).toEqual({ kind: 'too_few', missed_days: 14, taken_days: 0, needed: 3 });
  });

  it('answers 400 with a {detail} for any period but 14, 30 or 90, and 401 signed out', async () => {
    for (const days of ['7', '0', '31', 'abc', '']) {
      const response = await asha.request({ url: `/api/reports/adherence-outcomes?days=${days}` });
      expect(response.statusCode, days).toBe(400);
      expect(response.json().detail).toMatch(/days/);
    }
    expect((await t.app.inject({ url: '/api/reports/adherence-outcomes?days=14' })).statusCode).toBe(401);
  });

  it('takes 30 when no period is given, and 90 reaches back 90 days', async () => {
    const plain = (await asha.request({ url: '/api/reports/adherence-outcomes' })).json();
    expect(plain.period).toEqual({ days: 30, start: '2026-10-22', end: '2026-11-20' });
    const ninety = (await asha.request({ url: '/api/reports/adherence-outcomes?days=90' })).json();
    expect(ninety.days).toHaveLength(90);
    // Before the medication started there were no doses: those days are in neither group.
    expect(ninety.no_dose_days).toBe(90 - 20);
  });
});
