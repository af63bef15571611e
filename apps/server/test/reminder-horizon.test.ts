/**
 * The materialiser's horizon on both drivers: a pass reads only schedules whose horizon runs
 * out; the 15-minute loop across horizons and DST changes loses and doubles no dose; a new zone
 * moves unsent doses at once. Decision 014.
 */
import { localDate, localTime, shiftDate, zonedInstant } from '@diacare/contract/dates';
import type { MedicationInput } from '@diacare/contract/medications';
import type { Reminder } from '@diacare/contract/reminders';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { materialiseDoseReminders } from '../src/modules/reminders/reminder.service.ts';
import { createMaterialiser } from '../src/workers/materialiser.ts';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const KOLKATA = 'Asia/Kolkata';
const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
const PASS_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

function medication(name: string, times: string[]): MedicationInput {
  return {
    name,
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times, start_date: '2026-01-01', end_date: null },
    refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  };
}

describe.each(DRIVERS)('materialiser horizon on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = (timezone: string) =>
    signIn(t.app, { name: 'Asha Rao', email: `horizon${++userCounter}@example.com`, timezone });

  async function addMedication(user: SignedInUser, payload: MedicationInput): Promise<{ id: string }> {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const doseReminders = async (user: SignedInUser, url = '/api/reminders?include_sent=true'): Promise<Reminder[]> =>
    ((await user.request({ url })).json() as Reminder[]).filter((r) => r.kind === 'dose');

  // A fresh database per test: a pass is over every user, so counts must not see other tests.
  beforeEach(async () => {
    t = await createTestApp(driver);
  });
  afterEach(() => t.close());

  it('a pass reads only schedules whose horizon runs out, and each only once', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    for (const zone of [KOLKATA, LONDON, NEW_YORK]) {
      await addMedication(await newUser(zone), medication('Metformin', ['08:00', '20:00']));
    }
    const materialiser = createMaterialiser({ db: t.database.db, clock: t.clock });
    // Made 48 h ahead on creation: the next passes of the day read nothing.
    for (let pass = 0; pass < 4 * 12; pass += 1) {
      expect(await materialiseDoseReminders(t.database.db, t.clock)).toEqual({ medications: 0, written: 0 });
      expect(await materialiser.runOnce()).toBe(0);
      t.clock.advance(PASS_MS);
    }
    // 18 h after creation the horizons are under 30 h ahead: each schedule is read once and
    // extended by the doses from its old horizon on; the pass after reads nothing again.
    t.clock.set(new Date('2026-06-10T18:15:00Z'));
    const extended = await materialiseDoseReminders(t.database.db, t.clock);
    expect(extended.medications).toBe(3);
    expect(extended.written).toBeGreaterThan(0);
    expect(await materialiseDoseReminders(t.database.db, t.clock)).toEqual({ medications: 0, written: 0 });
  });

  it('two instances running a pass at once read each schedule once between them', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser(KOLKATA);
    for (let i = 0; i < 12; i += 1) await addMedication(asha, medication(`Medicine ${i}`, ['08:00', '20:00']));
    t.clock.advance(19 * HOUR_MS);
    // On PostgreSQL a second connection pool on the same database stands in for the second
    // instance; PGlite is one process's database, so there the two passes share it.
    let other: DatabaseHandle | null = null;
    if (driver === 'postgres') {
      const result = await t.database.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
      other = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    }
    try {
      const passes = await Promise.all([
        materialiseDoseReminders(t.database.db, t.clock),
        materialiseDoseReminders((other ?? t.database).db, t.clock),
      ]);
      expect(passes[0].medications + passes[1].medications).toBe(12);
    } finally {
      await other?.close();
    }
    const made = (await doseReminders(asha)).map((r) => `${r.medication_id} ${r.due_at}`);
    expect(new Set(made).size).toBe(made.length);
  });

  it('an archived or as-needed medication is never read by a pass', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser(KOLKATA);
    const archived = await addMedication(asha, medication('Metformin', ['08:00']));
    await addMedication(asha, {
      ...medication('Paracetamol', []),
      schedule: { ...medication('x', []).schedule, frequency: 'as-needed' },
    });
    expect((await asha.request({ method: 'DELETE', url: `/api/medications/${archived.id}` })).statusCode).toBe(200);
    t.clock.advance(40 * HOUR_MS);
    expect(await materialiseDoseReminders(t.database.db, t.clock)).toEqual({ medications: 0, written: 0 });
  });

  /** Every dose of a daily medication at `times` in `zone` due in [from, to), as ISO instants. */
  function expectedDoses(times: string[], zone: string, from: Date, to: Date): string[] {
    const instants: string[] = [];
    for (let date = localDate(from, zone); date <= localDate(to, zone); date = shiftDate(date, 1)) {
      for (const time of times) {
        const due = zonedInstant(date, time, zone);
        if (due >= from && due < to) instants.push(due.toISOString());
      }
    }
    return instants.sort();
  }

  it.each([
    ['spring-forward', '2026-03-06T14:00:00Z', '2026-03-10T14:00:00Z'],
    ['fall-back', '2026-10-30T13:00:00Z', '2026-11-03T13:00:00Z'],
  ])('the loop every 15 min across %s and several horizons: every dose once, none lost', async (_, start, end) => {
    // 09:00 New York at the start: today's 09:00 is due at the very instant of creation, and
    // the first horizon (now + 48 h) falls exactly on a dose, which the next extension makes.
    t.clock.set(new Date(start));
    const times = ['01:30', '02:30', '09:00'];
    const ben = await newUser(NEW_YORK);
    await addMedication(ben, medication('Metformin', times));
    const materialiser = createMaterialiser({ db: t.database.db, clock: t.clock });
    while (t.clock().getTime() < new Date(end).getTime()) {
      t.clock.advance(PASS_MS);
      await materialiser.runOnce();
    }
    const made = (await doseReminders(ben)).map((r) => r.due_at).sort();
    const covered = new Date(new Date(end).getTime() + 30 * HOUR_MS);
    const madeUntilCovered = made.filter((due) => due < covered.toISOString());
    expect(madeUntilCovered).toEqual(expectedDoses(times, NEW_YORK, new Date(start), covered));
    expect(new Set(made).size).toBe(made.length);
  });

  it('a new time zone moves every unsent dose to its local time there, at once', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z')); // 05:30 in Kolkata, 01:00 in London
    const asha = await newUser(KOLKATA);
    await addMedication(asha, medication('Metformin', ['09:00', '21:00']));
    await addMedication(asha, medication('Glimepiride', ['07:30']));
    expect((await doseReminders(asha, '/api/reminders/upcoming')).map((r) => r.due_at)).toEqual([
      '2026-06-10T02:00:00.000Z', // 07:30 IST
      '2026-06-10T03:30:00.000Z', // 09:00 IST
      '2026-06-10T15:30:00.000Z', // 21:00 IST
    ]);

    const response = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { timezone: LONDON } });
    expect(response.statusCode).toBe(200);
    const upcoming = await doseReminders(asha, '/api/reminders/upcoming');
    expect(upcoming.map((r) => [r.scheduled_time, r.due_at])).toEqual([
      ['07:30', '2026-06-10T06:30:00.000Z'], // BST, UTC+1
      ['09:00', '2026-06-10T08:00:00.000Z'],
      ['21:00', '2026-06-10T20:00:00.000Z'],
    ]);
    // Every unsent dose, not only the next 24 h, is at its local time in London; none is left
    // at its Kolkata instant.
    const pending = await doseReminders(asha, '/api/reminders');
    expect(pending.length).toBeGreaterThanOrEqual(5);
    for (const reminder of pending) {
      expect(localTime(new Date(reminder.due_at), LONDON)).toBe(reminder.scheduled_time);
      expect(localDate(new Date(reminder.due_at), LONDON)).toBe(reminder.dose_date);
    }
  });

  it('signing in from another zone moves the doses too; an invalid zone changes nothing', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser(KOLKATA);
    await addMedication(asha, medication('Metformin', ['09:00']));
    const before = await doseReminders(asha, '/api/reminders');

    const refused = await asha.request({ method: 'PUT', url: '/api/users/me', payload: { timezone: 'Mars/Olympus' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/timezone/i);
    expect(await doseReminders(asha, '/api/reminders')).toEqual(before);

    await signIn(t.app, { name: 'Asha Rao', email: `horizon${userCounter}@example.com`, timezone: NEW_YORK });
    expect((await doseReminders(asha, '/api/reminders/upcoming')).map((r) => r.due_at)).toEqual([
      '2026-06-10T13:00:00.000Z', // 09:00 EDT
    ]);
  });
});
