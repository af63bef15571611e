/**
 * A member's History of a patient (decision 077): glucose, blood pressure, weight,
 * HbA1c and insulin read within the granted scopes with the patient's own shapes and the
 * History figures (period report, dose lane) in the patient's zone; each view lands in the
 * patient's audit; outside the scopes → 403, anyone else → 404, a bad query → 400 naming the
 * field, none of which writes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const KOLKATA = 'Asia/Kolkata';

describe.each(DRIVERS)('a member reads the History of a patient on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  let asha: SignedInUser;
  let doctor: SignedInUser;
  let stranger: SignedInUser;
  const person = (name: string) =>
    signIn(t.app, { name, email: `carehistory${++counter}@example.com`, timezone: KOLKATA });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer read field by field
  const ok = async (response: Promise<{ statusCode: number; body: string; json(): any }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    t.clock.set(new Date('2026-11-20T12:30:00Z')); // 18:00 in Kolkata
    asha = await person('Asha Rao');
    doctor = await person('Dr Mehta');
    stranger = await person('Ben Okafor');
    const post = (url: string, payload: unknown) => ok(asha.request({ method: 'POST', url, payload }));
    await post('/api/health/glucose', { value: 48, date: '2026-11-20', time: '08:00', meal_context: 'Fasting' });
    await post('/api/health/glucose', { value: 160, date: '2026-11-19', time: '13:00', meal_context: 'After Lunch' });
    await post('/api/health/bp', { systolic: 132, diastolic: 84, date: '2026-11-20', time: '08:05' });
    await post('/api/health/metrics', { weight: 70, height: 165, date: '2026-11-20' });
    await post('/api/health/labs', { test: 'hba1c', value: 7.2, unit: '%', date: '2026-11-01' });
    await post('/api/health/insulin', { units: 10, insulin_type: 'long', date: '2026-11-20', time: '07:30' });
    // A doctor with the default scopes: medicines and glucose, not blood pressure, weight or labs.
    const { token } = (await post('/api/care/invitations', { role: 'doctor' })).json();
    await ok(doctor.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` }));
  });
  afterAll(() => t.close());

  const patientUrl = (path: string) => `/api/care/patients/${asha.user.id}/${path}`;

  it('within scope: glucose, its period figures, the dose lane and insulin answer as the patient’s own routes do', async () => {
    for (const [path, own] of [
      ['glucose?start_date=2026-10-22', '/api/health/glucose?start_date=2026-10-22'],
      ['reports/glucose?days=30', '/api/reports/glucose?days=30'],
      ['reports/adherence-outcomes?days=30', '/api/reports/adherence-outcomes?days=30'],
      ['insulin?start_date=2026-10-22', '/api/health/insulin?start_date=2026-10-22'],
    ] as const) {
      const member = await doctor.request({ url: patientUrl(path) });
      expect(member.statusCode, `${path}: ${member.body}`).toBe(200);
      expect(member.json(), path).toEqual((await asha.request({ url: own })).json());
    }
    const report = (await doctor.request({ url: patientUrl('reports/glucose?days=7') })).json();
    expect(report.readings).toBe(2);
  });

  it('each view is in the patient’s audit, once per resource and hour', async () => {
    await doctor.request({ url: patientUrl('glucose?limit=5') });
    await doctor.request({ url: patientUrl('insulin') });
    const audit: { action: string; resource: string | null; member_name: string | null }[] = (
      await asha.request({ url: '/api/care/audit' })
    ).json();
    const views = audit
      .filter((entry) => entry.action === 'view' && entry.member_name === 'Dr Mehta')
      .map((entry) => entry.resource)
      .sort();
    expect(views).toEqual(['adherence', 'glucose', 'insulin']);
  });

  it('outside the scopes → 403 with a detail; another patient or a stranger → 404; nothing written', async () => {
    const before = await dumpDatabase(t.database.db);
    for (const path of ['bp', 'metrics', 'labs?test=hba1c']) {
      const response = await doctor.request({ url: patientUrl(path) });
      expect(response.statusCode, path).toBe(403);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    for (const path of ['glucose', 'reports/glucose', 'reports/adherence-outcomes', 'insulin']) {
      const response = await stranger.request({ url: patientUrl(path) });
      expect(response.statusCode, path).toBe(404);
    }
    // The doctor asking for someone who never invited them: 404, as for an id that does not exist.
    const other = await doctor.request({ url: `/api/care/patients/${stranger.user.id}/glucose` });
    expect(other.statusCode).toBe(404);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('a bad query → 400 naming the field, and no audit entry', async () => {
    const before = await dumpDatabase(t.database.db);
    const days = await doctor.request({ url: patientUrl('reports/glucose?days=5') });
    expect(days.statusCode).toBe(400);
    expect(days.json().detail).toMatch(/^days: /);
    const start = await doctor.request({ url: patientUrl('insulin?start_date=yesterday') });
    expect(start.statusCode).toBe(400);
    expect(start.json().detail).toMatch(/^start_date: /);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});
