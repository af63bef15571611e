/**
 * The authorization matrix from the app's own route table: no session → 401 except the public
 * routes; another user's id → 404 changing nothing. A new route fails here until `RESOURCES`,
 * `REQUESTS` or `PUBLIC_ROUTES` knows it.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

/** Routes anyone may call: sign-in pages, the code exchange, the VAPID key, the API docs, the probes. */
const PUBLIC_ROUTES: RegExp[] = [
  /^(GET|HEAD) \/(healthz|readyz)$/,
  /^(GET|HEAD|POST) \/auth\/login$/,
  /^(GET|HEAD) \/auth\/login\.css$/,
  /^(GET|HEAD) \/auth\/callback$/,
  /^POST \/api\/auth\/session$/,
  /^(GET|HEAD) \/api\/push\/vapid-public-key$/,
  // An invitation's preview: its token is the secret (decision 076).
  /^(GET|HEAD) \/api\/care\/invitations\/:token$/,
  // A clinic code's preview: the same rule (decision 087).
  /^(GET|HEAD) \/api\/care\/requests\/:code$/,
  /^(GET|HEAD) \/api\/docs(\/.*)?$/,
  // The one-click unsubscribe link: its signed token is the authority (unsubscribe.test.ts).
  /^(GET|HEAD|POST) \/unsubscribe\/:token$/,
];

const METFORMIN: MedicationInput = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  instructions: '',
  color: '#FF6B6B',
  when_to_take: 'After food',
  schedule: { frequency: 'daily', times: ['09:00', '21:00'], start_date: '2026-01-01', end_date: null },
  refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
};

const DAY_MS = 86_400_000;
let careCounter = 0;

/** `patient` invites a new person of `role` into their circle, who joins; both returned. */
async function careLink(t: TestApp, patient: SignedInUser | null, member: SignedInUser | null) {
  const someone = () => signIn(t.app, { name: 'Circle Person', email: `circle${++careCounter}@example.com` });
  const inviter = patient ?? (await someone());
  const joiner = member ?? (await someone());
  const invitation = await inviter.request({
    method: 'POST',
    url: '/api/care/invitations',
    payload: { role: 'family' },
  });
  const accepted = await joiner.request({
    method: 'POST',
    url: `/api/care/invitations/${invitation.json().token}/accept`,
  });
  if (accepted.statusCode !== 200) throw new Error(`could not join: ${accepted.statusCode} ${accepted.body}`);
  return { inviter, joiner };
}
/** The test clock's UTC date moved by `days`, as YYYY-MM-DD. */
const isoDay = (t: TestApp, days: number) => new Date(t.clock().getTime() + days * DAY_MS).toISOString().slice(0, 10);

async function created(response: Promise<{ statusCode: number; body: string; json(): { id: string } }>) {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`could not create the record: ${answer.statusCode} ${answer.body}`);
  return answer.json().id;
}

/**
 * How to create, as `owner`, a record of the kind a path names, keyed by the path up to
 * and including its first parameter. Returns the record's id.
 */
const RESOURCES: Record<string, (owner: SignedInUser, t: TestApp) => Promise<string>> = {
  '/api/medications/:id': (owner) =>
    created(owner.request({ method: 'POST', url: '/api/medications', payload: METFORMIN })),
  '/api/adherence/:id': async (owner) => {
    const medicationId = await created(owner.request({ method: 'POST', url: '/api/medications', payload: METFORMIN }));
    return created(
      owner.request({
        method: 'POST',
        url: '/api/adherence',
        payload: {
          medication_id: medicationId,
          date: '2026-11-20',
          scheduled_time: '09:00',
          taken_time: '09:05',
          status: 'taken',
        },
      }),
    );
  },
  '/api/appointments/:id': (owner, t) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/appointments',
        payload: {
          type: 'doctor',
          title: 'Diabetes review',
          doctor: 'Dr Mehta',
          location: 'City Clinic',
          date: new Date(t.clock().getTime() + 30 * DAY_MS).toISOString().slice(0, 10),
          time: '10:30',
        },
      }),
    ),
  '/api/reminders/:id': (owner, t) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/reminders',
        payload: { title: 'Order strips', due_at: new Date(t.clock().getTime() + DAY_MS).toISOString() },
      }),
    ),
  '/api/health/glucose/:id': (owner, t) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value: 152, meal_context: 'Fasting', date: isoDay(t, -1), time: '08:00' },
      }),
    ),
  '/api/health/bp/:id': (owner, t) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/health/bp',
        payload: { systolic: 128, diastolic: 82, pulse: 70, date: isoDay(t, -1), time: '08:00' },
      }),
    ),
  '/api/health/metrics/:id': (owner, t) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/health/metrics',
        payload: { weight: 72.5, height: 168, date: isoDay(t, -1) },
      }),
    ),
  '/api/health/labs/:id': (owner, t) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/health/labs',
        payload: { test: 'hba1c', value: 7.4, unit: '%', date: isoDay(t, -1) },
      }),
    ),
  '/api/health/insulin/:id': (owner, t) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/health/insulin',
        payload: { units: 18, insulin_type: 'long', date: isoDay(t, -1), time: '22:00' },
      }),
    ),
  // A meal with a photo, so the photo's GET and DELETE have one to answer (decision 090).
  '/api/meals/:id': async (owner, t) => {
    const id = await created(
      owner.request({
        method: 'POST',
        url: '/api/meals',
        payload: { date: isoDay(t, -1), time: '13:00', meal_type: 'lunch', items: [{ name: 'Rice', portions: 1 }] },
      }),
    );
    const photo = await owner.request({
      method: 'PUT',
      url: `/api/meals/${id}/photo`,
      headers: { 'content-type': 'image/jpeg' },
      payload: MEAL_PHOTO,
    });
    if (photo.statusCode !== 200) throw new Error(`no photo: ${photo.statusCode} ${photo.body}`);
    return id;
  },
  '/api/imports/:id': (owner) =>
    created(
      owner.request({
        method: 'POST',
        url: '/api/imports',
        headers: { 'content-type': 'text/csv' },
        payload:
          'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL)\n1,2026-11-19T08:00:00,EGV,,,,G7,112',
      }),
    ),
  // The care circle: a member id is the patient's record; a patient id is the
  // member's (the person they care for), so the "owner" here is the member.
  '/api/care/members/:id': async (owner, t) => {
    await careLink(t, owner, null);
    return (await owner.request({ url: '/api/care/members' })).json().at(-1).id;
  },
  '/api/care/patients/:patient_id': async (owner, t) => (await careLink(t, null, owner)).inviter.user.id,
  // A pending invitation is the patient's record by its id (its token is the capability below).
  '/api/care/invitations/:id': (owner) =>
    created(owner.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'family' } })),
  // A doctor's clinic code is theirs by its id (its code is the capability below; decision 087).
  '/api/care/requests/:id': (owner) =>
    created(owner.request({ method: 'POST', url: '/api/care/requests', payload: {} })),
};

/**
 * Routes whose path parameter is not a record of anyone's but a capability: an invitation's
 * token is meant to be opened by another person (care-circle.test.ts covers them).
 */
const CAPABILITY_ROUTES = [
  'GET /api/care/invitations/:token',
  'HEAD /api/care/invitations/:token',
  'POST /api/care/invitations/:token/accept',
  'GET /api/care/requests/:code',
  'HEAD /api/care/requests/:code',
  'POST /api/care/requests/:code/accept',
  // Needs a granted right and a medication of the patient: care-authorization.test.ts.
  'POST /api/care/patients/:patient_id/adherence',
  // Needs an alert sent to the member: care-glucose-alerts.test.ts (another patient's alert → 404).
  'POST /api/care/alerts/:id/seen',
  // Needs a dose this member marked taken: care-mark-taken-right.test.ts, care-authorization.test.ts.
  'PUT /api/care/patients/:patient_id/adherence/:id',
  // A signed one-click unsubscribe token, no session: unsubscribe.test.ts.
  'GET /unsubscribe/:token',
  'HEAD /unsubscribe/:token',
  'POST /unsubscribe/:token',
];

/** A small JPEG for the meal-photo routes. */
const MEAL_PHOTO = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'orange' } })
  .jpeg()
  .toBuffer();

/** A request its owner may make, keyed by 'METHOD route'; `query` without '?'. */
const REQUESTS: Record<string, { query?: string; payload?: unknown; headers?: Record<string, string> }> = {
  'PUT /api/medications/:id': { payload: { ...METFORMIN, name: 'Metformin XR' } },
  'DELETE /api/medications/:id': {},
  'PUT /api/adherence/:id': { query: 'status=pending' },
  'PATCH /api/appointments/:id': { payload: { status: 'cancelled' } },
  'DELETE /api/reminders/:id': {},
  'PUT /api/health/glucose/:id': {
    payload: { value: 125, meal_context: 'Bedtime', date: '2026-01-02', time: '09:00' },
  },
  'DELETE /api/health/glucose/:id': {},
  'PUT /api/health/bp/:id': {
    payload: { systolic: 118, diastolic: 76, pulse: null, date: '2026-01-02', time: '09:00' },
  },
  'DELETE /api/health/bp/:id': {},
  'PUT /api/health/metrics/:id': { payload: { weight: 70, height: 168, date: '2026-01-02' } },
  'DELETE /api/health/metrics/:id': {},
  'PUT /api/health/labs/:id': { payload: { test: 'hba1c', value: 53, unit: 'mmol/mol', date: '2026-01-02' } },
  'DELETE /api/health/labs/:id': {},
  'PUT /api/health/insulin/:id': { payload: { units: 6, insulin_type: 'rapid', date: '2026-01-02', time: '08:00' } },
  'DELETE /api/health/insulin/:id': {},
  'PUT /api/meals/:id': {
    payload: {
      date: '2026-01-02',
      time: '20:00',
      meal_type: 'dinner',
      items: [{ food_id: 'roti', name: 'Roti', portions: 2 }],
    },
  },
  'DELETE /api/meals/:id': {},
  'GET /api/meals/:id/response': {},
  'GET /api/meals/:id/photo': {},
  'DELETE /api/meals/:id/photo': {},
  'PUT /api/meals/:id/photo': { payload: MEAL_PHOTO, headers: { 'content-type': 'image/jpeg' } },
  'POST /api/imports/:id/commit': {},
  'DELETE /api/imports/:id': {},
  'PATCH /api/care/members/:id': { payload: { scopes: ['glucose'] } },
  'DELETE /api/care/members/:id': {},
  'DELETE /api/care/invitations/:id': {},
  'DELETE /api/care/requests/:id': {},
  ...Object.fromEntries(
    ['medications', 'adherence', 'glucose', 'bp', 'metrics', 'appointments', 'labs', 'alerts', 'meals'].map(
      (resource) => [`GET /api/care/patients/:patient_id/${resource}`, { query: 'limit=5' }],
    ),
  ),
  // A member's History of the patient (decision 077).
  'GET /api/care/patients/:patient_id/insulin': { query: 'start_date=2026-01-01' },
  'GET /api/care/patients/:patient_id/reports/glucose': { query: 'days=7' },
  'GET /api/care/patients/:patient_id/reports/glucose-profile': { query: 'days=14' },
  'GET /api/care/patients/:patient_id/reports/adherence-outcomes': { query: 'days=14' },
  // The patient list's Mark reviewed (decision 086).
  'POST /api/care/patients/:patient_id/reviewed': {},
  'GET /api/care/patients/:patient_id/reports/meals': { query: 'days=14' },
};

/** Ids of another user's records sent in a body rather than the path: same answer, 404. */
const BODY_REFERENCES: {
  name: string;
  resource: string;
  request: (id: string, t: TestApp) => { method: string; url: string; payload: unknown };
}[] = [
  {
    name: 'POST /api/adherence with medication_id',
    resource: '/api/medications/:id',
    request: (id) => ({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: id, date: '2026-11-20', scheduled_time: '21:00', status: 'taken' },
    }),
  },
  {
    name: 'POST /api/health/insulin with medication_id',
    resource: '/api/medications/:id',
    request: (id) => ({
      method: 'POST',
      url: '/api/health/insulin',
      payload: { units: 8, insulin_type: 'rapid', medication_id: id, date: '2026-11-20', time: '08:00' },
    }),
  },
  {
    name: 'POST /api/reminders with snoozed_from',
    resource: '/api/reminders/:id',
    request: (id, t) => ({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Snoozed', due_at: new Date(t.clock().getTime() + 600_000).toISOString(), snoozed_from: id },
    }),
  },
];

interface Route {
  method: string;
  url: string;
  public: boolean;
}

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const concrete = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, id).replace(/\*$/, 'anything');

describe.each(DRIVERS)('authorization matrix on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const routes: Route[] = [];
  const newUser = (name: string) =>
    signIn(t.app, { name, email: `matrix${++userCounter}@example.com`, timezone: 'Asia/Kolkata' });

  beforeAll(async () => {
    t = await createTestApp(driver, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: route.public });
      },
    });
  });
  afterAll(() => t.close());

  it('the route table is the app’s: it holds the routes of every module', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map(key)).toEqual(
      expect.arrayContaining(['PUT /api/adherence/:id', 'GET /api/health/glucose', 'PATCH /api/appointments/:id']),
    );
  });

  it('the public routes are exactly the documented ones, and each is marked public or is not under /api', () => {
    const open = routes.filter((route) => route.public || !route.url.startsWith('/api/')).map(key);
    expect(open.filter((route) => !PUBLIC_ROUTES.some((pattern) => pattern.test(route)))).toEqual([]);
    const documentedButGuarded = routes
      .filter((route) => PUBLIC_ROUTES.some((pattern) => pattern.test(key(route))))
      .filter((route) => route.url.startsWith('/api/') && !route.public)
      .map(key);
    expect(documentedButGuarded).toEqual([]);
  });

  it('every other route and method answers no session, and a signed-out session, with 401 and a detail', async () => {
    const ben = await newUser('Ben Okafor');
    const signedOut = await ben.request({ method: 'POST', url: '/api/auth/logout' });
    expect(signedOut.statusCode).toBe(200);
    const guarded = routes.filter((route) => !PUBLIC_ROUTES.some((pattern) => pattern.test(key(route))));
    expect(guarded.length).toBeGreaterThan(30);

    const failures: string[] = [];
    for (const route of guarded) {
      for (const cookie of [undefined, ben.cookie]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url, crypto.randomUUID()),
          headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const detail = route.method === 'HEAD' ? 'none' : response.json().detail;
        if (response.statusCode !== 401 || typeof detail !== 'string') {
          failures.push(`${key(route)} ${cookie ? 'signed out' : 'no cookie'} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every route with a path parameter answers another user’s id with 404 and changes nothing; the owner’s request succeeds', async () => {
    const withParams = routes.filter((route) => route.url.includes('/:') && !CAPABILITY_ROUTES.includes(key(route)));
    expect(withParams.length).toBeGreaterThanOrEqual(5);
    const asha = await newUser('Asha Rao');
    const ben = await newUser('Ben Okafor');
    // Ben owns one record of each kind too, so an answer could not come from an empty table.
    for (const create of Object.values(RESOURCES)) await create(ben, t);

    const failures: string[] = [];
    for (const route of withParams) {
      // '/api/medications/:id/history' → '/api/medications/:id': the kind of record the path names.
      const prefix = route.url.replace(/(\/:[A-Za-z_]+).*$/, '$1');
      const create = RESOURCES[prefix];
      const request = REQUESTS[key(route)] ?? (route.method === 'HEAD' ? REQUESTS[`GET ${route.url}`] : undefined);
      if (!create) {
        failures.push(`${key(route)}: no entry in RESOURCES for ${prefix}`);
        continue;
      }
      if (!request) {
        failures.push(`${key(route)}: no valid request in REQUESTS`);
        continue;
      }
      if ((route.url.match(/\/:/g) ?? []).length !== 1) {
        failures.push(`${key(route)}: more than one path parameter; teach this test its records`);
        continue;
      }
      const id = await create(asha, t);
      const url = concrete(route.url, id) + (request.query ? `?${request.query}` : '');
      const payload = {
        ...(request.payload === undefined ? {} : { payload: request.payload }),
        ...(request.headers ? { headers: request.headers } : {}),
      };

      const before = await dumpDatabase(t.database.db);
      const attack = await ben.request({ method: route.method, url, ...payload });
      const after = await dumpDatabase(t.database.db);
      if (attack.statusCode !== 404) failures.push(`${key(route)}: another user's id → ${attack.statusCode}`);
      else if (route.method !== 'HEAD' && typeof attack.json().detail !== 'string') {
        failures.push(`${key(route)}: 404 without a detail`);
      }
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        failures.push(`${key(route)}: another user's request changed rows`);
      }
      const own = await asha.request({ method: route.method, url, ...payload });
      if (own.statusCode >= 300) failures.push(`${key(route)}: the owner's request → ${own.statusCode} ${own.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('another user’s id inside a body answers 404 and changes nothing', async () => {
    const asha = await newUser('Asha Rao');
    const ben = await newUser('Ben Okafor');
    const failures: string[] = [];
    for (const reference of BODY_REFERENCES) {
      const id = await RESOURCES[reference.resource]!(asha, t);
      const before = await dumpDatabase(t.database.db);
      const attack = await ben.request(reference.request(id, t));
      const after = await dumpDatabase(t.database.db);
      if (attack.statusCode !== 404) failures.push(`${reference.name}: → ${attack.statusCode} ${attack.body}`);
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${reference.name}: changed rows`);
      const own = await asha.request(reference.request(id, t));
      if (own.statusCode >= 300)
        failures.push(`${reference.name}: the owner's request → ${own.statusCode} ${own.body}`);
    }
    expect(failures).toEqual([]);
  });
});
