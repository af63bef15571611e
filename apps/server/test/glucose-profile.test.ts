/**
 * GET /api/reports/glucose-profile (decision 084): a Libre's readings imported through the API
 * make the percentile profile, five ranges, mean, GMI and wear, in the user's zone and only
 * theirs; scans are left out, logged readings make the per-meal view; a member with the glucose
 * scope reads the same, audited; a bad period → 400; the wear counts a DST day's 25 hours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { importReadings, libreViewFile, ok } from './support/report-pdf.ts';

const NOW = new Date('2026-11-20T06:00:00.000Z'); // 11:30 in Kolkata
const KOLKATA = 'Asia/Kolkata';

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** 15-minute readings from `date` 00:00 for `count` readings: 120, but 50 from 02:00 to 02:45. */
function libreDays(firstDate: string, count: number, value = (time: string) => (time.startsWith('02:') ? 50 : 120)) {
  const rows: [string, string, number][] = [];
  const start = Date.parse(`${firstDate}T00:00:00Z`);
  for (let index = 0; index < count; index += 1) {
    const at = new Date(start + index * 15 * 60_000);
    const time = hhmm(at.getUTCHours() * 60 + at.getUTCMinutes());
    rows.push([at.toISOString().slice(0, 10), time, value(time)]);
  }
  return rows;
}

describe.each(DRIVERS)('the glucose profile on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let ravi: SignedInUser;
  let doctor: SignedInUser;
  let counter = 0;
  const person = (name: string, timezone = KOLKATA) =>
    signIn(t.app, { name, email: `profile${++counter}@example.com`, timezone });

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await person('Asha Rao');
    ravi = await person('Ravi Rao');
    doctor = await person('Dr Mehta');
    // 2026-11-07 00:00 to 2026-11-20 11:15 (1,294 readings), one the evening before the period,
    // and a 300 scan (Record Type 1), which the profile leaves out.
    const file = libreViewFile([['2026-11-06', '23:45', 400], ...libreDays('2026-11-07', 13 * 96 + 46)]).concat(
      `\nFreeStyle LibreLink,ABCD-1234,19-11-2026 09:07,1,,300${','.repeat(13)}`,
    );
    const batch = await importReadings(asha, file);
    expect(batch.readings, JSON.stringify(batch)).toBe(1296);
    await ok(asha, 'POST', '/api/health/glucose', {
      value: 110,
      date: '2026-11-19',
      time: '07:00',
      meal_context: 'Fasting',
    });
    await ok(asha, 'POST', '/api/health/glucose', {
      value: 170,
      date: '2026-11-18',
      time: '07:00',
      meal_context: 'Fasting',
    });
    await ok(ravi, 'POST', '/api/health/glucose', {
      value: 90,
      date: '2026-11-19',
      time: '21:00',
      meal_context: 'Bedtime',
    });
    const { token } = await ok(asha, 'POST', '/api/care/invitations', { role: 'doctor' });
    await ok(doctor, 'POST', `/api/care/invitations/${token}/accept`, undefined, 200);
  });
  afterAll(() => t.close());

  it('gives 14 days of a Libre its profile (the default period)', async () => {
    const body = await ok(asha, 'GET', '/api/reports/glucose-profile', undefined, 200);
    expect(body).toMatchObject({
      period: { days: 14, start: '2026-11-07', end: '2026-11-20' },
      source: 'mixed',
      // 13 × 96 + 46: the evening before and the scan left out.
      readings: 1294,
      days_with_data: 14,
      // 1,294 × 15 min = 19,410 = 13 days and 11 h 30 min: all of the period so far.
      sensor_active_percent: 100,
      // (56 × 50 + 1,238 × 120) ÷ 1,294 = 116.97; GMI 3.31 + 0.02392 × 116.97 = 6.108.
      mean: 117,
      gmi: 6.1,
      // 56 ÷ 1,294 = 4.33 % below 54 → 4, in range 95.67 → 96 (largest remainder).
      ranges: { very_low: 4, low: 0, in_range: 96, high: 0, very_high: 0 },
      sufficient: true,
      insufficient_reason: null,
    });
    expect(body.percentiles).toHaveLength(24);
    expect(body.percentiles[2]).toEqual({ minute: 120, p5: 50, p25: 50, p50: 50, p75: 50, p95: 50 });
    expect(body.percentiles[3]).toEqual({ minute: 180, p5: 120, p25: 120, p50: 120, p75: 120, p95: 120 });
    expect(body.daily).toHaveLength(14);
    expect(body.daily[13]).toEqual({ date: '2026-11-20', readings: 46, mean: expect.any(Number), min: 50, max: 120 });
    expect(body.by_context).toEqual([{ meal_context: 'Fasting', readings: 2, mean: 140, min: 110, max: 170 }]);
  });

  it('says 7 days are too few, and still gives the figures', async () => {
    const body = await ok(asha, 'GET', '/api/reports/glucose-profile?days=7', undefined, 200);
    expect(body).toMatchObject({
      period: { days: 7, start: '2026-11-14', end: '2026-11-20' },
      days_with_data: 7,
      gmi: null,
      sufficient: false,
      insufficient_reason: 'few_days',
    });
    expect(body.ranges.in_range).toBeGreaterThan(90);
  });

  it("gives another user only their own: a meter's readings per meal context", async () => {
    const body = await ok(ravi, 'GET', '/api/reports/glucose-profile?days=30', undefined, 200);
    expect(body).toMatchObject({
      source: 'fingerstick',
      readings: 1,
      sensor_active_percent: null,
      percentiles: [],
      by_context: [{ meal_context: 'Bedtime', readings: 1, mean: 90, min: 90, max: 90 }],
      insufficient_reason: 'no_sensor',
    });
  });

  it('answers 400 naming days for any other period', async () => {
    for (const days of ['5', '60', 'x', '']) {
      const response = await asha.request({ url: `/api/reports/glucose-profile?days=${days}` });
      expect(response.statusCode, days).toBe(400);
      expect(response.json().detail).toMatch(/days/);
    }
  });

  it('gives a doctor with the glucose scope the same profile, in the audit; a stranger 404', async () => {
    const url = `/api/care/patients/${asha.user.id}/reports/glucose-profile?days=14`;
    const member = await ok(doctor, 'GET', url, undefined, 200);
    expect(member).toEqual(await ok(asha, 'GET', '/api/reports/glucose-profile?days=14', undefined, 200));
    const audit: { action: string; resource: string | null; member_name: string | null }[] = await ok(
      asha,
      'GET',
      '/api/care/audit',
      undefined,
      200,
    );
    expect(audit.some((e) => e.action === 'view' && e.resource === 'glucose' && e.member_name === 'Dr Mehta')).toBe(
      true,
    );
    expect((await ravi.request({ url })).statusCode).toBe(404);
  });

  it('counts the 25-hour day of a fall-back change in the wear', async () => {
    // America/New_York falls back on 2026-11-01. Now 2026-11-02 12:00 EST; the 7 days start
    // 2026-10-27 00:00 EDT: 6 × 1,440 + 60 + 720 = 9,420 minutes. 300 × 15 = 4,500 → 47.8 %
    // (a clock of 24-hour days would say 9,360 → 48.1 %).
    t.clock.set(new Date('2026-11-02T17:00:00.000Z'));
    try {
      const nora = await person('Nora Diaz', 'America/New_York');
      await importReadings(nora, libreViewFile(libreDays('2026-10-28', 300)));
      const body = await ok(nora, 'GET', '/api/reports/glucose-profile?days=7', undefined, 200);
      expect(body).toMatchObject({
        period: { start: '2026-10-27', end: '2026-11-02' },
        sensor_active_percent: 47.8,
        insufficient_reason: 'few_days',
      });
    } finally {
      t.clock.set(NOW);
    }
  });
});
