/**
 * The patient list of someone who follows many (decision 086): GET /api/care/patients with
 * summary_days gives each person's figures within the scopes they granted (no glucose scope → no
 * glucose figures), each needs-attention reason, needing attention first then the longest
 * unreviewed, the filter and pages; POST …/reviewed is in the patient's audit; a stranger → 404;
 * bad input → 400 naming the field, nothing written.
 */
import type { CareScope } from '@diacare/contract/care';
import type { CarePatientWithSummary } from '@diacare/contract/care-patient-list';
import { datesEndingOn } from '@diacare/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { glucoseDailyCounts, glucoseReadings } from '../src/db/schema.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const KOLKATA = 'Asia/Kolkata';
const NOW = new Date('2026-11-20T06:30:00Z'); // 12:00 in Kolkata
const DAYS = datesEndingOn('2026-11-20', 14);

/** `count` readings of `value` mg/dL spread over the 14 days ending today, at 08:00–10:59. */
const readings = (count: number, value: number, from = 0) =>
  Array.from({ length: count }, (_, index) => ({
    value,
    date: DAYS[(from + index) % DAYS.length]!,
    time: `${String(8 + (index % 3)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`,
  }));

describe.each(DRIVERS)('the patient list on %s', (driver) => {
  let t: TestApp;
  let doctor: SignedInUser;
  let stranger: SignedInUser;
  const people: Record<string, SignedInUser> = {};
  let counter = 0;

  const follow = async (name: string, scopes: CareScope[], values: { value: number; date: string; time: string }[]) => {
    const person = await signIn(t.app, { name, email: `plist${++counter}@example.com`, timezone: KOLKATA });
    people[name] = person;
    if (values.length) {
      await t.database.db
        .insert(glucoseReadings)
        .values(values.map((reading) => ({ ...reading, user_id: person.user.id, meal_context: 'Fasting' })));
    }
    const invitation = await person.request({
      method: 'POST',
      url: '/api/care/invitations',
      payload: { role: 'doctor', scopes },
    });
    expect(invitation.statusCode, invitation.body).toBe(201);
    const accept = await doctor.request({
      method: 'POST',
      url: `/api/care/invitations/${invitation.json().token}/accept`,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    return person;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(new Date('2026-10-30T06:30:00Z')) });
    doctor = await signIn(t.app, { name: 'Dr Mehta', email: 'plist-doctor@example.com', timezone: KOLKATA });
    stranger = await signIn(t.app, { name: 'Ben', email: 'plist-stranger@example.com', timezone: KOLKATA });
    const glucose: CareScope[] = ['glucose', 'medications'];
    // 2 of 100 under 54: 2 % (over 1 %), 2 % under 70 (not over 4 %).
    await follow('Asha', glucose, [...readings(2, 50), ...readings(98, 120, 2)]);
    // 5 of 100 at 60: over 4 % under 70, none under 54.
    await follow('Ravi', glucose, [...readings(5, 60), ...readings(95, 130, 5)]);
    // 40 of 100 at 250: 60 % in range.
    await follow('Meena', glucose, [...readings(40, 250), ...readings(60, 110, 40)]);
    // In range, but a daily medicine taken once in 14 days.
    const kiran = await follow('Kiran', glucose, readings(100, 120));
    const medicine = await kiran.request({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        schedule: { frequency: 'daily', times: ['08:00'], start_date: '2026-10-30' },
        refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      },
    });
    expect(medicine.statusCode, medicine.body).toBe(201);
    // In range, the last reading 8 days ago.
    await follow(
      'Dev',
      glucose,
      readings(20, 120).map((r) => ({ ...r, date: '2026-11-12' })),
    );
    // Lows, but only medicines shared: nothing of glucose is read or said.
    await follow('Lata', ['medications'], readings(50, 45));
    t.clock.set(NOW);
    // One of Kiran's 14 due doses taken: 7 %.
    const taken = await kiran.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: medicine.json().id, date: '2026-11-19', scheduled_time: '08:00', status: 'taken' },
    });
    expect(taken.statusCode, taken.body).toBeLessThan(300);
  });
  afterAll(() => t.close());

  const list = async (query: string): Promise<CarePatientWithSummary[]> => {
    const response = await doctor.request({ url: `/api/care/patients?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const byName = (patients: CarePatientWithSummary[]) => new Map(patients.map((p) => [p.name, p.summary!]));

  it('names each reason a person needs attention, and only that one', async () => {
    const summaries = byName(await list('summary_days=14'));
    expect(summaries.get('Asha')!.needs_attention).toEqual(['below_54']);
    expect(summaries.get('Ravi')!.needs_attention).toEqual(['below_70']);
    expect(summaries.get('Meena')!.needs_attention).toEqual(['low_time_in_range']);
    expect(summaries.get('Kiran')!.needs_attention).toEqual(['low_adherence']);
    expect(summaries.get('Dev')!.needs_attention).toEqual(['no_recent_reading']);
    expect(summaries.get('Lata')!.needs_attention).toEqual([]);
  });

  it('gives the figures of the period: shares of readings, GMI over 14 days, CV, adherence, the last reading', async () => {
    const summaries = byName(await list('summary_days=14'));
    expect(summaries.get('Asha')).toMatchObject({ readings: 100, below_54: 2, below_70: 2, in_range: 98 });
    expect(summaries.get('Meena')).toMatchObject({ readings: 100, in_range: 60, below_70: 0 });
    // Mean 166 mg/dL: GMI 3.31 + 0.02392 × 166 = 7.3 %; SD of 40 × 250 and 60 × 110 = 68.9 → CV 41.5 %.
    expect(summaries.get('Meena')!.gmi).toBe(7.3);
    expect(summaries.get('Meena')!.cv).toBe(41.5);
    expect(summaries.get('Kiran')!.adherence_percent).toBe(7);
    expect(summaries.get('Asha')!.adherence_percent).toBeNull();
    // Dev's readings lie on one day: no GMI (under 14 days); the newest at 10:17 in Kolkata.
    expect(summaries.get('Dev')!.gmi).toBeNull();
    expect(summaries.get('Dev')!.last_reading_at).toBe('2026-11-12T04:47:00.000Z');
    // Seven days: Dev's readings are outside it.
    expect(byName(await list('summary_days=7')).get('Dev')!.readings).toBe(0);
  });

  it('without the glucose scope no glucose figure is given', async () => {
    const lata = byName(await list('summary_days=14')).get('Lata')!;
    expect(lata).toEqual({
      last_reading_at: null,
      readings: null,
      in_range: null,
      below_70: null,
      below_54: null,
      gmi: null,
      cv: null,
      adherence_percent: null,
      needs_attention: [],
      last_reviewed_at: null,
    });
  });

  it('orders needing attention first, then the longest unreviewed; filters and pages', async () => {
    const reviewed = await doctor.request({
      method: 'POST',
      url: `/api/care/patients/${people.Asha!.user.id}/reviewed`,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toEqual({ last_reviewed_at: NOW.toISOString() });
    const names = (await list('summary_days=14')).map((p) => p.name);
    expect(names).toEqual(['Dev', 'Kiran', 'Meena', 'Ravi', 'Asha', 'Lata']);
    expect((await list('summary_days=14&needs_attention=true')).map((p) => p.name)).toEqual([
      'Dev',
      'Kiran',
      'Meena',
      'Ravi',
      'Asha',
    ]);
    expect((await list('summary_days=14&needs_attention=false')).map((p) => p.name)).toEqual(['Lata']);
    expect((await list('summary_days=14&limit=2&page=2')).map((p) => p.name)).toEqual(['Meena', 'Ravi']);
    expect((await list('summary_days=14&sort=name&limit=2')).map((p) => p.name)).toEqual(['Asha', 'Dev']);
    expect((await list('summary_days=14&sort=last_reviewed')).at(-1)!.name).toBe('Asha');
    // Without summary_days the list is as it was (joined order, no summary), in pages.
    const pages = [await list('limit=4&page=1'), await list('limit=4&page=2'), await list('limit=4&page=3')];
    expect(pages.map((page) => page.length)).toEqual([4, 2, 0]);
    expect(new Set(pages.flat().map((p) => p.name)).size).toBe(6);
    expect(pages[0]![0]).not.toHaveProperty('summary');
  });

  it('a mark reviewed is in the patient’s audit; anyone else’s id → 404, nothing written', async () => {
    const audit = (await people.Asha!.request({ url: '/api/care/audit' })).json() as {
      action: string;
      member_name: string | null;
    }[];
    expect(audit.filter((entry) => entry.action === 'review').map((entry) => entry.member_name)).toEqual(['Dr Mehta']);
    const before = await dumpDatabase(t.database.db);
    const notFollowed = await doctor.request({
      method: 'POST',
      url: `/api/care/patients/${stranger.user.id}/reviewed`,
    });
    expect(notFollowed.statusCode).toBe(404);
    const notAMember = await stranger.request({
      method: 'POST',
      url: `/api/care/patients/${people.Asha!.user.id}/reviewed`,
    });
    expect(notAMember.statusCode).toBe(404);
    expect(await stranger.request({ url: '/api/care/patients?summary_days=14' }).then((r) => r.json())).toEqual([]);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('bad input → 400 naming the field, nothing written', async () => {
    const before = await dumpDatabase(t.database.db);
    for (const [query, field] of [
      ['summary_days=0', 'summary_days'],
      ['summary_days=91', 'summary_days'],
      ['summary_days=14&sort=age', 'sort'],
      ['summary_days=14&needs_attention=yes', 'needs_attention'],
      ['summary_days=14&page=0', 'page'],
      ['summary_days=14&colour=red', 'colour'],
    ] as const) {
      const response = await doctor.request({ url: `/api/care/patients?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toMatch(new RegExp(`^${field}`));
    }
    const badId = await doctor.request({ method: 'POST', url: '/api/care/patients/not-a-uuid/reviewed' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().detail).toMatch(/^patient_id: /);
    const body = await doctor.request({
      method: 'POST',
      url: `/api/care/patients/${people.Asha!.user.id}/reviewed`,
      payload: { at: 'yesterday' },
    });
    expect(body.statusCode).toBe(400);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});

describe.each(DRIVERS)('the per-day glucose counts on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  it('follow every write of readings, with the contract’s bands at their edges', async () => {
    const asha = await signIn(t.app, { name: 'Asha', email: 'counts-asha@example.com', timezone: KOLKATA });
    const values = [53, 54, 69, 70, 180, 181, 300];
    const ids: string[] = [];
    for (const value of values) {
      const created = await asha.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value, meal_context: 'Fasting', date: '2026-11-19', time: '09:00' },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const counts = async () =>
      (await t.database.db.select().from(glucoseDailyCounts)).map(({ user_id: _user, ...row }) => row);
    const expected = (list: number[]) => ({
      date: '2026-11-19',
      readings: list.length,
      value_sum: list.reduce((a, b) => a + b, 0),
      value_square_sum: list.reduce((a, b) => a + b * b, 0),
      below_54: list.filter((v) => v < HYPOGLYCAEMIA.veryLow).length,
      below_70: list.filter((v) => v < HYPOGLYCAEMIA.low).length,
      in_range: list.filter((v) => v >= TIME_IN_RANGE_TARGET.low && v <= TIME_IN_RANGE_TARGET.high).length,
    });
    expect(await counts()).toEqual([expected(values)]);
    // A reading changed to another value and another day, then one deleted.
    const moved = await asha.request({
      method: 'PUT',
      url: `/api/health/glucose/${ids[0]}`,
      payload: { value: 100, meal_context: 'Fasting', date: '2026-11-18', time: '09:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await asha.request({ method: 'DELETE', url: `/api/health/glucose/${ids[6]}` })).statusCode).toBeLessThan(
      300,
    );
    const left = await counts();
    expect(left).toHaveLength(2);
    expect(left).toEqual(
      expect.arrayContaining([expected([54, 69, 70, 180, 181]), { ...expected([100]), date: '2026-11-18' }]),
    );
  });
});
