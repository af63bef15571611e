/**
 * Deleting the account (decision 021): DELETE /api/users/me needs { confirm: "DELETE" }; then no
 * table of the schema (found in the database's catalogue, so a table added tomorrow is walked too)
 * holds a row of the deleted user, another user's rows are untouched, every session of the user
 * ends, and signing in again with the same email starts a fresh account. Clock fixed as elsewhere.
 */
import { randomUUID } from 'node:crypto';
import { isProfileComplete } from '@diacare/contract/profile-rules';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type TestApp } from './helpers.ts';
import { CARE_USER_COLUMNS, careAlertRows, careCircleBothWays } from './support/care.ts';
import { postCreated } from './support/requests.ts';
import { dumpDatabase } from './support/db-dump.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');

const GLUCOSE = { value: 520, meal_context: 'Fasting', date: '2026-11-20', time: '07:45' };
const BLOOD_PRESSURE = { systolic: 128, diastolic: 82, pulse: 72, date: '2026-11-20', time: '08:00' };
const BODY = { weight: 70, height: 170, date: '2026-11-20' };

/** Tables that hold no one's data: sign-in flows in progress (no user yet), the server's VAPID keys, rate-limit counters by address. */
const TABLES_WITHOUT_USERS = ['oidc_flows', 'vapid_keys', 'auth_rate_limits'];

type Rows = { rows: Record<string, unknown>[] };

/** Every (table, column) of the public schema that holds a user's id: columns named user_id, and foreign keys to users. */
async function userColumns(t: TestApp): Promise<{ table: string; column: string }[]> {
  const named = (await t.database.db.execute(sql`
    SELECT table_name AS table, column_name AS column
    FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'user_id'`)) as unknown as Rows;
  const referencing = (await t.database.db.execute(sql`
    SELECT c.conrelid::regclass::text AS table, a.attname AS column
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'public.users'::regclass`)) as unknown as Rows;
  const all = [...named.rows, ...referencing.rows].map((row) => ({
    table: String(row.table)
      .replace(/^public\./, '')
      .replaceAll('"', ''),
    column: String(row.column),
  }));
  return [...new Map(all.map((entry) => [`${entry.table}.${entry.column}`, entry])).values()];
}

/** Rows of every public table that reference `userId`, as 'table.column: count' (plus the users row). */
async function rowsOf(t: TestApp, userId: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { table, column } of await userColumns(t)) {
    const result = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text = ${userId}`,
    )) as unknown as Rows;
    found[`${table}.${column}`] = Number(result.rows[0]!.n);
  }
  const user = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM users WHERE id = ${userId}::uuid`,
  )) as unknown as Rows;
  found['users.id'] = Number(user.rows[0]!.n);
  return found;
}

/** Every public table of the database, by name. */
async function publicTables(t: TestApp): Promise<string[]> {
  const result = (await t.database.db.execute(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)) as unknown as Rows;
  return result.rows.map((row) => String(row.name)).sort();
}

describe.each(DRIVERS)('deleting the account on %s', (driver) => {
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  describe('DELETE /api/users/me', () => {
    /** A user with a row in every kind of user table the API can write. */
    async function fullAccount(name: string, email: string) {
      const user = await signIn(t.app, { name, email, timezone: 'Asia/Kolkata' });
      const ok = <R extends { statusCode: number; body: string }>(response: R): R => {
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response;
      };
      ok(
        await user.request({
          method: 'PUT',
          url: '/api/users/me',
          payload: { name, phone: '9876543210', sex: 'female', age: 52, state: 'Kerala', pincode: '682001' },
        }),
      );
      const medication = ok(
        await user.request({
          method: 'POST',
          url: '/api/medications',
          payload: {
            name: 'Metformin',
            dosage: '500 mg',
            form: 'Tablet',
            color: '#FF6B6B',
            schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-11-01' },
            refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
          },
        }),
      ).json();
      ok(
        await user.request({
          method: 'POST',
          url: '/api/adherence',
          payload: { medication_id: medication.id, date: '2026-11-20', scheduled_time: '09:00', status: 'taken' },
        }),
      );
      await postCreated(user, '/api/health/glucose', GLUCOSE);
      await postCreated(user, '/api/health/bp', BLOOD_PRESSURE);
      await postCreated(user, '/api/health/metrics', BODY);
      ok(
        await user.request({
          method: 'POST',
          url: '/api/appointments',
          payload: { type: 'doctor', title: 'Review', location: 'Clinic', date: '2026-12-10', time: '10:30' },
        }),
      );
      ok(
        await user.request({
          method: 'POST',
          url: '/api/reminders',
          payload: { title: 'Order strips', due_at: '2026-11-22T04:00:00.000Z' },
        }),
      );
      ok(
        await user.request({
          method: 'PUT',
          url: '/api/settings/notifications',
          payload: { healthTips: false },
          // A write the outbox sent with its key: the key is the user's too.
          headers: { 'idempotency-key': randomUUID() },
        }),
      );
      // The assistant's history: a question and its streamed answer, both stored.
      ok(
        await user.request({
          method: 'POST',
          url: '/api/assistant/messages',
          payload: { content: 'How was my sugar this week?' },
        }),
      );
      // The clinical record: a lab result, an insulin dose, a committed import and a preview.
      await postCreated(user, '/api/health/labs', { test: 'hba1c', value: 7.2, unit: '%', date: '2026-11-10' });
      await postCreated(user, '/api/health/insulin', {
        units: 10,
        insulin_type: 'long',
        date: '2026-11-10',
        time: '22:00',
      });
      const clarity = (time: string) =>
        user.request({
          method: 'POST',
          url: '/api/imports',
          headers: { 'content-type': 'text/csv' },
          payload: `Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL)\n1,2026-11-10T${time}:00,EGV,,,,G7,112`,
        });
      const committed = await clarity('08:00');
      ok(await user.request({ method: 'POST', url: `/api/imports/${committed.json().id}/commit` }));
      ok(await clarity('09:00'));
      // A meal and its photo (decisions 088, 090).
      const meal = await user.request({
        method: 'POST',
        url: '/api/meals',
        payload: {
          date: '2026-11-10',
          time: '13:00',
          meal_type: 'lunch',
          items: [{ food_id: 'rice', name: 'Rice', portions: 1 }],
        },
      });
      ok(meal);
      const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
        .jpeg()
        .toBuffer();
      ok(
        await user.request({
          method: 'PUT',
          url: `/api/meals/${meal.json().id}/photo`,
          headers: { 'content-type': 'image/jpeg' },
          payload: photo,
        }),
      );
      await careCircleBothWays(t.app, user, email);
      await careAlertRows(t.database.db, user.user.id);
      await t.database.db.execute(sql`
        INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
        VALUES (${user.user.id}::uuid, ${`https://fcm.googleapis.com/fcm/send/${email}`}, 'key', 'auth')`);
      // A channel choice and a delivery in the channels' audit.
      ok(await user.request({ method: 'PUT', url: '/api/notifications/channels', payload: { dose: { email: true } } }));
      await t.database.db.execute(sql`
        INSERT INTO notification_deliveries (user_id, kind, channel, outcome, at)
        VALUES (${user.user.id}::uuid, 'dose', 'email', 'delivered', now())`);
      return user;
    }

    it.each([
      ['no body', undefined, 'body:'],
      ['an empty body', {}, 'confirm:'],
      ['the word in lower case', { confirm: 'delete' }, 'confirm: must be "DELETE"'],
      ['another word', { confirm: 'yes' }, 'confirm: must be "DELETE"'],
    ])('answers %s with 400 naming the field and deletes nothing', async (_name, payload, detail) => {
      const asha = await fullAccount('Asha Rao', `keep${++counter}@example.com`);
      const before = await dumpDatabase(t.database.db);
      const response = await asha.request({
        method: 'DELETE',
        url: '/api/users/me',
        ...(payload === undefined ? {} : { payload }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(detail);
      expect(await dumpDatabase(t.database.db)).toEqual(before);
      expect((await asha.request({ url: '/api/users/me' })).statusCode).toBe(200);
    });

    it('deletes every row of the user in every table of the schema, ends every session, leaves others untouched', async () => {
      const asha = await fullAccount('Asha Rao', 'asha-leaves@example.com');
      const ashaOnPhone = await signIn(t.app, { name: 'Asha Rao', email: 'asha-leaves@example.com' });
      expect(ashaOnPhone.user.id).toBe(asha.user.id);
      const ben = await fullAccount('Ben Okafor', 'ben-stays@example.com');

      // The walk finds the user tables in the catalogue (a test of the walk itself: these are known to exist).
      const before = await rowsOf(t, asha.user.id);
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining([
          'users.id',
          'sessions.user_id',
          'login_codes.user_id',
          'medications.user_id',
          'adherence_records.user_id',
          'glucose_readings.user_id',
          'blood_pressure_readings.user_id',
          'body_metrics.user_id',
          'appointments.user_id',
          'reminders.user_id',
          'push_subscriptions.user_id',
          'notification_settings.user_id',
          'idempotency_keys.user_id',
          ...CARE_USER_COLUMNS,
        ]),
      );
      // A table without a user column could still hold a user's data (through another key):
      // only these, which hold no one's, may lack one. A new table must have a user column or be listed.
      const withUserColumn = new Set(Object.keys(before).map((entry) => entry.split('.')[0]));
      expect(
        (await publicTables(t)).filter((table) => !withUserColumn.has(table) && !TABLES_WITHOUT_USERS.includes(table)),
      ).toEqual([]);
      // Each holds at least one of Asha's rows before, so "none after" means something.
      expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([]);

      // A dose Asha marked for someone she cared for stays, without her id (SET NULL): compared so.
      const recordedByAsha = `"recorded_by":"${asha.user.id}"`;
      const dumpOthers = async () => {
        const dump = await dumpDatabase(t.database.db);
        return Object.fromEntries(
          Object.entries(dump).map(([table, rows]) => [
            table,
            rows
              .map((row) => row.replace(recordedByAsha, '"recorded_by":null'))
              .filter((row) => !row.includes(asha.user.id)),
          ]),
        );
      };
      const othersBefore = await dumpOthers();

      const response = await asha.request({ method: 'DELETE', url: '/api/users/me', payload: { confirm: 'DELETE' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const cleared = response.cookies.find((cookie) => cookie.name === 'diacare_session');
      expect(cleared?.value).toBe('');

      const after = await rowsOf(t, asha.user.id);
      expect(Object.entries(after).filter(([, count]) => count !== 0)).toEqual([]);
      expect(await dumpOthers()).toEqual(othersBefore);
      expect((await ben.request({ url: '/api/health/glucose' })).json()).toHaveLength(1);

      // Every session ended: this browser's and the other device's.
      for (const session of [asha, ashaOnPhone]) {
        const me = await session.request({ url: '/api/users/me' });
        expect(me.statusCode).toBe(401);
      }
    });

    it('signing in again with the same email starts a fresh account at profile setup', async () => {
      const asha = await fullAccount('Asha Rao', 'asha-returns@example.com');
      expect(isProfileComplete((await asha.request({ url: '/api/users/me' })).json())).toBe(true);
      const deleted = await asha.request({ method: 'DELETE', url: '/api/users/me', payload: { confirm: 'DELETE' } });
      expect(deleted.statusCode).toBe(200);

      const again = await signIn(t.app, { name: 'Asha Rao', email: 'asha-returns@example.com' });
      expect(again.user.id).not.toBe(asha.user.id);
      const me = (await again.request({ url: '/api/users/me' })).json();
      expect(isProfileComplete(me)).toBe(false);
      expect(me.phone).toBeNull();
      for (const url of [
        '/api/medications',
        '/api/health/glucose',
        '/api/health/bp',
        '/api/health/metrics',
        '/api/appointments',
      ]) {
        expect((await again.request({ url })).json(), url).toEqual([]);
      }
    });
  });
});
