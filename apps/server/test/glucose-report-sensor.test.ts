/**
 * GET /api/reports/glucose: imported sensor readings count beside manual ones in the mean,
 * time in range and the chart's hourly line, only the signed-in user's (decision 052); they
 * raise no alert (decision 046); a period other than 7, 14, 30 or 90 → 400.
 */
import { timeInRange } from '@diacare/contract/clinical';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const NOW = new Date('2026-11-20T06:00:00.000Z'); // 11:30 in Kolkata
const SENSOR = [
  { time: '08:00', value: 60 },
  { time: '08:05', value: 190 },
  { time: '08:10', value: 210 },
  { time: '09:00', value: 150 },
];
const MANUAL = [{ value: 110, meal_context: 'Fasting', time: '07:00', date: '2026-11-19' }];

function clarity(rows: { time: string; value: number }[]): string {
  const header =
    'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u)';
  const lines = rows.map((row, i) => `${i + 2},2026-11-19T${row.time}:00,EGV,,,,G7 App,${row.value},`);
  return `\uFEFF${[header, '1,,Device,,,G7,G7 App,,', ...lines].join('\r\n')}`;
}

describe.each(DRIVERS)('the glucose report with sensor readings on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let ravi: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await signIn(t.app, { name: 'Asha', email: 'report-asha@example.com', timezone: 'Asia/Kolkata' });
    ravi = await signIn(t.app, { name: 'Ravi', email: 'report-ravi@example.com', timezone: 'Asia/Kolkata' });
    for (const reading of MANUAL) {
      const created = await asha.request({ method: 'POST', url: '/api/health/glucose', payload: reading });
      expect(created.statusCode, created.body).toBe(201);
    }
    const preview = await asha.request({
      method: 'POST',
      url: '/api/imports',
      payload: clarity(SENSOR),
      headers: { 'content-type': 'text/csv' },
    });
    expect(preview.statusCode, preview.body).toBe(201);
    const commit = await asha.request({ method: 'POST', url: `/api/imports/${preview.json().id}/commit` });
    expect(commit.statusCode, commit.body).toBe(200);
    await ravi.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 400, meal_context: 'Fasting', time: '07:00', date: '2026-11-19' },
    });
  });
  afterAll(() => t.close());

  it('counts the sensor readings in the mean and time in range, and draws them hourly', async () => {
    const response = await asha.request({ url: '/api/reports/glucose?days=7' });
    expect(response.statusCode, response.body).toBe(200);
    const values = [...MANUAL.map((r) => r.value), ...SENSOR.map((r) => r.value)];
    const body = response.json();
    expect(body).toMatchObject({
      period: { days: 7, start: '2026-11-14', end: '2026-11-20' },
      readings: values.length,
      manual_readings: 1,
      sensor_readings: SENSOR.length,
      mean: Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10,
      time_in_range: timeInRange(values),
      estimated_a1c: null,
      distinct_days: 1,
    });
    expect(body.time_in_range.below).toBeGreaterThan(0);
    expect(body.sensor_line).toEqual([
      { date: '2026-11-19', time: '08:00', value: Math.round((60 + 190 + 210) / 3) },
      { date: '2026-11-19', time: '09:00', value: 150 },
    ]);
  });

  it("leaves out another user's readings, and each user sees only their own", async () => {
    const body = (await ravi.request({ url: '/api/reports/glucose?days=30' })).json();
    expect(body).toMatchObject({ readings: 1, sensor_readings: 0, mean: 400, sensor_line: [] });
  });

  it('raises no alert or reminder for a sensor low', async () => {
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM reminders WHERE user_id = ${asha.user.id}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // The manual list (which alerts read) holds only the manual reading.
    const manual = (await asha.request({ url: '/api/health/glucose' })).json();
    expect(manual).toHaveLength(1);
  });

  it('answers 400 for any other period', async () => {
    for (const days of ['5', '60', 'x']) {
      const response = await asha.request({ url: `/api/reports/glucose?days=${days}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/days/);
    }
  });
});
