/**
 * A dose only where the schedule has one (decision 073): POST /api/adherence and a care member's
 * mark-taken accept only a (medication, date, time) the schedule produces, at most a day ahead;
 * an as-needed dose not after now. Refusals name the field and change nothing. The clock is fixed
 * at 2026-11-20T18:40:00Z: Saturday 21 Nov 00:10 in Asia/Kolkata, Friday 20 Nov 13:40 in New York.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';
import { metformin } from './support/medications.ts';
import { setLanguage } from './support/requests.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');
const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

/** Daily at 09:00 and 21:00 from Sunday 2026-11-01. */
const DAILY = metformin();
/** Weekly on Mondays at 08:00 from Monday 2026-11-02. */
const MONDAYS = metformin({ frequency: 'weekly', weekdays: [1], times: ['08:00'], start_date: '2026-11-02' });
/** As needed, no times, from 2026-11-01. */
const AS_NEEDED = metformin({ frequency: 'as-needed', times: [] });

describe.each(DRIVERS)('doses the schedule has, on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  const newUser = (timezone = KOLKATA, name = 'Asha Rao') =>
    signIn(t.app, { name, email: `schedule${++counter}@example.com`, timezone });
  const addMedication = async (user: SignedInUser, payload: MedicationInput) => {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const record = (user: SignedInUser, medication_id: string, date: string, scheduled_time: string) =>
    user.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id, date, scheduled_time, status: 'taken' },
    });
  const accepted = async (user: SignedInUser, medicationId: string, date: string, time: string) => {
    const response = await record(user, medicationId, date, time);
    expect(response.statusCode, `${date} ${time}: ${response.body}`).toBe(200);
  };
  /** Expects each [date, time] refused with `detail` and the database unchanged. */
  const refused = async (user: SignedInUser, medicationId: string, cases: [string, string, string][]) => {
    const before = await dumpDatabase(t.database.db);
    for (const [date, time, detail] of cases) {
      const response = await record(user, medicationId, date, time);
      expect(response.statusCode, `${date} ${time}`).toBe(400);
      expect(response.json(), `${date} ${time}`).toEqual({ detail });
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  };

  it('daily: a scheduled time from the start date to one day past today is accepted', async () => {
    const asha = await newUser();
    const id = await addMedication(asha, DAILY);
    await accepted(asha, id, '2026-11-01', '09:00'); // the start date
    await accepted(asha, id, '2026-11-20', '21:00');
    await accepted(asha, id, '2026-11-21', '21:00'); // today in Kolkata, though UTC is on the 20th
    await accepted(asha, id, '2026-11-22', '09:00'); // one day ahead
  });

  it('daily: a time not in the schedule, a date before the start, two days ahead, 1900 or 2099 → 400', async () => {
    const asha = await newUser();
    const id = await addMedication(asha, DAILY);
    await refused(asha, id, [
      ['2026-11-20', '03:17', 'scheduled_time: is not a time this medicine is scheduled for'],
      ['2026-11-20', '09:01', 'scheduled_time: is not a time this medicine is scheduled for'],
      ['2026-10-31', '09:00', 'date: must not be before this medicine’s start date'],
      ['2026-11-23', '09:00', 'date: must not be more than a day ahead'],
      ['2099-11-20', '09:00', 'date: must not be more than a day ahead'],
      ['1900-11-20', '09:00', 'date: must not be before 2000-01-01'],
    ]);
    expect((await asha.request({ url: '/api/adherence' })).json()).toEqual([]);
  });

  it('weekly on Mondays: a Monday at 08:00 is accepted; a Friday, or the Sunday before the start, is not', async () => {
    const asha = await newUser();
    const id = await addMedication(asha, MONDAYS);
    await accepted(asha, id, '2026-11-02', '08:00');
    await accepted(asha, id, '2026-11-16', '08:00');
    await refused(asha, id, [
      ['2026-11-20', '08:00', 'date: is not a day this medicine is scheduled for'], // a Friday
      ['2026-11-17', '08:00', 'date: is not a day this medicine is scheduled for'], // a Tuesday
      ['2026-11-16', '09:00', 'scheduled_time: is not a time this medicine is scheduled for'],
      ['2026-10-26', '08:00', 'date: must not be before this medicine’s start date'], // a Monday before
    ]);
  });

  it('weekly without weekdays runs on the start date’s weekday only', async () => {
    const asha = await newUser();
    const id = await addMedication(
      asha,
      metformin({ frequency: 'weekly', times: ['08:00'], start_date: '2026-11-02' }),
    );
    await accepted(asha, id, '2026-11-09', '08:00');
    await refused(asha, id, [['2026-11-10', '08:00', 'date: is not a day this medicine is scheduled for']]);
  });

  it('as needed: any time up to now (5 minutes of clock skew), never later, never before the start', async () => {
    const asha = await newUser();
    const id = await addMedication(asha, AS_NEEDED);
    await accepted(asha, id, '2026-11-01', '03:17');
    await accepted(asha, id, '2026-11-20', '23:59');
    await accepted(asha, id, '2026-11-21', '00:10'); // now in Kolkata: what Log dose sends
    await accepted(asha, id, '2026-11-21', '00:15');
    await refused(asha, id, [
      ['2026-11-21', '00:16', 'scheduled_time: must not be later than now'],
      ['2026-11-22', '00:00', 'date: must not be in the future'],
      ['2026-10-31', '12:00', 'date: must not be before this medicine’s start date'],
    ]);
  });

  it('west of UTC: in New York on Friday 20 Nov, 21 Nov is the day ahead and 22 Nov too far', async () => {
    const ben = await newUser(NEW_YORK, 'Ben Cole');
    const daily = await addMedication(ben, DAILY);
    await accepted(ben, daily, '2026-11-21', '09:00');
    await refused(ben, daily, [['2026-11-22', '09:00', 'date: must not be more than a day ahead']]);
    const asNeeded = await addMedication(ben, AS_NEEDED);
    await accepted(ben, asNeeded, '2026-11-20', '13:45');
    await refused(ben, asNeeded, [
      ['2026-11-20', '13:46', 'scheduled_time: must not be later than now'],
      ['2026-11-21', '00:10', 'date: must not be in the future'], // already "now" in Kolkata, not here
    ]);
  });

  it('a refusal reads in the user’s language', async () => {
    const asha = await newUser();
    await setLanguage(asha, 'hi');
    const id = await addMedication(asha, DAILY);
    const response = await record(asha, id, '2026-11-20', '03:17');
    expect(response.json()).toEqual({ detail: 'खुराक का समय: इस समय यह दवा लेनी तय नहीं है' });
  });

  it('another user’s medicine still answers 404, whatever the date and time', async () => {
    const [asha, ben] = [await newUser(), await newUser(KOLKATA, 'Ben Cole')];
    const id = await addMedication(asha, DAILY);
    expect((await record(ben, id, '2099-01-01', '03:17')).statusCode).toBe(404);
  });

  describe('a care member marking a dose taken', () => {
    /** Ravi, in New York, may mark doses for Asha, in Kolkata, who takes a medicine on Mondays. */
    const circle = async () => {
      const asha = await newUser(KOLKATA);
      const ravi = await newUser(NEW_YORK, 'Ravi Rao');
      const invitation = (
        await asha.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'family' } })
      ).json();
      await ravi.request({ method: 'POST', url: `/api/care/invitations/${invitation.token}/accept` });
      const member = (await asha.request({ url: '/api/care/members' })).json()[0].id;
      const patch = { method: 'PATCH', url: `/api/care/members/${member}`, payload: { can_mark_taken: true } };
      expect((await asha.request(patch)).statusCode).toBe(200);
      const mondays = await addMedication(asha, MONDAYS);
      const daily = await addMedication(asha, DAILY);
      const mark = (medication_id: string, date: string, scheduled_time: string) =>
        ravi.request({
          method: 'POST',
          url: `/api/care/patients/${asha.user.id}/adherence`,
          payload: { medication_id, date, scheduled_time, status: 'taken' },
        });
      return { asha, mondays, daily, mark };
    };

    it('a Friday for a Mondays-only medicine, or a time not scheduled, → 400 and nothing changes', async () => {
      const { asha, mondays, daily, mark } = await circle();
      const before = await dumpDatabase(t.database.db);
      const friday = await mark(mondays, '2026-11-20', '08:00');
      expect(friday.statusCode).toBe(400);
      expect(friday.json()).toEqual({ detail: 'date: is not a day this medicine is scheduled for' });
      const early = await mark(daily, '2026-11-20', '03:17');
      expect(early.json()).toEqual({ detail: 'scheduled_time: is not a time this medicine is scheduled for' });
      expect(await dumpDatabase(t.database.db)).toEqual(before);
      expect((await asha.request({ url: '/api/adherence' })).json()).toEqual([]);
    });

    it('a Monday is accepted, and the patient’s zone decides the day ahead, not the member’s', async () => {
      const { asha, mondays, daily, mark } = await circle();
      expect((await mark(mondays, '2026-11-16', '08:00')).statusCode).toBe(200);
      // Ravi's New York is on the 20th; Asha's Kolkata on the 21st, so the 22nd is her day ahead.
      const ahead = await mark(daily, '2026-11-22', '09:00');
      expect(ahead.statusCode, ahead.body).toBe(200);
      expect((await mark(daily, '2026-11-23', '09:00')).json()).toEqual({
        detail: 'date: must not be more than a day ahead',
      });
      const records = (await asha.request({ url: '/api/adherence' })).json();
      expect(records.map((r: { date: string }) => r.date)).toEqual(['2026-11-22', '2026-11-16']);
    });
  });
});
