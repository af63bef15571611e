/**
 * Sensor imports through the API: a Clarity file previews (nothing stored),
 * commits, and imported again adds nothing; an overlapping export adds only its new readings;
 * DELETE undoes; a file that is neither format → 400 and nothing stored; another user's batch
 * → 404; imported readings make no reminder or alert.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');
const HEADER =
  'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u)';
/** A Clarity export of EGV rows at `times` on 2026-11-19 (values 100, 101, …; the last one Low). */
function clarity(times: string[], lowLast = false): string {
  const rows = times.map(
    (time, index) =>
      `${index + 2},2026-11-19T${time}:00,EGV,,,,G7 App,${lowLast && index === times.length - 1 ? 'Low' : 100 + index},`,
  );
  return `\uFEFF${[HEADER, '1,,Device,,,G7,G7 App,,', ...rows].join('\r\n')}`;
}

describe.each(DRIVERS)('sensor imports on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = (name = 'Asha Rao') =>
    signIn(t.app, { name, email: `imports${++userCounter}@example.com`, timezone: 'Asia/Kolkata' });
  const upload = (user: SignedInUser, csv: string) =>
    user.request({ method: 'POST', url: '/api/imports', payload: csv, headers: { 'content-type': 'text/csv' } });
  const count = async (userId: string) => {
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM sensor_readings WHERE user_id = ${userId}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  it('previews, commits, adds nothing twice, and adds only the new readings of an overlapping file', async () => {
    const asha = await newUser();
    const preview = await upload(asha, clarity(['08:00', '08:05', '08:10'], true));
    expect(preview.statusCode, preview.body).toBe(201);
    expect(preview.json()).toMatchObject({
      format: 'dexcom',
      status: 'preview',
      readings: 3,
      duplicates: 0,
      from: '2026-11-19T02:30:00.000Z',
      to: '2026-11-19T02:40:00.000Z',
    });
    expect(await count(asha.user.id)).toBe(0);

    const committed = await asha.request({ method: 'POST', url: `/api/imports/${preview.json().id}/commit` });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ status: 'committed', readings: 3 });
    const stored = await t.database.db.execute(
      sql`SELECT date::text, time, value, flag FROM sensor_readings WHERE user_id = ${asha.user.id} ORDER BY measured_at`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
      { date: '2026-11-19', time: '08:00', value: 100, flag: null },
      { date: '2026-11-19', time: '08:05', value: 101, flag: null },
      { date: '2026-11-19', time: '08:10', value: 40, flag: 'low' },
    ]);
    // The same commit again adds nothing.
    expect(
      (await asha.request({ method: 'POST', url: `/api/imports/${preview.json().id}/commit` })).json(),
    ).toMatchObject({
      readings: 3,
    });

    const again = await upload(asha, clarity(['08:00', '08:05', '08:10'], true));
    expect(again.json()).toMatchObject({ readings: 0, duplicates: 3 });
    const overlap = await upload(asha, clarity(['08:00', '08:05', '08:10', '08:15', '08:20']));
    expect(overlap.json()).toMatchObject({ readings: 2, duplicates: 3 });
    await asha.request({ method: 'POST', url: `/api/imports/${overlap.json().id}/commit` });
    expect(await count(asha.user.id)).toBe(5);

    const list = await asha.request({ url: '/api/imports' });
    expect(list.json().map((batch: { status: string; readings: number }) => [batch.status, batch.readings])).toEqual([
      ['committed', 2],
      ['preview', 0],
      ['committed', 3],
    ]);
    // Undo the overlapping import: its two readings go, the first import's stay.
    const undone = await asha.request({ method: 'DELETE', url: `/api/imports/${overlap.json().id}` });
    expect(undone.statusCode).toBe(200);
    expect(await count(asha.user.id)).toBe(3);
  });

  it('imported readings make no reminder or alert', async () => {
    const ravi = await newUser('Ravi');
    const before = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM reminders`);
    const preview = await upload(ravi, clarity(['02:00', '02:05'], true));
    await ravi.request({ method: 'POST', url: `/api/imports/${preview.json().id}/commit` });
    const after = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM reminders`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
    expect(await count(ravi.user.id)).toBe(2);
  });

  it('a file that is neither format, or not CSV, answers 400 naming the formats and stores nothing', async () => {
    const asha = await newUser();
    const before = await dumpDatabase(t.database.db);
    const neither = await upload(asha, 'date,value\n2026-11-19,112\n');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().detail).toMatch(/LibreView or Dexcom Clarity/);
    const json = await asha.request({ method: 'POST', url: '/api/imports', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('another user’s batch answers 404 and changes nothing', async () => {
    const asha = await newUser('Asha');
    const ben = await newUser('Ben');
    const preview = (await upload(asha, clarity(['09:00']))).json();
    const before = await dumpDatabase(t.database.db);
    expect((await ben.request({ method: 'POST', url: `/api/imports/${preview.id}/commit` })).statusCode).toBe(404);
    expect((await ben.request({ method: 'DELETE', url: `/api/imports/${preview.id}` })).statusCode).toBe(404);
    expect((await ben.request({ url: '/api/imports' })).json()).toEqual([]);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});
