/**
 * The doctor report's clinical record through the real server: lab results (latest HbA1c and
 * the one before, beside the estimate; lipids; creatinine with eGFR; UACR), insulin units by
 * type, and LibreView readings counted in the glucose figures, in English and Hindi, read with
 * pdftotext. Expected figures come from the API's own data through the contract's functions.
 */
import { mean, roundTo, timeInFiveRanges } from '@diacare/contract/clinical';
import { shiftDate } from '@diacare/contract/dates';
import type { GlucoseReading } from '@diacare/contract/health';
import type { InsulinDose } from '@diacare/contract/insulin';
import { dailyInsulinTotals } from '@diacare/contract/insulin-rules';
import { hba1cNgspToIfcc } from '@diacare/contract/lab-rules';
import type { LabResult } from '@diacare/contract/labs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { importReadings, libreViewFile, ok, pdfPages, pdfText } from './support/report-pdf.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');
const KOLKATA = 'Asia/Kolkata';
const TODAY = '2026-11-21'; // in Kolkata at NOW
const INSULIN_NAMES = { rapid: 'Rapid-acting', long: 'Long-acting' } as const;

/** Sensor readings every 15 minutes over the 6 days before today: values sweep 45–290 mg/dL. */
const SENSOR: [string, string, number][] = Array.from({ length: 6 * 96 }, (_, i) => {
  const date = shiftDate(TODAY, -1 - Math.floor(i / 96));
  const minutes = (i % 96) * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return [date, time, 45 + ((i * 37) % 246)];
});

const dateEn = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

describe.each(DRIVERS)('doctor report: labs, insulin and sensor readings on %s', (driver) => {
  let t: TestApp;
  let meera: SignedInUser;
  let neil: SignedInUser;

  /** Glucose logged twice a day for 40 days, labs over a year, insulin for 20 days, a LibreView import. */
  async function seed(user: SignedInUser) {
    await ok(user, 'PUT', '/api/users/me', { age: 58, sex: 'female', diabetes_type: 'Type 2' }, 200);
    for (let day = 0; day < 40; day += 1) {
      const date = shiftDate(TODAY, -day);
      const value = 110 + ((day * 23) % 90);
      // Today's are logged by 00:10, now in Kolkata: a reading later than now is refused.
      const time = (at: string) => (day > 0 ? at : at < '12:00' ? '00:02' : '00:05');
      await ok(user, 'POST', '/api/health/glucose', { value, meal_context: 'Fasting', date, time: time('07:30') });
      await ok(user, 'POST', '/api/health/glucose', {
        value: value + 40,
        meal_context: 'After Dinner',
        date,
        time: time('21:00'),
      });
    }
    const labs: [string, number, string, number][] = [
      ['hba1c', 6.9, '%', -300],
      ['hba1c', 8.1, '%', -150],
      ['hba1c', 58, 'mmol/mol', -40],
      ['total_cholesterol', 182, 'mg/dL', -40],
      ['ldl_cholesterol', 104.5, 'mg/dL', -40],
      ['hdl_cholesterol', 41, 'mg/dL', -40],
      ['triglycerides', 190, 'mg/dL', -40],
      ['creatinine', 1.1, 'mg/dL', -60],
      ['creatinine', 0.9, 'mg/dL', -400],
      ['uacr', 42, 'mg/g', -60],
    ];
    for (const [test, value, unit, days] of labs) {
      await ok(user, 'POST', '/api/health/labs', { test, value, unit, date: shiftDate(TODAY, days) });
    }
    const glargine = await ok(user, 'POST', '/api/medications', {
      name: 'Glargine',
      dosage: '100 U/mL pen',
      form: 'Injection',
      color: '#4ECDC4',
      schedule: { frequency: 'daily', times: ['22:00'], start_date: shiftDate(TODAY, -40) },
      refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      insulin_type: 'long',
    });
    for (let day = 1; day <= 20; day += 1) {
      const date = shiftDate(TODAY, -day);
      const dose = { insulin_type: 'long', medication_id: glargine.id, date, time: '22:00', units: 16 + (day % 3) };
      await ok(user, 'POST', '/api/health/insulin', dose);
      if (day % 2 === 0) {
        await ok(user, 'POST', '/api/health/insulin', { insulin_type: 'rapid', date, time: '08:00', units: 6.5 });
      }
    }
    await importReadings(user, libreViewFile(SENSOR));
  }

  /** What the report should say for `days`, from the API's data and the seeded sensor readings. */
  async function expected(user: SignedInUser, days: number) {
    const range = `start_date=${shiftDate(TODAY, -(days - 1))}&end_date=${TODAY}`;
    const logged: GlucoseReading[] = (await user.request({ url: `/api/health/glucose?${range}` })).json();
    const values = [...logged.map((r) => r.value), ...SENSOR.map(([, , value]) => value)];
    const labs: LabResult[] = (await user.request({ url: '/api/health/labs' })).json();
    const doses: InsulinDose[] = (await user.request({ url: `/api/health/insulin?${range}` })).json();
    const daily = dailyInsulinTotals(doses);
    const byType = (type: 'rapid' | 'long') => {
      const ofType = doses.filter((dose) => dose.insulin_type === type);
      const units = ofType.reduce((sum, dose) => sum + dose.units, 0);
      return { doses: ofType.length, units: roundTo(units, 1), mean: roundTo(units / daily.length, 1) };
    };
    return {
      readings: values.length,
      days: new Set([...logged.map((r) => r.date), ...SENSOR.map(([date]) => date)]).size,
      mean: roundTo(mean(values)!),
      tir: timeInFiveRanges(values)!,
      hba1c: labs.filter((lab) => lab.test === 'hba1c'),
      latest: (test: string) => labs.find((lab) => lab.test === test)!,
      insulinDays: daily.length,
      insulinMean: roundTo(daily.reduce((sum, day) => sum + day.total, 0) / daily.length, 1),
      insulin: { rapid: byType('rapid'), long: byType('long') },
    };
  }

  const report = async (user: SignedInUser, days = 30) => {
    const response = await user.request({ url: `/api/reports/doctor?days=${days}` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    meera = await signIn(t.app, { name: 'Meera Iyer', email: 'meera-labs@example.com', timezone: KOLKATA });
    neil = await signIn(t.app, { name: 'Neil Das', email: 'neil-labs@example.com', timezone: KOLKATA });
    await seed(meera);
  }, 180_000);
  afterAll(() => t.close());

  it('shows the latest HbA1c with its date, the previous one and the estimate beside them', async () => {
    const text = pdfText(await report(meera));
    const { hba1c } = await expected(meera, 30);
    const [latest, previous, oldest] = hba1c;
    const line = (label: string, lab: LabResult) =>
      `${label} ${lab.value.toFixed(1)}% (${hba1cNgspToIfcc(lab.value)} mmol/mol) ${dateEn(lab.date)}`;
    expect(text).toContain('Lab results');
    expect(text).toContain(line('HbA1c (latest)', latest!));
    expect(text).toContain(line('HbA1c (previous)', previous!));
    expect(text).not.toContain(dateEn(oldest!.date));
    const estimate = /Estimated A1c: (\d+\.\d)% — an estimate/.exec(text)![1];
    expect(text).toContain(
      `Estimated A1c from readings (not a lab test) ${estimate}% ${dateEn(shiftDate(TODAY, -29))} – ${dateEn(TODAY)}`,
    );
  });

  it('lists lipids, creatinine with its eGFR from the profile, and UACR, each with its date and sources', async () => {
    const text = pdfText(await report(meera));
    const facts = await expected(meera, 30);
    // One panel of one date: one row, as labs print it (TC / LDL / HDL / TG).
    const lipids = (['total_cholesterol', 'ldl_cholesterol', 'hdl_cholesterol', 'triglycerides'] as const).map(
      facts.latest,
    );
    expect(new Set(lipids.map((lab) => lab.date)).size).toBe(1);
    expect(text).toContain(
      `Lipid profile (total / LDL / HDL / triglycerides) ${lipids.map((lab) => lab.value).join(' / ')} mg/dL ${dateEn(lipids[0]!.date)}`,
    );
    const creatinine = facts.latest('creatinine');
    expect(creatinine.egfr).toBeGreaterThan(0);
    expect(text).toContain(
      `Serum creatinine ${creatinine.value} mg/dL · eGFR ${creatinine.egfr} mL/min/1.73 m² ${dateEn(creatinine.date)}`,
    );
    const uacr = facts.latest('uacr');
    expect(text).toContain(`Urine albumin-to-creatinine ratio ${uacr.value} mg/g ${dateEn(uacr.date)}`);
    expect(text).toContain('Inker et al., N Engl J Med 2021;385:1737');
    expect(text).toContain('Hoelzel et al., Clin Chem 2004;50:166');
  });

  it('totals insulin units by type over the days with doses', async () => {
    const text = pdfText(await report(meera));
    const facts = await expected(meera, 30);
    expect(text).toContain(
      `Mean total daily dose: ${facts.insulinMean} U over ${facts.insulinDays} days with doses logged`,
    );
    for (const type of ['long', 'rapid'] as const) {
      const row = facts.insulin[type];
      expect(text).toContain(`${INSULIN_NAMES[type]} ${row.doses} ${row.units} ${row.mean}`);
    }
    expect(text).toContain('ADA Standards of Care 2025, §9');
  });

  it.each([14, 90])('counts the LibreView readings in the %i-day glucose figures and says so', async (days) => {
    const text = pdfText(await report(meera, days));
    const facts = await expected(meera, days);
    expect(text).toContain(
      // With a sensor the figures are one line; the profile on the first part shows them large.
      `Readings: ${facts.readings} on ${facts.days} days · Mean: ${facts.mean} mg/dL`,
    );
    // With a sensor the five ranges are the glucose profile's, on the report's first part (decision 084).
    const profile = await ok(meera, 'GET', `/api/reports/glucose-profile?days=${days}`, undefined, 200);
    const { very_low, low, in_range, high, very_high } = profile.ranges;
    expect(text).toContain(`${very_low}% ${low}% ${in_range}% ${high}% ${very_high}% goal < 1%`);
    expect(text.indexOf('Glucose profile (sensor)')).toBeLessThan(text.indexOf('Medicines and adherence'));
    expect(text).toContain(`Includes ${SENSOR.length} sensor readings from FreeStyle Libre`);
    expect(text).toContain('applied to sensor and finger-stick readings together');
    expect(text).toMatch(/\d+ mg\/dL( \(level 2\))?, FreeStyle Libre/);
  });

  it('keeps the 90-day report within two pages', async () => {
    expect(pdfPages(await report(meera, 90))).toBeLessThanOrEqual(2);
  });

  it('is written in Hindi for a Hindi user, with the same figures', async () => {
    await ok(meera, 'PUT', '/api/users/me', { language: 'hi' }, 200);
    try {
      const text = pdfText(await report(meera));
      const facts = await expected(meera, 30);
      const latest = facts.hba1c[0]!;
      // Words whose letters pdftotext returns in order (no pre-base ि or reph; decision 026).
      for (const word of [
        'HbA1c (सबसे हाल का)',
        '(कुल / LDL / HDL /',
        'नतीजा',
        'तारीख',
        'लैब जाँच नहीं',
        'तेज़ असर वाली',
        'लंबे असर वाली',
      ]) {
        expect(text).toContain(word);
      }
      expect(text).toContain(`${latest.value.toFixed(1)}% (${hba1cNgspToIfcc(latest.value)} mmol/mol)`);
      expect(text).toContain(`eGFR ${facts.latest('creatinine').egfr} mL/min/1.73 m²`);
      expect(text).toContain(`${facts.insulinMean} U`);
      expect(text).toContain(`FreeStyle Libre की ${SENSOR.length} सेंसर`);
      expect(text).toMatch(new RegExp(`${facts.readings} · औसत: ${facts.mean} mg/dL`));
      expect(text).toContain('Inker et al.');
      for (const english of ['Lab results', 'Insulin type', 'Lipid profile', 'sensor readings from']) {
        expect(text).not.toContain(english);
      }
    } finally {
      await ok(meera, 'PUT', '/api/users/me', { language: 'en' }, 200);
    }
  });

  it('a user with none of it gets one "no lab results" line, and no insulin or sensor lines', async () => {
    await ok(neil, 'POST', '/api/health/glucose', { value: 140, meal_context: 'Fasting', date: TODAY, time: '00:05' });
    const pdf = await report(neil);
    const text = pdfText(pdf);
    expect(text).toContain('Lab results No lab results recorded.');
    expect(text).not.toContain('Insulin');
    expect(text).not.toContain('sensor');
    expect(text).toMatch(/applied to finger-?stick readings\)/);
    expect(text).toContain('1 on 1 days 140 mg/dL');
    expect(text).not.toContain('Meera');
    expect(pdfPages(pdf)).toBeLessThanOrEqual(2);
  });

  it('a medicine marked as insulin with no dose logged says so', async () => {
    await ok(neil, 'POST', '/api/medications', {
      name: 'Insulatard',
      dosage: '100 U/mL',
      form: 'Injection',
      color: '#4ECDC4',
      schedule: { frequency: 'daily', times: ['08:00'], start_date: TODAY },
      refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      insulin_type: 'intermediate',
    });
    const text = pdfText(await report(neil));
    expect(text).toContain('Insulin No insulin doses logged in this period.');
  });
});
