/**
 * GET /api/reports/doctor read with pdftotext: the figures Reports and History work out from the
 * API's data through the same contract functions; the period ends on the user's date (the clock
 * is already the next day in Kolkata). Decision 019.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mean, roundTo, timeInFiveRanges } from '@diacare/contract/clinical';
import { datesEndingOn, shiftDate } from '@diacare/contract/dates';
import { formatGlucoseValue } from '@diacare/contract/glucose-units';
import { adherencePercent, dailyAdherence } from '@diacare/contract/dose-rules';
import type { GlucoseReading } from '@diacare/contract/health';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');
const KOLKATA = 'Asia/Kolkata';
const TODAY = '2026-11-21';
const NOW_TIME = '00:10';
const CONTEXTS = ['Fasting', 'After Lunch', 'Before Dinner'] as const;

/** The text of a PDF, as pdftotext (poppler) extracts it; whitespace runs become one space. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'diacare-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(DRIVERS)('doctor report on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let ravi: SignedInUser;

  /** Fills a user's profile and logs `days` days of data ending yesterday and today. */
  async function seed(user: SignedInUser, profile: Record<string, unknown>, base: number, medicine: string) {
    const ok = async (method: string, url: string, payload: unknown, status = 201) => {
      const response = await user.request({ method, url, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
      return response.json();
    };
    await ok('PUT', '/api/users/me', profile, 200);
    const medication = await ok('POST', '/api/medications', {
      name: medicine,
      dosage: '500 mg',
      form: 'Tablet',
      color: '#FF6B6B',
      schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: shiftDate(TODAY, -40) },
      refill_reminder: { enabled: false, pills_remaining: 60, threshold: 7 },
    });
    // 40 days: glucose twice a day around `base`, a low every 9th day, a very high every 7th.
    for (let day = 0; day < 40; day += 1) {
      const date = shiftDate(TODAY, -day);
      const morning = day % 9 === 4 ? 48 + (day % 4) * 6 : base + ((day * 17) % 60) - 20;
      const evening = day % 7 === 3 ? 262 : base + 40 + ((day * 11) % 50);
      // Today's are logged by NOW_TIME: a reading later than now is refused.
      const time = (at: string) => (day === 0 ? '00:05' : at);
      await ok('POST', '/api/health/glucose', {
        value: morning,
        meal_context: CONTEXTS[day % 3],
        date,
        time: time('07:30'),
      });
      if (day > 0) {
        await ok('POST', '/api/health/glucose', { value: evening, meal_context: 'After Dinner', date, time: '21:15' });
      }
      if (day % 2 === 0) {
        await ok('POST', '/api/health/bp', {
          systolic: 118 + (day % 20),
          diastolic: 74 + (day % 12),
          date,
          time: time('08:00'),
        });
      }
      if (day % 10 === 0) await ok('POST', '/api/health/metrics', { weight: 80 - day / 10, height: 170, date });
      // Doses: the morning one taken most days, skipped every 5th; evening taken on even days.
      if (day > 0) {
        const status = day % 5 === 0 ? 'skipped' : 'taken';
        await ok(
          'POST',
          '/api/adherence',
          { medication_id: medication.id, scheduled_time: '08:00', date, status },
          200,
        );
        if (day % 2 === 0) {
          await ok(
            'POST',
            '/api/adherence',
            { medication_id: medication.id, scheduled_time: '20:00', date, status: 'taken' },
            200,
          );
        }
      }
    }
    await ok('POST', '/api/appointments', {
      type: 'doctor',
      title: `Diabetes review for ${profile.name}`,
      doctor: 'Dr Mehta',
      location: 'City Clinic',
      date: shiftDate(TODAY, 12),
      time: '10:30',
    });
  }

  /** What Reports and History work out for the period, from the API's own data. */
  async function expectedFigures(user: SignedInUser, days: number) {
    const start = shiftDate(TODAY, -(days - 1));
    const range = `start_date=${start}&end_date=${TODAY}`;
    const glucose: GlucoseReading[] = (await user.request({ url: `/api/health/glucose?${range}` })).json();
    const medications: Medication[] = (await user.request({ url: '/api/medications' })).json();
    const adherence: AdherenceRecord[] = (await user.request({ url: `/api/adherence?${range}` })).json();
    const daily = dailyAdherence(medications, adherence, datesEndingOn(TODAY, days), TODAY, NOW_TIME, KOLKATA);
    const values = glucose.map((r) => r.value);
    return {
      readings: values.length,
      days: new Set(glucose.map((r) => r.date)).size,
      mean: roundTo(mean(values)!),
      tir: timeInFiveRanges(values)!,
      adherence: adherencePercent(
        daily.reduce((sum, day) => sum + day.taken, 0),
        daily.reduce((sum, day) => sum + day.total, 0),
      ),
    };
  }

  const report = (user: SignedInUser, query = '') => user.request({ url: `/api/reports/doctor${query}` });

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha-report@example.com', timezone: KOLKATA });
    ravi = await signIn(t.app, { name: 'Ravi Kumar', email: 'ravi-report@example.com', timezone: KOLKATA });
    await seed(asha, { name: 'Asha Rao', age: 54, sex: 'female', diabetes_type: 'Type 2' }, 130, 'Metformin');
    await seed(ravi, { name: 'Ravi Kumar', age: 61, sex: 'male', diabetes_type: 'Type 1' }, 170, 'Glimepiride');
  }, 120_000);
  afterAll(() => t.close());

  it.each([14, 30, 90])('the %i-day PDF holds the mean, time in range and adherence Reports gives', async (days) => {
    const response = await report(asha, `?days=${days}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const start = shiftDate(TODAY, -(days - 1));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="diacare-report-${start}-to-${TODAY}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    const expected = await expectedFigures(asha, days);

    expect(text).toContain('Asha Rao');
    expect(text).toContain('54 years');
    expect(text).toContain('Female');
    expect(text).toContain('Type 2');
    expect(text).toContain(`(${days} days)`);
    expect(text).toContain(`Overall adherence: ${expected.adherence}%`);
    // The figures row: four labels, then their values.
    expect(text).toContain(
      `Readings Mean Standard deviation Coefficient of variation ${expected.readings} on ${expected.days} days ${expected.mean} mg/dL`,
    );
    const { tir } = expected;
    expect(text).toContain(
      `${tir.veryLow}% (${tir.counts.veryLow}) ${tir.low}% (${tir.counts.low}) ${tir.inRange}% (${tir.counts.inRange}) ${tir.high}% (${tir.counts.high}) ${tir.veryHigh}% (${tir.counts.veryHigh})`,
    );
    expect(text).toContain('Metformin');
    expect(text).toContain('Daily at 08:00, 20:00');
    expect(text).toContain('Diabetes review for Asha Rao');
    // Every section names its source.
    expect(text).toContain('Battelino');
    expect(text).toContain('ADA Standards of Care 2025, §10');
  });

  it('the seeded data are not trivial: the figures differ between periods and there are lows', async () => {
    const [short, long] = [await expectedFigures(asha, 14), await expectedFigures(asha, 90)];
    expect(short.readings).toBeLessThan(long.readings);
    expect(long.tir.counts.veryLow + long.tir.counts.low).toBeGreaterThan(0);
    expect(long.tir.counts.veryHigh).toBeGreaterThan(0);
    expect(long.adherence).toBeGreaterThan(0);
    expect(long.adherence).toBeLessThan(100);
  });

  it('labels the estimated A1c as an estimate, and shows it only with 14 days of readings', async () => {
    const month = pdfText((await report(asha, '?days=30')).rawPayload);
    expect(month).toMatch(/Estimated A1c: \d+\.\d% — an estimate from the mean glucose/);
    expect(month).toContain('not a laboratory HbA1c');
    // A new user with readings on 3 days only: no figure, the rule instead.
    const neha = await signIn(t.app, { name: 'Neha', email: 'neha-report@example.com', timezone: KOLKATA });
    for (const day of [0, 1, 2]) {
      await neha.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value: 120, meal_context: 'Fasting', date: shiftDate(TODAY, -day), time: day ? '07:00' : '00:05' },
      });
    }
    const few = pdfText((await report(neha)).rawPayload);
    expect(few).toContain('Estimated A1c: not shown — it needs readings on at least 14 different days (3 so far)');
  });

  it('prints a name written in Devanagari with an embedded Devanagari font', async () => {
    const hindi = await signIn(t.app, { name: 'Asha', email: 'hindi-report@example.com', timezone: KOLKATA });
    await hindi.request({ method: 'PUT', url: '/api/users/me', payload: { name: 'आशा राव' } });
    const pdf = (await report(hindi)).rawPayload;
    expect(pdfText(pdf)).toContain('आशा राव');
    const dir = mkdtempSync(join(tmpdir(), 'diacare-report-'));
    try {
      writeFileSync(join(dir, 'report.pdf'), pdf);
      const fonts = execFileSync('pdffonts', [join(dir, 'report.pdf')], { encoding: 'utf8' });
      expect(fonts).toMatch(/NotoSansDevanagari-\w+\s+CID TrueType\s+Identity-H\s+yes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('covers 30 days by default', async () => {
    const response = await report(asha);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `diacare-report-${shiftDate(TODAY, -29)}-to-${TODAY}.pdf`,
    );
  });

  it.each(['7', '0', '31', 'abc', ''])('answers 400 naming days for days=%s', async (days) => {
    const response = await report(asha, `?days=${days}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('days: must be 14, 30 or 90');
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/reports/doctor' });
    expect(response.statusCode).toBe(401);
  });

  it("never holds another user's data", async () => {
    const ashas = pdfText((await report(asha, '?days=90')).rawPayload);
    const ravis = pdfText((await report(ravi, '?days=90')).rawPayload);
    expect(ashas).not.toContain('Ravi');
    expect(ashas).not.toContain('Glimepiride');
    expect(ravis).not.toContain('Asha');
    expect(ravis).not.toContain('Metformin');
    expect(ravis).toContain('Glimepiride');
    expect(ravis).toContain('Type 1');
    const ravisFigures = await expectedFigures(ravi, 90);
    expect(ravis).toContain(`days ${ravisFigures.mean} mg/dL`);
    expect(ashas).not.toContain(`days ${ravisFigures.mean} mg/dL`);
  });

  it('is written in Hindi for a Hindi user, with the same figures, hi-IN dates and names as typed', async () => {
    const setLanguage = (language: 'en' | 'hi') =>
      asha.request({ method: 'PUT', url: '/api/users/me', payload: { language } });
    expect((await setLanguage('hi')).statusCode).toBe(200);
    try {
      const response = await report(asha, '?days=30');
      expect(response.statusCode).toBe(200);
      const pdf = response.rawPayload;
      // REPORT_PDF_DIR=… keeps the file, to look at (pdftoppm -png).
      if (process.env.REPORT_PDF_DIR) writeFileSync(join(process.env.REPORT_PDF_DIR, 'report-hi.pdf'), pdf);
      const text = pdfText(pdf);
      const expected = await expectedFigures(asha, 30);
      // Words whose letters pdftotext returns in order (no pre-base ि or reph; decision 026).
      for (const word of ['ब्लड शुगर', 'ब्लड प्रेशर', 'दवा', 'औसत', 'मरीज़', 'वज़न और BMI', 'लो शुगर', 'खाली पेट']) {
        expect(text).toContain(word);
      }
      expect(text).toContain(`${expected.mean} mg/dL`);
      expect(text).toContain(`${expected.adherence}%`);
      expect(text).toContain('21 नव॰ 2026');
      expect(text).toContain('21/11/2026'); // the chart's axis
      expect(text).toContain('Metformin');
      expect(text).toContain('Dr Mehta');
      expect(text).toContain('Battelino');
      for (const english of ['Blood glucose', 'Blood pressure', 'Medicines and adherence', 'Patient', 'Nov']) {
        expect(text).not.toContain(english);
      }
    } finally {
      await setLanguage('en');
    }
  });

  it('speaks mmol/L to a user who chose it: figures, bands, lows and the chart', async () => {
    const farah = await signIn(t.app, { name: 'Farah', email: 'farah-report@example.com', timezone: KOLKATA });
    // 99 mg/dL is what logging 5.5 mmol/L stores; 58 is a level 1 low, 50 a level 2 low.
    const readings = [
      { value: 99, day: 0, time: '00:05' },
      { value: 58, day: 1, time: '07:00' },
      { value: 50, day: 2, time: '07:00' },
      { value: 190, day: 2, time: '21:00' },
    ];
    for (const { value, day, time } of readings) {
      const response = await farah.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value, meal_context: 'Fasting', date: shiftDate(TODAY, -day), time },
      });
      expect(response.statusCode).toBe(201);
    }
    const put = await farah.request({ method: 'PUT', url: '/api/users/me', payload: { glucose_unit: 'mmol/L' } });
    expect(put.statusCode).toBe(200);
    const values = readings.map((r) => r.value);
    const meanMmol = formatGlucoseValue(mean(values)!, 'mmol/L');

    const text = pdfText((await report(farah, '?days=14')).rawPayload);
    expect(text).toContain(`Coefficient of variation 4 on 3 days ${meanMmol} mmol/L`);
    expect(text).toContain('Very low < 3.0');
    expect(text).toContain('In range 3.9–10.0');
    expect(text).toContain('Very high > 13.9');
    expect(text).toContain('Mean (mmol/L)');
    expect(text).toContain('Lows (under 3.9 mmol/L): 2');
    expect(text).toContain('2.8 mmol/L (level 2)');
    expect(text).toContain('3.2 mmol/L, Fasting');
    expect(text).toContain('Daily mean glucose (mmol/L)');
    expect(text).toContain('Shaded: 3.9–10.0 mmol/L target range');
    expect(text).toContain('1 mmol/L = 18.016 mg/dL');
    // No figure is left in mg/dL: only the conversion note names it.
    expect(text.match(/mg\/dL/g)).toHaveLength(1);

    // Back to mg/dL: the same readings in mg/dL.
    await farah.request({ method: 'PUT', url: '/api/users/me', payload: { glucose_unit: 'mg/dL' } });
    const again = pdfText((await report(farah, '?days=14')).rawPayload);
    expect(again).toContain(`Coefficient of variation 4 on 3 days ${roundTo(mean(values)!)} mg/dL`);
    expect(again).toContain('Lows (under 70 mg/dL): 2');
    expect(again).not.toContain('mmol/L');
  });
});
