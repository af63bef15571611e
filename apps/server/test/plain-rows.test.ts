/**
 * plainRows (db/plain-rows.ts) gives the driver's rows of a prepared statement without Drizzle's
 * mapping: for the kinds of columns it allows (text, uuid, numbers, booleans, arrays, DATE), on
 * both drivers, the rows must equal what the statement's `execute` gives.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainRows } from '../src/db/plain-rows.ts';
import { glucoseReadings, medications, sessions, users } from '../src/db/schema.ts';
import { userColumns } from '../src/modules/users/user.repository.ts';
import { SQL_DRIVERS, openTestDatabase } from './helpers.ts';

describe.each(SQL_DRIVERS)('plainRows on %s', (driver) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ issuer: 'local', subject: 'asha', name: 'Asha', age: 52, language: 'hi', phone: null })
      .returning({ id: users.id });
    userId = user!.id;
    await db
      .insert(sessions)
      .values({ user_id: userId, token_hash: 'hash', expires_at: new Date(Date.now() + 60_000) });
    await db.insert(medications).values([
      {
        user_id: userId,
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        frequency: 'weekly',
        times: ['09:00', '21:00'],
        weekdays: [1, 4],
        start_date: '2026-02-28',
        refill_enabled: true,
        pills_remaining: 12,
      },
      {
        user_id: userId,
        name: 'Insulin "R"',
        dosage: '8 units',
        form: 'Injection',
        color: '#4D96FF',
        when_to_take: 'Before food',
        frequency: 'as-needed',
        times: [],
        start_date: '2024-02-29',
        insulin_type: 'rapid',
      },
    ]);
  });

  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('the session lookup’s user columns, through a join, as execute maps them', async () => {
    const prepared = database.db
      .select(userColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(eq(sessions.token_hash, sql.placeholder('hash')), gte(sessions.expires_at, sql.placeholder('now'))))
      .prepare(`test_plain_rows_user_${driver}`);
    const values = { hash: 'hash', now: new Date() };
    const rows = await plainRows(prepared, values);
    expect(rows).toEqual(await prepared.execute(values));
    expect(rows).toEqual([expect.objectContaining({ id: userId, name: 'Asha', age: 52, language: 'hi', phone: null })]);
  });

  it('text, arrays of text and of numbers, booleans, numbers, nulls and dates', async () => {
    const prepared = database.db
      .select({
        id: medications.id,
        name: medications.name,
        when_to_take: medications.when_to_take,
        times: medications.times,
        weekdays: medications.weekdays,
        start_date: medications.start_date,
        end_date: medications.end_date,
        refill_enabled: medications.refill_enabled,
        pills_remaining: medications.pills_remaining,
        insulin_type: medications.insulin_type,
      })
      .from(medications)
      .where(eq(medications.user_id, sql.placeholder('userId')))
      .orderBy(medications.name)
      .prepare(`test_plain_rows_medications_${driver}`);
    const rows = await plainRows(prepared, { userId });
    expect(rows).toEqual(await prepared.execute({ userId }));
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
      {
        name: 'Insulin "R"',
        when_to_take: 'Before food',
        times: [],
        weekdays: [],
        start_date: '2024-02-29',
        end_date: null,
        refill_enabled: false,
        pills_remaining: 30,
        insulin_type: 'rapid',
      },
      {
        name: 'Metformin',
        when_to_take: null,
        times: ['09:00', '21:00'],
        weekdays: [1, 4],
        start_date: '2026-02-28',
        end_date: null,
        refill_enabled: true,
        pills_remaining: 12,
        insulin_type: null,
      },
    ]);
  });

  it('an insert’s returning columns', async () => {
    const columns = {
      id: glucoseReadings.id,
      value: glucoseReadings.value,
      meal_context: glucoseReadings.meal_context,
      date: glucoseReadings.date,
      time: glucoseReadings.time,
    };
    const insert = database.db
      .insert(glucoseReadings)
      .values({
        user_id: sql.placeholder('userId'),
        value: sql.placeholder('value'),
        meal_context: 'Fasting',
        date: sql.placeholder('date'),
        time: '07:30',
      })
      .returning(columns)
      .prepare(`test_plain_rows_insert_${driver}`);
    const [plain] = await plainRows(insert, { userId, value: 104, date: '2026-11-19' });
    const [mapped] = await insert.execute({ userId, value: 98, date: '2026-11-20' });
    expect(plain).toEqual({
      id: expect.any(String),
      value: 104,
      meal_context: 'Fasting',
      date: '2026-11-19',
      time: '07:30',
    });
    expect(Object.keys(plain!)).toEqual(Object.keys(mapped!));
    expect(mapped).toEqual({
      id: expect.any(String),
      value: 98,
      meal_context: 'Fasting',
      date: '2026-11-20',
      time: '07:30',
    });
  });
});
