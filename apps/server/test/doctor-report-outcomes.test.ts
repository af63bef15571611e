/**
 * The doctor report's 'Doses and sugar' line through the real server (decision 052): the figures
 * are those of GET /api/reports/adherence-outcomes for the same period, in the user's unit; a
 * user without scheduled doses gets no such line.
 */
import { formatGlucose } from '@diacare/contract/glucose-units';
import type { MedicationInput } from '@diacare/contract/medications';
import type { AdherenceOutcomes } from '@diacare/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ok, pdfText } from './support/report-pdf.ts';

// 20:00 UTC on the 20th is 01:30 on the 21st in Kolkata: the period ends on the 20th there.
const NOW = new Date('2026-11-20T20:00:00.000Z');
const PERIOD = Array.from({ length: 14 }, (_, i) => `2026-11-${String(7 + i).padStart(2, '0')}`);
const MISSED = new Set(['2026-11-08', '2026-11-11', '2026-11-14', '2026-11-17', '2026-11-20']);

const GLICLAZIDE: MedicationInput = {
  name: 'Gliclazide',
  dosage: '40 mg',
  form: 'Tablet',
  instructions: '',
  color: '#FF6B6B',
  when_to_take: 'Before food',
  schedule: { frequency: 'daily', times: ['20:00'], start_date: '2026-11-01', end_date: null },
  refill_reminder: { enabled: false, pills_remaining: 60, threshold: 7 },
};

describe.each(DRIVERS)('doctor report: doses set against sugar on %s', (driver) => {
  let t: TestApp;
  let kiran: SignedInUser;
  let sunil: SignedInUser;

  const report = async (user: SignedInUser) => {
    const response = await user.request({ url: '/api/reports/doctor?days=14' });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    kiran = await signIn(t.app, {
      name: 'Kiran',
      email: 'report-outcomes-kiran@example.com',
      timezone: 'Asia/Kolkata',
    });
    sunil = await signIn(t.app, {
      name: 'Sunil',
      email: 'report-outcomes-sunil@example.com',
      timezone: 'Asia/Kolkata',
    });
    // Added on its start date (midnight in Kolkata), so each day's dose is expected (decision 077).
    t.clock.set(new Date('2026-10-31T18:30:00.000Z'));
    const medication = await ok(kiran, 'POST', '/api/medications', GLICLAZIDE);
    t.clock.set(NOW);
    for (const [index, date] of PERIOD.entries()) {
      if (!MISSED.has(date)) {
        const dose = {
          medication_id: medication.id,
          scheduled_time: '20:00',
          taken_time: '20:10',
          date,
          status: 'taken',
        };
        await ok(kiran, 'POST', '/api/adherence', dose, 200);
      }
      const value = MISSED.has(date) ? 170 + index : 120 + (index % 4) * 3;
      await ok(kiran, 'POST', '/api/health/glucose', { value, meal_context: 'Fasting', date, time: '07:30' });
      await ok(sunil, 'POST', '/api/health/glucose', { value: 300, meal_context: 'Fasting', date, time: '07:30' });
    }
  });
  afterAll(() => t?.close());

  it("states the comparison with the API's figures, naming the dose missed on every missed day", async () => {
    const outcomes: AdherenceOutcomes = (
      await kiran.request({ url: '/api/reports/adherence-outcomes?days=14' })
    ).json();
    const { statement } = outcomes;
    expect(statement.kind).toBe('compare');
    if (statement.kind !== 'compare') return;
    expect(statement.missed_days).toBe(MISSED.size);
    const text = (await report(kiran)).replace(/\s+/g, ' ');
    expect(text).toContain(
      `Doses and sugar: On the ${statement.missed_days} days with a missed 20:00 Gliclazide, fasting glucose averaged ` +
        `${formatGlucose(statement.missed_value, 'mg/dL')}, against ${formatGlucose(statement.taken_value, 'mg/dL')} ` +
        `on the ${statement.taken_days} days with every dose taken. An association, not a cause.`,
    );
  });

  it('follows the unit and the language the user chose', async () => {
    await ok(kiran, 'PUT', '/api/users/me', { glucose_unit: 'mmol/L', language: 'hi' }, 200);
    const outcomes: AdherenceOutcomes = (
      await kiran.request({ url: '/api/reports/adherence-outcomes?days=14' })
    ).json();
    const { statement } = outcomes;
    if (statement.kind !== 'compare') throw new Error(statement.kind);
    const text = (await report(kiran)).replace(/\s+/g, ' ');
    expect(text).toContain('खुराक और शुगर:');
    expect(text).toContain(formatGlucose(statement.missed_value, 'mmol/L'));
    expect(text).toContain(formatGlucose(statement.taken_value, 'mmol/L'));
    await ok(kiran, 'PUT', '/api/users/me', { glucose_unit: 'mg/dL', language: 'en' }, 200);
  });

  it('a user with no scheduled doses gets no such line', async () => {
    expect(await report(sunil)).not.toContain('Doses and sugar');
  });
});
