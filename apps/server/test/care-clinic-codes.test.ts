/**
 * A doctor's clinic code (decision 087): the doctor makes one; a patient who opens it (signed in
 * or out) sees who asks and for what, and shares all or some of it; the doctor is then in their
 * circle as an invitation would put them, the patient's audit says so, and the patient removes
 * them as any member. Withdrawn → 410, one's own → 400, twice → 409, scopes not asked → 400
 * naming the field; another doctor's code id → 404; nothing written on a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

describe.each(DRIVERS)('clinic codes on %s', (driver) => {
  let t: TestApp;
  let doctor: SignedInUser;
  let asha: SignedInUser;
  let ravi: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(driver);
    doctor = await signIn(t.app, { name: 'Dr Mehta', email: 'codes-doctor@example.com' });
    asha = await signIn(t.app, { name: 'Asha', email: 'codes-asha@example.com' });
    ravi = await signIn(t.app, { name: 'Ravi', email: 'codes-ravi@example.com' });
  });
  afterAll(() => t.close());

  const make = async (payload: object = {}) => {
    const response = await doctor.request({ method: 'POST', url: '/api/care/requests', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; code: string; url: string; scopes: string[] };
  };

  it('a patient sees who asks and for what, shares some of it, and the doctor then follows them', async () => {
    const code = await make({ scopes: ['glucose', 'medications', 'labs'] });
    expect(code.url).toMatch(/\/care\/share\/[A-Za-z0-9_-]+$/);
    expect(code.scopes).toEqual(['medications', 'glucose', 'labs']);
    expect((await doctor.request({ url: '/api/care/requests' })).json().map((c: { id: string }) => c.id)).toEqual([
      code.id,
    ]);
    // Signed out: the name only, never the e-mail.
    const signedOut = await t.app.inject({ url: `/api/care/requests/${code.code}`, headers: { origin: ORIGIN } });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.json()).toMatchObject({ requester_name: 'Dr Mehta', role: 'doctor', scopes: code.scopes });
    const accept = await asha.request({
      method: 'POST',
      url: `/api/care/requests/${code.code}/accept`,
      payload: { scopes: ['glucose'] },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const patients = (await doctor.request({ url: '/api/care/patients' })).json();
    expect(patients).toMatchObject([{ patient_id: asha.user.id, role: 'doctor', scopes: ['glucose'] }]);
    const audit = (await asha.request({ url: '/api/care/audit' })).json();
    expect(audit[0]).toMatchObject({
      action: 'share',
      actor_name: 'Asha',
      member_name: 'Dr Mehta',
      scopes: ['glucose'],
    });
    // The same code serves the next patient; without scopes all that was asked is shared.
    expect(
      (await ravi.request({ method: 'POST', url: `/api/care/requests/${code.code}/accept`, payload: {} })).statusCode,
    ).toBe(200);
    const ravisDoctor = (await ravi.request({ url: '/api/care/members' })).json();
    expect(ravisDoctor).toMatchObject([
      { name: 'Dr Mehta', scopes: ['medications', 'glucose', 'labs'], alerts: false },
    ]);
    // The patient ends it as with any member: the doctor's reads answer 404 at once.
    const removed = await ravi.request({ method: 'DELETE', url: `/api/care/members/${ravisDoctor[0].id}` });
    expect(removed.statusCode).toBe(200);
    expect((await doctor.request({ url: `/api/care/patients/${ravi.user.id}/glucose` })).statusCode).toBe(404);
  });

  it('refuses a withdrawn, one’s own, a second share, scopes not asked; nothing written', async () => {
    const code = await make();
    const before = await dumpDatabase(t.database.db, ['auth_rate_limits']);
    const own = await doctor.request({ method: 'POST', url: `/api/care/requests/${code.code}/accept`, payload: {} });
    expect(own.statusCode).toBe(400);
    const twice = await asha.request({ method: 'POST', url: `/api/care/requests/${code.code}/accept`, payload: {} });
    expect(twice.statusCode).toBe(409);
    const notAsked = await ravi.request({
      method: 'POST',
      url: `/api/care/requests/${code.code}/accept`,
      payload: { scopes: ['bp'] },
    });
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().detail).toMatch(/^scopes: /);
    const badScope = await ravi.request({
      method: 'POST',
      url: `/api/care/requests/${code.code}/accept`,
      payload: { scopes: ['everything'] },
    });
    expect(badScope.json().detail).toMatch(/^scopes\.0: /);
    const sharingNothing = await ravi.request({
      method: 'POST',
      url: `/api/care/requests/${code.code}/accept`,
      payload: { scopes: [] },
    });
    expect(sharingNothing.statusCode).toBe(400);
    expect(sharingNothing.json().detail).toBe('scopes: must hold at least one scope');
    const badCode = await ravi.request({ url: '/api/care/requests/short' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().detail).toMatch(/^code: /);
    const badDays = await doctor.request({
      method: 'POST',
      url: '/api/care/requests',
      payload: { expires_in_days: 91 },
    });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().detail).toMatch(/^expires_in_days: /);
    const strangers = await ravi.request({ method: 'DELETE', url: `/api/care/requests/${code.id}` });
    expect(strangers.statusCode).toBe(404);
    expect(await dumpDatabase(t.database.db, ['auth_rate_limits'])).toEqual(before);

    expect((await doctor.request({ method: 'DELETE', url: `/api/care/requests/${code.id}` })).statusCode).toBe(204);
    const withdrawn = await ravi.request({ url: `/api/care/requests/${code.code}` });
    expect(withdrawn.statusCode).toBe(410);
    expect(
      (await ravi.request({ method: 'POST', url: `/api/care/requests/${code.code}/accept`, payload: {} })).statusCode,
    ).toBe(410);
  });
});
