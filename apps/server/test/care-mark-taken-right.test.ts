/**
 * The right to help (decision 078): the mark-taken right given in the invitation, kept
 * when a removed member is invited again with it, and a member's Undo of their own Mark taken —
 * never of the patient's own dose nor of another member's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

describe.each(DRIVERS)('the mark-taken right on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const person = (name: string) =>
    signIn(t.app, { name, email: `right${++counter}@example.com`, timezone: 'Asia/Kolkata' });

  beforeAll(async () => {
    t = await createTestApp(driver);
    t.clock.set(new Date('2026-11-20T06:30:00.000Z'));
  });
  afterAll(() => t.close());

  const invite = async (patient: SignedInUser, payload: object) => {
    const response = await patient.request({ method: 'POST', url: '/api/care/invitations', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  /** `member` joins `patient`'s circle through a new invitation; their care_members id. */
  const join = async (patient: SignedInUser, member: SignedInUser, payload: object) => {
    const { token } = await invite(patient, payload);
    const accepted = await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const members = (await patient.request({ url: '/api/care/members' })).json();
    return members.find((entry: { name: string }) => entry.name === member.user.name) as {
      id: string;
      can_mark_taken: boolean;
    };
  };
  const rightOf = async (member: SignedInUser, patient: SignedInUser) =>
    (await member.request({ url: '/api/care/patients' }))
      .json()
      .find((entry: { patient_id: string }) => entry.patient_id === patient.user.id)?.can_mark_taken;
  const addMetformin = async (patient: SignedInUser) =>
    (
      await patient.request({
        method: 'POST',
        url: '/api/medications',
        payload: {
          name: 'Metformin',
          dosage: '500 mg',
          form: 'Tablet',
          color: '#FF6B6B',
          schedule: { frequency: 'daily', times: ['08:00', '09:00'], start_date: '2026-11-01' },
          refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
        },
      })
    ).json() as { id: string };

  it('an invitation can give the right: the link, its preview and the pending list say so, and the member has it on joining', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const invitation = await invite(asha, { role: 'family', can_mark_taken: true });
    expect(invitation.can_mark_taken).toBe(true);
    expect((await ravi.request({ url: `/api/care/invitations/${invitation.token}` })).json().can_mark_taken).toBe(true);
    expect((await asha.request({ url: '/api/care/invitations' })).json()[0].can_mark_taken).toBe(true);
    await ravi.request({ method: 'POST', url: `/api/care/invitations/${invitation.token}/accept` });
    expect(await rightOf(ravi, asha)).toBe(true);
    // Without it (the default) a member joins read-only.
    const meena = await person('Meena Iyer');
    expect((await join(asha, meena, { role: 'family' })).can_mark_taken).toBe(false);
  });

  it('the right survives re-invitation when the patient keeps it, and only then', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const first = await join(asha, ravi, { role: 'family' });
    const granted = await asha.request({
      method: 'PATCH',
      url: `/api/care/members/${first.id}`,
      payload: { can_mark_taken: true },
    });
    expect(granted.json().can_mark_taken).toBe(true);
    expect((await asha.request({ method: 'DELETE', url: `/api/care/members/${first.id}` })).statusCode).toBe(200);
    // Invited again with the right kept: he has it back (it used to reset to false on accept).
    const again = await join(asha, ravi, { role: 'family', can_mark_taken: true });
    expect(again.can_mark_taken).toBe(true);
    expect(await rightOf(ravi, asha)).toBe(true);
    // Invited again without it: read-only.
    await asha.request({ method: 'DELETE', url: `/api/care/members/${again.id}` });
    expect((await join(asha, ravi, { role: 'family', can_mark_taken: false })).can_mark_taken).toBe(false);
  });

  it.each([
    [{ role: 'family', can_mark_taken: 'yes' }, 'can_mark_taken: must be true or false'],
    [{ role: 'family', can_mark_taken: null }, 'can_mark_taken: must be true or false'],
  ])('refuses %j with 400 naming the field, changing nothing', async (payload, detail) => {
    const asha = await person('Asha Rao');
    const before = await dumpDatabase(t.database.db);
    const response = await asha.request({ method: 'POST', url: '/api/care/invitations', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(detail);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('a member undoes their own Mark taken: the dose is pending again and the audit says so', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const medication = await addMetformin(asha);
    await join(asha, ravi, { role: 'family', can_mark_taken: true });
    const marked = await ravi.request({
      method: 'POST',
      url: `/api/care/patients/${asha.user.id}/adherence`,
      payload: { medication_id: medication.id, date: '2026-11-20', scheduled_time: '08:00', status: 'taken' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    t.clock.advance(60_000);
    const undone = await ravi.request({
      method: 'PUT',
      url: `/api/care/patients/${asha.user.id}/adherence/${marked.json().id}?status=pending`,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ id: marked.json().id, status: 'pending', taken_time: null });
    expect(undone.json().recorded_by_name).toBeUndefined();
    const own = (await asha.request({ url: '/api/adherence' })).json();
    expect(own).toEqual([expect.objectContaining({ id: marked.json().id, status: 'pending' })]);
    const audit = (await asha.request({ url: '/api/care/audit' })).json() as { action: string; member_name: string }[];
    const marks = audit.filter((entry) => entry.action.endsWith('mark_taken'));
    expect(marks.map((entry) => [entry.action, entry.member_name])).toEqual([
      ['unmark_taken', 'Ravi Rao'],
      ['mark_taken', 'Ravi Rao'],
    ]);
  });

  it('marking a dose that is already taken changes nothing: nobody takes over, or can then undo, another person’s mark', async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const sita = await person('Sita Rao');
    const medication = await addMetformin(asha);
    await join(asha, ravi, { role: 'family', can_mark_taken: true });
    await join(asha, sita, { role: 'family', can_mark_taken: true });
    const dose = (time: string) => ({
      medication_id: medication.id,
      date: '2026-11-20',
      scheduled_time: time,
      status: 'taken',
    });
    const mark = (member: SignedInUser, time: string) =>
      member.request({ method: 'POST', url: `/api/care/patients/${asha.user.id}/adherence`, payload: dose(time) });
    const undo = (member: SignedInUser, id: string) =>
      member.request({ method: 'PUT', url: `/api/care/patients/${asha.user.id}/adherence/${id}?status=pending` });

    // Asha took her 08:00 dose herself; Ravi's mark leaves it hers, and his Undo is refused.
    const own = await asha.request({ method: 'POST', url: '/api/adherence', payload: dose('08:00') });
    const again = await mark(ravi, '08:00');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().recorded_by_name).toBeUndefined();
    expect((await undo(ravi, own.json().id)).statusCode).toBe(404);
    // Ravi marked 09:00; Sita's mark leaves it Ravi's: her Undo is refused, his still works.
    const ravis = await mark(ravi, '09:00');
    const before = await dumpDatabase(t.database.db);
    expect((await mark(sita, '09:00')).json().recorded_by_name).toBe('Ravi Rao');
    expect((await undo(sita, ravis.json().id)).statusCode).toBe(404);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect((await undo(ravi, ravis.json().id)).statusCode).toBe(200);
    const taken = (await asha.request({ url: '/api/adherence' })).json() as {
      scheduled_time: string;
      status: string;
    }[];
    expect(taken.find((record) => record.scheduled_time === '08:00')?.status).toBe('taken');
  });

  it("the Undo is scoped: not the patient's own dose, not another member's mark, not without the right; bad input 400; nothing changes", async () => {
    const asha = await person('Asha Rao');
    const ravi = await person('Ravi Rao');
    const meena = await person('Meena Iyer');
    const stranger = await person('Stranger');
    const medication = await addMetformin(asha);
    const raviMember = await join(asha, ravi, { role: 'family', can_mark_taken: true });
    await join(asha, meena, { role: 'family', can_mark_taken: true });
    const mine = await asha.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: medication.id, date: '2026-11-20', scheduled_time: '08:00', status: 'taken' },
    });
    const marked = await ravi.request({
      method: 'POST',
      url: `/api/care/patients/${asha.user.id}/adherence`,
      payload: { medication_id: medication.id, date: '2026-11-20', scheduled_time: '09:00', status: 'taken' },
    });
    const undo = (who: SignedInUser, id: string, query = 'status=pending') =>
      who.request({ method: 'PUT', url: `/api/care/patients/${asha.user.id}/adherence/${id}?${query}` });
    const before = await dumpDatabase(t.database.db);

    expect((await undo(ravi, mine.json().id)).statusCode).toBe(404);
    expect((await undo(meena, marked.json().id)).statusCode).toBe(404);
    expect((await undo(stranger, marked.json().id)).statusCode).toBe(404);
    const skipped = await undo(ravi, marked.json().id, 'status=skipped');
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().detail).toBe("status: must be 'pending'");
    const badId = await ravi.request({
      method: 'PUT',
      url: `/api/care/patients/${asha.user.id}/adherence/not-an-id?status=pending`,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().detail).toBe('id: must be a UUID');
    expect(await dumpDatabase(t.database.db)).toEqual(before);

    await asha.request({
      method: 'PATCH',
      url: `/api/care/members/${raviMember.id}`,
      payload: { can_mark_taken: false },
    });
    const afterPatch = await dumpDatabase(t.database.db);
    expect((await undo(ravi, marked.json().id)).statusCode).toBe(403);
    expect(await dumpDatabase(t.database.db)).toEqual(afterPatch);
  });
});
