/**
 * Every member route from the route table: a stranger or removed member → 404, outside the
 * scopes → 403, each changing nothing; a granted member reads the patient's data. A new member
 * route fails here until CARE_RESOURCES names its scope. Decision 048.
 */
import { CARE_RESOURCES, CARE_SCOPES, type CareResource } from '@diacare/contract/care';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const PREFIX = '/api/care/patients/:patient_id/';
/**
 * History's server-made figures (decision 077): the scope a doctor lacks to be refused (the dose
 * lane needs medications as well as glucose).
 */
const REPORT_SCOPES: Record<string, string> = {
  'reports/glucose': 'glucose',
  'reports/glucose-profile': 'glucose',
  'reports/adherence-outcomes': 'medications',
  'reports/meals': 'meals',
};

describe.each(DRIVERS)('care-circle authorization on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const routes: { method: string; url: string }[] = [];
  const person = (name: string) => signIn(t.app, { name, email: `careauth${++counter}@example.com` });

  beforeAll(async () => {
    t = await createTestApp(driver, {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          // 'reviewed' reads no data of the patient's: its 404s and audit are care-patient-list.test.ts'.
          if (route.url.startsWith(PREFIX) && method !== 'HEAD' && !route.url.endsWith('/reviewed'))
            routes.push({ method, url: route.url });
      },
    });
  });
  afterAll(() => t.close());

  /** `patient` invites `member` with `role` and `scopes`; returns the member's id in the circle. */
  async function join(patient: SignedInUser, member: SignedInUser, role: string, scopes: string[]) {
    const { token } = (
      await patient.request({ method: 'POST', url: '/api/care/invitations', payload: { role, scopes } })
    ).json();
    await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
    const members = (await patient.request({ url: '/api/care/members' })).json();
    return members.find((entry: { name: string }) => entry.name === member.user.name).id as string;
  }

  it('every member route: stranger and removed member 404, doctor outside scope 403, nothing changed', async () => {
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        ...Object.keys(CARE_RESOURCES).map((resource) => `GET ${PREFIX}${resource}`),
        `POST ${PREFIX}adherence`,
        // The member's Undo of their own Mark taken (decision 078).
        `PUT ${PREFIX}adherence/:id`,
        // Alerts need either scope of what they are about (decision 051).
        `GET ${PREFIX}alerts`,
        ...Object.keys(REPORT_SCOPES).map((path) => `GET ${PREFIX}${path}`),
      ].sort(),
    );
    const asha = await person('Asha Rao');
    const medication = (
      await asha.request({
        method: 'POST',
        url: '/api/medications',
        payload: {
          name: 'Metformin',
          dosage: '500 mg',
          form: 'Tablet',
          color: '#FF6B6B',
          schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01' },
          refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
        },
      })
    ).json();
    const dose = { medication_id: medication.id, date: '2026-01-02', scheduled_time: '09:00', status: 'taken' };
    const stranger = await person('Ben Okafor');
    const removed = await person('Ravi Rao');
    const removedId = await join(asha, removed, 'family', [...CARE_SCOPES]);
    await asha.request({ method: 'PATCH', url: `/api/care/members/${removedId}`, payload: { can_mark_taken: true } });
    const family = await person('Meena Iyer');
    const familyId = await join(asha, family, 'family', [...CARE_SCOPES]);
    await asha.request({ method: 'PATCH', url: `/api/care/members/${familyId}`, payload: { can_mark_taken: true } });
    // One doctor per scope, granted every scope but that one (and the right to mark doses).
    const outside: Record<string, SignedInUser> = {};
    for (const scope of CARE_SCOPES) {
      const doctor = await person(`Dr ${scope}`);
      const id = await join(
        asha,
        doctor,
        'doctor',
        CARE_SCOPES.filter((other) => other !== scope),
      );
      await asha.request({ method: 'PATCH', url: `/api/care/members/${id}`, payload: { can_mark_taken: true } });
      outside[scope] = doctor;
    }
    // The alerts route (medications or glucose): a doctor granted neither.
    const noAlertScope = await person('Dr bp');
    await join(asha, noAlertScope, 'doctor', ['bp']);
    outside.alerts = noAlertScope;
    expect((await removed.request({ url: `/api/care/patients/${asha.user.id}/glucose` })).statusCode).toBe(200);
    await asha.request({ method: 'DELETE', url: `/api/care/members/${removedId}` });

    const failures: string[] = [];
    for (const route of routes) {
      const path = route.url.slice(PREFIX.length) as CareResource;
      // 'reports/glucose' is a resource of its own; 'adherence/:id' (the member's Undo) is adherence's.
      const resource = (path in REPORT_SCOPES ? path : path.split('/')[0]) as CareResource;
      const scope =
        resource === ('alerts' as CareResource) ? 'alerts' : (REPORT_SCOPES[resource] ?? CARE_RESOURCES[resource]);
      if (!scope) {
        failures.push(`${route.method} ${route.url}: not in CARE_RESOURCES`);
        continue;
      }
      let url = `/api/care/patients/${asha.user.id}/${resource}`;
      if (route.method === 'PUT') {
        // An Undo needs a dose the granted member marked taken.
        const marked = await family.request({ method: 'POST', url, payload: dose });
        url += `/${marked.json().id}?status=pending`;
      }
      const request = { method: route.method, url, ...(route.method === 'POST' ? { payload: dose } : {}) };
      for (const [who, user, status] of [
        ['stranger', stranger, 404],
        ['removed member', removed, 404],
        [`doctor without ${scope}`, outside[scope]!, 403],
      ] as const) {
        const before = await dumpDatabase(t.database.db);
        const response = await user.request(request);
        const after = await dumpDatabase(t.database.db);
        if (response.statusCode !== status)
          failures.push(`${route.method} ${resource} ${who} → ${response.statusCode}`);
        else if (typeof response.json().detail !== 'string')
          failures.push(`${route.method} ${resource} ${who}: no detail`);
        if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(`${route.method} ${resource} ${who}: changed rows`);
      }
      const granted = await family.request(request);
      if (granted.statusCode !== 200)
        failures.push(`${route.method} ${resource} granted member → ${granted.statusCode} ${granted.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('marking taken needs the right as well as the scope; the member’s own routes never reach the patient', async () => {
    const asha = await person('Asha Rao');
    const doctor = await person('Dr Mehta');
    await join(asha, doctor, 'doctor', ['medications']);
    const medication = (
      await asha.request({
        method: 'POST',
        url: '/api/medications',
        payload: {
          name: 'Metformin',
          dosage: '500 mg',
          form: 'Tablet',
          color: '#FF6B6B',
          schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01' },
          refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
        },
      })
    ).json();
    const dose = { medication_id: medication.id, date: '2026-01-02', scheduled_time: '09:00', status: 'taken' };
    const before = await dumpDatabase(t.database.db);
    const response = await doctor.request({
      method: 'POST',
      url: `/api/care/patients/${asha.user.id}/adherence`,
      payload: dose,
    });
    expect(response.statusCode).toBe(403);
    // Through the member's own routes the patient's medication is someone else's: 404.
    expect((await doctor.request({ method: 'POST', url: '/api/adherence', payload: dose })).statusCode).toBe(404);
    expect((await doctor.request({ method: 'DELETE', url: `/api/medications/${medication.id}` })).statusCode).toBe(404);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});
