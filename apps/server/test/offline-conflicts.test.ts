/**
 * Conflicts between two phones of one user, each replaying its outbox: one dose taken twice is
 * one record and one pill; the last edit received wins; a delete wins over a later edit (404).
 * Decision 022.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const METFORMIN = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  color: '#FF6B6B',
  schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: '2026-01-01' },
  refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
};

describe.each(DRIVERS)('two phones of one user on %s', (driver) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  /** The same account signed in on two phones (two sessions). */
  async function twoPhones(): Promise<[SignedInUser, SignedInUser]> {
    const identity = { name: 'Asha Rao', email: `phones${++users}@example.com`, timezone: 'Asia/Kolkata' };
    const phone = await signIn(t.app, identity);
    const tablet = await signIn(t.app, identity);
    expect(tablet.user.id).toBe(phone.user.id);
    expect(tablet.cookie).not.toBe(phone.cookie);
    return [phone, tablet];
  }
  /** A write as an outbox sends it: its own key. */
  const write = (device: SignedInUser, method: string, url: string, payload?: unknown) =>
    device.request({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { 'idempotency-key': randomUUID() },
    });
  const addMedication = async (device: SignedInUser) => {
    const response = await write(device, 'POST', '/api/medications', METFORMIN);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  };

  it('one dose taken on both phones is one adherence record and one pill, in either order or at once', async () => {
    const [phone, tablet] = await twoPhones();
    const medication = await addMedication(phone);
    const take = (device: SignedInUser, date: string, takenTime: string) =>
      write(device, 'POST', '/api/adherence', {
        medication_id: medication.id,
        date,
        scheduled_time: '08:00',
        taken_time: takenTime,
        status: 'taken',
      });

    const first = await take(phone, '2026-11-20', '08:05');
    const second = await take(tablet, '2026-11-20', '08:10');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().id).toBe(first.json().id);
    expect(second.json().taken_time).toBe('08:10'); // the later write, in server receive order
    // Both at once (two outboxes coming back online together).
    const together = await Promise.all([take(phone, '2026-11-21', '08:01'), take(tablet, '2026-11-21', '08:02')]);
    expect(together.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(together[0]!.json().id).toBe(together[1]!.json().id);

    const records = (await phone.request({ url: '/api/adherence' })).json() as { status: string }[];
    expect(records).toHaveLength(2);
    expect(records.every((record) => record.status === 'taken')).toBe(true);
    const [stored] = (await tablet.request({ url: '/api/medications' })).json();
    expect(stored.refill_reminder.pills_remaining).toBe(28);
  });

  it('a medication edited on both phones keeps the write the server received last', async () => {
    const [phone, tablet] = await twoPhones();
    const medication = await addMedication(phone);
    // The tablet edited first while offline; its outbox arrives after the phone's edit.
    const phoneEdit = await write(phone, 'PUT', `/api/medications/${medication.id}`, {
      ...METFORMIN,
      dosage: '1000 mg',
    });
    const tabletEdit = await write(tablet, 'PUT', `/api/medications/${medication.id}`, {
      ...METFORMIN,
      dosage: '850 mg',
      schedule: { ...METFORMIN.schedule, times: ['09:00'] },
    });
    expect([phoneEdit.statusCode, tabletEdit.statusCode]).toEqual([200, 200]);
    for (const device of [phone, tablet]) {
      const [stored] = (await device.request({ url: '/api/medications' })).json();
      expect(stored.dosage).toBe('850 mg');
      expect(stored.schedule.times).toEqual(['09:00']);
    }
  });

  it('a delete wins over a later edit: the edit answers 404 “This medication was deleted.” and changes nothing', async () => {
    const [phone, tablet] = await twoPhones();
    const medication = await addMedication(phone);
    expect((await write(phone, 'DELETE', `/api/medications/${medication.id}`)).statusCode).toBe(200);

    const edit = await write(tablet, 'PUT', `/api/medications/${medication.id}`, { ...METFORMIN, dosage: '1000 mg' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ detail: 'This medication was deleted.' });
    const deleteAgain = await write(tablet, 'DELETE', `/api/medications/${medication.id}`);
    expect(deleteAgain.json()).toEqual({ detail: 'This medication was deleted.' });
    expect((await tablet.request({ url: '/api/medications' })).json()).toEqual([]);

    // A Take of the deleted medicine's dose is refused too (its history is not editable).
    const take = await write(tablet, 'POST', '/api/adherence', {
      medication_id: medication.id,
      date: '2026-11-20',
      scheduled_time: '08:00',
      status: 'taken',
    });
    expect(take.statusCode).toBe(404);
    expect(take.json()).toEqual({ detail: 'This medication was deleted.' });
    expect((await tablet.request({ url: '/api/adherence' })).json()).toEqual([]);

    // Another user's id still answers the generic text: nothing about whether it existed.
    const ben = await signIn(t.app, { name: 'Ben', email: `ben${++users}@example.com` });
    const probe = await write(ben, 'PUT', `/api/medications/${medication.id}`, METFORMIN);
    expect(probe.json()).toEqual({ detail: 'Medication not found' });
  });
});
