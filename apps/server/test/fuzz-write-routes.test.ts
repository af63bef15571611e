/**
 * Property-based fuzzing of every write route in the route table: no 5xx, and a refusal leaves
 * every table as it was. FUZZ_CASES per driver (1,000 PGlite / 250 PostgreSQL by default).
 * Decisions 015, 043.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, SQL_DRIVERS, createTestApp, signIn, type Driver, type SignedInUser, type TestApp } from './helpers.ts';
import { finishedWrites, fingerprintDatabase } from './support/db-dump.ts';
import {
  CREATES,
  WRITE_ROUTE_REQUESTS,
  type FuzzRequest,
  type IdChoice,
  type Pool,
} from './support/fuzz-arbitraries.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Tables that count requests rather than hold anyone's data (e.g. a rate limiter's hits,
 * which a refused sign-in rightly records): left out of the "nothing changed" check.
 */
const REQUEST_ACCOUNTING_TABLES: string[] = [];
const DEFAULT_CASES: Record<Driver, number> = { pglite: 1_000, postgres: 250 };
/** The same seed every run, so CI is reproducible; FUZZ_SEED explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type Pools = Record<Pool, string[]>;

/** `value` percent-encoded for a path; a lone surrogate goes out as bytes that are not UTF-8. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}
const emptyPools = (): Pools => ({
  medications: [],
  adherence: [],
  appointments: [],
  reminders: [],
  glucose: [],
  bp: [],
  metrics: [],
  labs: [],
  insulin: [],
  meals: [],
  imports: [],
  care_members: [],
  care_patients: [],
  care_invitations: [],
});

describe.each(SQL_DRIVERS)('fuzzing every write route on %s', (driver) => {
  let t: TestApp;
  const writeRoutes: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (WRITE_METHODS.has(method) && !route.url.startsWith('/api/docs'))
            writeRoutes.push(`${method} ${route.url}`);
        }
      },
    });
  });
  afterAll(() => t.close());

  it('every write route of the route table has a fuzz arbitrary', () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(15);
    expect(writeRoutes.filter((route) => !WRITE_ROUTE_REQUESTS[route])).toEqual([]);
  });

  it('no request answers 5xx, and no refused request changes a row', { timeout: 600_000 }, async () => {
    const cases = Number(process.env.FUZZ_CASES ?? DEFAULT_CASES[driver]);
    const runsPerRoute = Math.ceil(cases / writeRoutes.length);
    let user: SignedInUser = await signIn(t.app, { name: 'Fuzz', email: 'fuzz@example.com', timezone: 'Asia/Kolkata' });
    const other = await signIn(t.app, { name: 'Other', email: 'other@example.com', timezone: 'Asia/Kolkata' });
    const pools: Record<'self' | 'other', Pools> = { self: emptyPools(), other: emptyPools() };

    // A medicine of the fuzzing user's own, so some generated doses are ones its schedule has.
    const own = await user.request({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        schedule: { frequency: 'daily', times: ['08:00'], start_date: '2026-01-01' },
        refill_reminder: { enabled: false, pills_remaining: 60, threshold: 7 },
      },
    });
    pools.self.medications.push(own.json().id);

    // Another user's records, for requests that name them (they must answer 404).
    const medication = await other.request({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name: 'Insulin',
        dosage: '10 units',
        form: 'Injection',
        color: '#FF6B6B',
        schedule: { frequency: 'daily', times: ['08:00'], start_date: '2026-01-01' },
        refill_reminder: { enabled: true, pills_remaining: 5, threshold: 2 },
      },
    });
    pools.other.medications.push(medication.json().id);
    const dose = await other.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: medication.json().id, date: '2026-01-02', scheduled_time: '08:00', status: 'taken' },
    });
    pools.other.adherence.push(dose.json().id);
    const visit = await other.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        type: 'lab',
        title: 'HbA1c',
        location: 'Lab',
        date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        time: '08:00',
      },
    });
    pools.other.appointments.push(visit.json().id);
    const reminder = await other.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Strips', due_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    pools.other.reminders.push(reminder.json().id);
    const today = new Date().toISOString().slice(0, 10);
    for (const [pool, url, payload] of [
      ['glucose', '/api/health/glucose', { value: 152, date: today, time: '08:00' }],
      ['bp', '/api/health/bp', { systolic: 128, diastolic: 82, date: today, time: '08:00' }],
      ['metrics', '/api/health/metrics', { weight: 72.5, height: 168, date: today }],
      ['labs', '/api/health/labs', { test: 'hba1c', value: 7.4, unit: '%', date: today }],
      ['insulin', '/api/health/insulin', { units: 18, insulin_type: 'long', date: today, time: '08:00' }],
      [
        'meals',
        '/api/meals',
        { date: today, time: '08:00', meal_type: 'breakfast', items: [{ name: 'Poha', portions: 1 }] },
      ],
    ] as const) {
      pools.other[pool].push((await other.request({ method: 'POST', url, payload })).json().id);
    }
    const batch = await other.request({
      method: 'POST',
      url: '/api/imports',
      headers: { 'content-type': 'text/csv' },
      payload: `Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL)\n1,${today}T08:00:00,EGV,,,,G7,112`,
    });
    pools.other.imports.push(batch.json().id);
    // The other user's circle: a member of theirs, and the fuzz user as one of them,
    // allowed to mark doses, so member requests can succeed as well as be refused.
    const careJoin = async (patient: SignedInUser, member: SignedInUser) => {
      const { token } = (
        await patient.request({ method: 'POST', url: '/api/care/invitations', payload: { role: 'family' } })
      ).json();
      await member.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
      const members = (await patient.request({ url: '/api/care/members' })).json() as { id: string }[];
      return members.at(-1)!.id;
    };
    const carer = await signIn(t.app, { name: 'Carer', email: 'carer@example.com', timezone: 'Asia/Kolkata' });
    pools.other.care_members.push(await careJoin(other, carer));
    const fuzzMembership = await careJoin(other, user);
    await other.request({
      method: 'PATCH',
      url: `/api/care/members/${fuzzMembership}`,
      payload: { can_mark_taken: true },
    });
    pools.self.care_patients.push(other.user.id);
    const cared = await signIn(t.app, { name: 'Cared', email: 'cared@example.com', timezone: 'Asia/Kolkata' });
    await careJoin(cared, other);
    pools.other.care_patients.push(cared.user.id);
    const pendingInvitation = await other.request({
      method: 'POST',
      url: '/api/care/invitations',
      payload: { role: 'doctor' },
    });
    pools.other.care_invitations.push(pendingInvitation.json().id);
    for (const pool of Object.values(pools.other)) expect(pool).toHaveLength(1);

    // The oracle sees a change of one field of one row.
    const unchanged = await fingerprintDatabase(t.database.db);
    const writesBefore = await finishedWrites(t.database.db);
    await other.request({ method: 'PUT', url: '/api/settings/notifications', payload: { healthTips: false } });
    expect(await finishedWrites(t.database.db)).not.toBe(writesBefore);
    const changed = await fingerprintDatabase(t.database.db);
    if (driver === 'pglite') {
      // Reads give no transaction an id (a shared PostgreSQL moves on with other databases' writes).
      const writesBeforeRead = await finishedWrites(t.database.db);
      expect((await other.request({ url: '/api/medications' })).statusCode).toBe(200);
      expect(await finishedWrites(t.database.db)).toBe(writesBeforeRead);
    }
    expect(Object.keys(changed).filter((table) => changed[table] !== unchanged[table])).toEqual([
      'notification_settings',
    ]);

    const idOf = (choice: IdChoice): string => {
      if ('literal' in choice) return choice.literal;
      const pool = pools[choice.owner][choice.pool];
      return pool.length ? pool[choice.index % pool.length]! : crypto.randomUUID();
    };

    const failures: string[] = [];
    // The database's fingerprint, and the write counter when it was taken: still valid
    // while the counter has not moved, so most refusals cost no fingerprint at all.
    let current: { writes: string; tables: Record<string, string> } | undefined;
    let fingerprints = 0;
    const fingerprint = async (writes: string) => {
      fingerprints += 1;
      current = { writes, tables: await fingerprintDatabase(t.database.db, REQUEST_ACCOUNTING_TABLES) };
      return current.tables;
    };
    let requests = 0;
    const statuses = new Map<number, number>();
    const started = performance.now();

    for (const route of writeRoutes) {
      const arbitrary = WRITE_ROUTE_REQUESTS[route];
      if (!arbitrary) continue;
      const [method, path] = route.split(' ') as [string, string];
      const property = fc.asyncProperty(arbitrary, async (generated: FuzzRequest) => {
        const url =
          path.replace(/:[A-Za-z_]+/g, () => pathSegment(generated.id ? idOf(generated.id) : crypto.randomUUID())) +
          (generated.query ? `?${generated.query}` : '');
        let payload = generated.payload;
        if (generated.bodyIds) {
          const ids = Object.fromEntries(Object.entries(generated.bodyIds).map(([key, choice]) => [key, idOf(choice)]));
          payload =
            payload && typeof payload === 'object' && !Array.isArray(payload) ? { ...payload, ...ids } : payload;
        }
        const writesBefore = await finishedWrites(t.database.db);
        const before = current?.writes === writesBefore ? current.tables : await fingerprint(writesBefore);
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          headers: {
            cookie: user.cookie,
            origin: ORIGIN,
            'content-type': generated.form === undefined ? 'application/json' : 'application/x-www-form-urlencoded',
            ...(generated.idempotencyKey === undefined ? {} : { 'idempotency-key': generated.idempotencyKey }),
          },
          ...(generated.form !== undefined
            ? { payload: generated.form }
            : payload === undefined
              ? {}
              : { payload: JSON.stringify(payload) }),
        });
        requests += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const shown = `${method} ${url.slice(0, 200)} ${JSON.stringify(payload ?? generated.form ?? null).slice(0, 400)}`;
        if (response.statusCode >= 500) throw new Error(`${response.statusCode} for ${shown}: ${response.body}`);
        if (response.statusCode >= 400) {
          const writesAfter = await finishedWrites(t.database.db);
          if (writesAfter === writesBefore) return; // no transaction wrote: nothing changed
          const after = await fingerprint(writesAfter);
          const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
          if (changed.length) throw new Error(`${response.statusCode} changed ${changed.join(', ')} for ${shown}`);
          return;
        }
        const pool = CREATES[route];
        if (pool) pools.self[pool].push(response.json().id);
        // Signed out, or the account deleted: sign in again (after a deletion, as a new user).
        if (route === 'POST /api/auth/logout' || route === 'DELETE /api/users/me') {
          user = await signIn(t.app, { name: 'Fuzz', email: 'fuzz@example.com', timezone: 'Asia/Kolkata' });
        }
      });
      // Rows change as the run goes, so a failing case is reported as found, not shrunk.
      const result = await fc.check(property, { numRuns: runsPerRoute, seed: SEED, endOnFailure: true });
      if (result.failed) failures.push(`${route}: ${String(result.errorInstance ?? result.counterexample)}`);
    }

    const seconds = (performance.now() - started) / 1000;
    console.info(
      `fuzz on ${driver}: ${requests} requests over ${writeRoutes.length} write routes in ${seconds.toFixed(1)} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${fingerprints} fingerprints`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(Math.min(cases, runsPerRoute * writeRoutes.length));
    // Valid requests really get through: the fuzzer is not only testing its own 400s.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
  });
});
