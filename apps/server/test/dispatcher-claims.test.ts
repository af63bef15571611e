/**
 * The reminder dispatcher's claims end to end: retries, leases, a dispatcher that dies, heap-only
 * claim updates, plans that do not depend on statistics, a crash between send and record, and
 * dispatchers racing (decisions 014, 036, 108).
 */
import { randomUUID } from 'node:crypto';
import type { ReminderPush } from '@diacare/contract/push';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { claimRows, executeByKey } from '../src/db/leased-claim.ts';
import { reminders } from '../src/db/schema.ts';
import { createPushSender } from '../src/modules/push/push-sender.ts';
import { loadVapidKeys } from '../src/modules/push/vapid.ts';
import { DISPATCH_LEASE_MS, DISPATCH_RETRY_DELAY_MS } from '../src/modules/reminders/constants.ts';
import { arrayLiteral } from '../src/modules/reminders/dispatch.repository.ts';
import { SQL_DRIVERS } from './helpers.ts';
import { dispatcherFixture, metformin } from './support/dispatcher-fixture.ts';

describe.each(SQL_DRIVERS)('reminder dispatcher claims on %s', (driver) => {
  const f = dispatcherFixture(driver, 'claims');
  const { startDay, dispatcher, newUser, addMedication, receivedBy, allReminders } = f;

  it('outcomes are written through array literals that keep any text exactly', async () => {
    // The settle statement sends each column as one array literal; `detail` holds push-service
    // error text, so quotes, backslashes, braces, commas, NULL-like words and Unicode must survive.
    const values = ['HTTP 500 "Bad" \\ {x,y}', 'NULL', '', ' padded ', 'हिन्दी ✓', null, 'a\nb'];
    const result = await f.t.database.db.execute(
      sql`SELECT v, v IS NULL AS missing FROM unnest(${arrayLiteral(values)}::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n`,
    );
    const rows = (result as unknown as { rows: { v: string | null; missing: boolean }[] }).rows;
    expect(rows.map((row) => row.v)).toEqual(values);
    const numbers = await f.t.database.db.execute(
      sql`SELECT sum(v)::int AS total FROM unnest(${arrayLiteral([1, 2, 39])}::integer[]) AS v`,
    );
    expect((numbers as unknown as { rows: { total: number }[] }).rows[0]?.total).toBe(42);
  });

  it('a push that fails is tried again after a delay, then recorded failed', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user, subscriptions } = await newUser();
    const subscription = subscriptions[0]!;
    await user.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Walk', due_at: now.toISOString() },
    });
    f.service.respondWith(subscription.id, 500);
    await dispatcher().runOnce();
    expect(receivedBy(subscription)).toEqual([]);
    expect((await allReminders(user))[0]).toMatchObject({ status: 'pending', sent: false });
    await dispatcher().runOnce(); // not yet: it waits for the retry delay
    expect(f.service.requests.filter((r) => r.subscriptionId === subscription.id)).toHaveLength(1);
    f.t.clock.advance(DISPATCH_RETRY_DELAY_MS + 1000);
    await dispatcher().runOnce();
    expect(receivedBy(subscription)).toHaveLength(1);
    expect((await allReminders(user))[0]).toMatchObject({ status: 'sent', sent: true });

    await user.request({
      method: 'POST',
      url: '/api/reminders',
      payload: { title: 'Stretch', due_at: f.t.clock().toISOString() },
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      f.service.respondWith(subscription.id, 503);
      await dispatcher().runOnce();
      f.t.clock.advance(DISPATCH_RETRY_DELAY_MS + 1000);
    }
    expect((await allReminders(user)).find((r) => r.title === 'Stretch')).toMatchObject({ status: 'failed' });
    expect(receivedBy(subscription)).toHaveLength(1);
  });

  it('a dispatcher that dies after claiming loses none: another sends them after the lease', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user, subscriptions } = await newUser();
    for (let i = 0; i < 20; i += 1) {
      const response = await user.request({
        method: 'POST',
        url: '/api/reminders',
        payload: { title: `Reminder ${i}`, due_at: now.toISOString() },
      });
      expect(response.statusCode).toBe(201);
    }
    // The first dispatcher claims, then never gets to send or settle (its process is gone).
    let claimed!: () => void;
    const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const dead = dispatcher({
      sender: {
        send: () => {
          claimed();
          return new Promise(() => {});
        },
        close: async () => {},
      },
    });
    void dead.runOnce();
    await hasClaimed;

    const survivor = dispatcher();
    await survivor.runOnce();
    expect(receivedBy(subscriptions[0]!)).toEqual([]); // the lease still holds

    f.t.clock.advance(DISPATCH_LEASE_MS + 1000);
    await survivor.runOnce();
    const titles = receivedBy(subscriptions[0]!).map((m) => JSON.parse(m.payload).title);
    expect(titles.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Reminder ${i}`).sort());
    const rows = await allReminders(user);
    expect(rows.every((r) => r.status === 'sent' && r.sent)).toBe(true);
  });

  it("one pass of several medicines and languages: each dose's notices name its own medicine in its user's language", async () => {
    const clock = startDay();
    clock('03:29:00'); // 08:59 in Kolkata
    const people = [
      { language: 'en', medicine: 'Metformin' },
      { language: 'hi', medicine: 'Metformin' },
      { language: 'en', medicine: 'Glimepiride' },
      { language: 'hi', medicine: 'Glimepiride' },
    ] as const;
    const subscribed = [];
    for (const { language, medicine } of people) {
      const { user, subscriptions } = await newUser();
      const language_ = await user.request({ method: 'PUT', url: '/api/users/me', payload: { language } });
      expect(language_.statusCode).toBe(200);
      await addMedication(user, metformin(['09:00'], medicine));
      subscribed.push({ language, medicine, subscription: subscriptions[0]! });
    }
    clock('03:30:00');
    await dispatcher().runOnce(); // all four doses in one pass
    for (const { language, medicine, subscription } of subscribed) {
      const messages = receivedBy(subscription);
      expect(messages).toHaveLength(1);
      const payload: ReminderPush = JSON.parse(messages[0]!.payload);
      expect(payload.dose?.medication_name).toBe(medicine);
      expect(payload.confirmation?.taken).toBe(
        language === 'hi' ? `${medicine} ली गई के रूप में दर्ज` : `Marked ${medicine} as taken`,
      );
      expect(payload.failure?.take.body).toBe(
        language === 'hi'
          ? `${medicine} ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।`
          : `Open DiaCare to mark ${medicine} as taken.`,
      );
    }
  });

  it('a claim is a heap-only update: each claimed row keeps its page (fillfactor 50, decision 014)', async () => {
    const clock = startDay();
    const now = clock('03:00:00');
    const { user } = await newUser();
    // Made together, as the materialiser makes a due minute's doses: they share pages.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      user_id: user.user.id,
      kind: 'custom' as const,
      title: `Reminder ${String(i).padStart(3, '0')}`,
      body: '',
      due_at: now,
      expires_at: new Date(now.getTime() + 3_600_000),
      dedupe_key: `custom:${randomUUID()}`,
    }));
    const ids = (await f.t.database.db.insert(reminders).values(rows).returning({ id: reminders.id })).map((r) => r.id);
    const pages = async () => {
      const result = await f.t.database.db.execute(
        sql`SELECT id, (ctid::text::point)[0]::int AS page FROM reminders WHERE id IN ${ids}`,
      );
      const found = (result as unknown as { rows: { id: string; page: number }[] }).rows;
      return new Map(found.map((row) => [row.id, Number(row.page)]));
    };
    const before = await pages();
    // Claimed, never sent: the rows keep their claim (a version written by the claim alone).
    let claimed!: () => void;
    const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const stuck = dispatcher({
      sender: {
        send: () => {
          claimed();
          return new Promise(() => {});
        },
        close: async () => {},
      },
    });
    void stuck.runOnce();
    await hasClaimed;
    const after = await pages();
    const stayed = ids.filter((id) => after.get(id) === before.get(id)).length;
    // A claimed version that moved to another page needed index entries (not heap-only). At
    // fillfactor 70, 72 of these 120 moved; at 50, 6 (the last rows of a full page).
    expect(stayed / ids.length).toBeGreaterThanOrEqual(0.85);
    await f.t.database.db.delete(reminders).where(inArray(reminders.id, ids));
  });

  it('the claim walks the pending-due index and finds rows by key, whatever the statistics (decision 108)', async () => {
    const now = new Date();
    const claim = sql`${claimRows(
      'reminders',
      now,
      { token: randomUUID(), until: new Date(now.getTime() + 60_000) },
      1000,
      {
        returning: sql`r.id, r.user_id, r.medication_id`,
      },
    )}
    SELECT c.id, m.name, s.push_notifications FROM claimed c
    LEFT JOIN medications m ON m.id = c.medication_id
    LEFT JOIN notification_settings s ON s.user_id = c.user_id`;
    const plan = async (run: (statement: SQL) => Promise<unknown>) => {
      const result = (await run(sql`EXPLAIN ${claim}`)) as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    const pinned = await plan((statement) => executeByKey(f.t.database.db, statement));
    expect(pinned).toContain('Index Scan using reminders_pending_due_idx');
    expect(pinned).not.toMatch(/Bitmap|Seq Scan on (reminders|medications|notification_settings)/);
  });

  it('a crash after a dose left but before it was recorded: the repeat has the same Topic and tag', async () => {
    const clock = startDay();
    clock('03:30:00'); // 09:00 and 09:30 in Kolkata
    const { user, subscriptions } = await newUser();
    const subscription = subscriptions[0]!;
    const medication = await addMedication(user, metformin(['09:00', '09:30']));
    clock('04:00:00');
    // The first dispatcher's pushes reach the push service, then its process dies before it
    // records them: the outcome never comes back, the rows stay claimed.
    let delivered = 0;
    const crashed = dispatcher({
      sender: {
        send: (target, payload, options) => {
          void f.sender.send(target, payload, options).then(() => (delivered += 1));
          return new Promise(() => {});
        },
        close: async () => {},
      },
    });
    const before = f.service.received.length;
    void crashed.runOnce();
    await f.service.waitFor(before + 2, 10_000);
    await expect.poll(() => delivered).toBe(2);

    f.t.clock.advance(DISPATCH_LEASE_MS + 1000);
    await dispatcher().runOnce();
    const messages = receivedBy(subscription);
    expect(messages).toHaveLength(4);
    const byDose = new Map<string, { topics: Set<string | null>; tags: Set<string> }>();
    for (const message of messages) {
      const payload: ReminderPush = JSON.parse(message.payload);
      const entry = byDose.get(payload.dose!.scheduled_time) ?? { topics: new Set(), tags: new Set() };
      entry.topics.add(message.topic);
      entry.tags.add(payload.tag);
      byDose.set(payload.dose!.scheduled_time, entry);
    }
    const date = f.t.clock().toISOString().slice(0, 10);
    for (const time of ['09:00', '09:30']) {
      const { topics, tags } = byDose.get(time)!;
      // One Topic (RFC 8030 §5.4: ≤ 32 URL-safe base64 characters) and one tag per dose, so the
      // push service and the service worker replace the first copy instead of adding a second.
      expect([...tags]).toEqual([`dose-${medication.id}-${date}-${time}`]);
      expect(topics.size).toBe(1);
      expect([...topics][0]).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
    expect([...byDose.get('09:00')!.topics]).not.toEqual([...byDose.get('09:30')!.topics]);
  });

  it.runIf(driver === 'postgres')(
    'two dispatchers with 1,000 due reminders send each exactly once',
    async () => {
      const clock = startDay();
      const now = clock('03:00:00');
      const { user, subscriptions } = await newUser();
      const subscription = subscriptions[0]!;
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        user_id: user.user.id,
        kind: 'custom' as const,
        title: `Reminder ${i}`,
        body: '',
        due_at: now,
        expires_at: new Date(now.getTime() + 3_600_000),
        dedupe_key: `custom:${randomUUID()}`,
      }));
      const ids = (await f.t.database.db.insert(reminders).values(rows).returning({ id: reminders.id })).map(
        (r) => r.id,
      );
      const before = f.service.received.length;

      const vapid = await loadVapidKeys(f.t.database.db, parseEnv({ NODE_ENV: 'test' }));
      const senders = [createPushSender({ vapid }), createPushSender({ vapid })];
      f.extraSenders.push(...senders);
      const dispatchers = senders.map((s) => dispatcher({ sender: s, batchSize: 50, pollIntervalMs: 20 }));
      for (const d of dispatchers) d.start();
      await f.service.waitFor(before + 1000, 50_000);
      await Promise.all(dispatchers.map((d) => d.stop()));

      const messages = receivedBy(subscription).map((m) => JSON.parse(m.payload).reminder_id as string);
      expect(messages).toHaveLength(1000);
      expect(new Set(messages).size).toBe(1000);
      expect(new Set(messages)).toEqual(new Set(ids));
      const stored = await f.t.database.db
        .select({ status: reminders.status, attempts: reminders.attempts })
        .from(reminders)
        .where(inArray(reminders.id, ids));
      // Each claimed exactly once.
      expect(stored.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    },
    90_000,
  );
});
