/**
 * Reminder dispatch benchmark: N doses due at one minute handed by `--instances` dispatchers to an HTTPS sink,
 * none twice or lost, against the same payloads sent with no database. Budget (docs/architecture.md): 100,000 in 60 s.
 * Usage: npm run bench:reminders [-- --users 100000] [--instances 2] [--database-url postgres://…]
 * Decision 014.
 */
import type { ChildProcess } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localDate, shiftDate } from '@diacare/contract/dates';
import { count, eq, sum } from 'drizzle-orm';
import pg from 'pg';
import webpush from 'web-push';
import { ask, backendCpuMs, forkTs as forkChild, localTime, next, type Message } from './processes.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { medications, pushSubscriptions, reminders, users } from '../../apps/server/src/db/schema.ts';
import { userLanguage } from '../../apps/server/src/i18n/index.ts';
import type { buildReminderPush } from '../../apps/server/src/modules/reminders/reminder-push.ts';
import { materialiseDoseReminders } from '../../apps/server/src/modules/reminders/reminder.service.ts';
import { writeTestCertificate } from '../../apps/server/test/support/tls-certificate.ts';

const { values: options } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    instances: { type: 'string', default: '2' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    /** Dispatcher tuning (default: the server's own defaults). */
    'batch-size': { type: 'string' },
    'dispatch-concurrency': { type: 'string' },
    /** Writes V8 CPU profiles of the sink and workers into this directory. */
    'cpu-prof-dir': { type: 'string' },
  },
});
const N = Number(options.users);
const INSTANCES = Number(options.instances);
/** Messages in flight per baseline process: the dispatcher's default per-pass concurrency. */
const BASELINE_CONCURRENCY = 100;
const ZONES = ['Asia/Kolkata', 'UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney'];
const INSERT_CHUNK = 1000;
const TIMEOUT_MS = 15 * 60 * 1000;
/**
 * What web-push's aes128gcm encryption adds to a payload (RFC 8188/8291): a header of salt (16),
 * record size (4), key id length (1) and the sender's public key (65), the padding delimiter
 * (1) and the AEAD tag (16). One record; the bench checks it against the baseline's own sizes.
 */
const AES128GCM_OVERHEAD = 86 + 1 + 16;

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const log = (line: string) => console.log(line);
/** Forks a bench child, profiled when --cpu-prof-dir is given. */
const forkTs = (file: string, args: string[], env: Record<string, string>): ChildProcess =>
  forkChild(file, args, env, options['cpu-prof-dir']);

async function main() {
  log(`reminders bench: ${N} users, ${INSTANCES} instance(s), Node ${process.version}`);
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@diacare.example' };
  const tls = await writeTestCertificate();
  const childEnv = { ...tls.env, DIACARE_BENCH_VAPID: JSON.stringify(vapid) };
  const sink = forkTs('sink.ts', [String(N)], childEnv);
  const children: ChildProcess[] = [sink];
  const adminUrl = options['database-url'];
  const name = `diacare_bench_${randomUUID().replaceAll('-', '')}`;
  let databaseCreated = false;
  try {
    const { origin } = (await next(sink, 'ready')) as { type: string; origin: string };

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseCreated = true;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    const { db } = database;

    // Every dose falls on one instant: the start of a minute in the future, whatever the zone.
    const dueAt = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000);
    let started = performance.now();
    const userIds: string[] = [];
    const targets = Array.from({ length: N }, (_, i) => {
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      return {
        endpoint: `${origin}/push/${i}`,
        keys: { p256dh: receiver.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      };
    });
    for (let start = 0; start < N; start += INSERT_CHUNK) {
      const slice = targets.slice(start, start + INSERT_CHUNK).map((target, offset) => {
        const i = start + offset;
        const zone = ZONES[i % ZONES.length]!;
        const id = randomUUID();
        userIds[i] = id;
        return { id, i, zone, target };
      });
      await db.insert(users).values(
        slice.map(({ id, i, zone }) => ({
          id,
          issuer: 'bench',
          subject: `user-${i}`,
          name: `User ${i}`,
          timezone: zone,
        })),
      );
      await db.insert(medications).values(
        slice.map(({ id, zone }) => ({
          user_id: id,
          name: 'Metformin',
          dosage: '500 mg',
          form: 'Tablet',
          color: '#FF6B6B',
          when_to_take: 'After food',
          frequency: 'daily' as const,
          times: [localTime(dueAt, zone)],
          start_date: shiftDate(localDate(dueAt, zone), -1),
        })),
      );
      await db.insert(pushSubscriptions).values(
        slice.map(({ id, target }) => ({
          user_id: id,
          endpoint: target.endpoint,
          p256dh: target.keys.p256dh,
          auth: target.keys.auth,
        })),
      );
    }
    log(`loaded ${N} users, medications and subscriptions in ${seconds(performance.now() - started)} s`);

    started = performance.now();
    const materialised = await materialiseDoseReminders(db, () => new Date(dueAt.getTime() - 60_000), {
      horizonHours: 1,
    });
    const [due] = await db.select({ count: count() }).from(reminders).where(eq(reminders.due_at, dueAt));
    log(
      `materialised ${materialised.written} dose reminders (${materialised.medications} medications read) in ` +
        `${seconds(performance.now() - started)} s`,
    );
    // The loop's next pass, 15 minutes on: no horizon has run out, so it reads nothing (decision 014).
    started = performance.now();
    const idlePass = await materialiseDoseReminders(db, () => new Date(dueAt.getTime() + 14 * 60_000), {
      horizonHours: 1,
    });
    log(
      `next pass: ${idlePass.medications} medications read, ${idlePass.written} written, ` +
        `in ${((performance.now() - started) / 1000).toFixed(3)} s`,
    );
    if (Number(due?.count) !== N)
      throw new Error(`expected ${N} reminders due at ${dueAt.toISOString()}, got ${due?.count}`);
    // Each user's reminder as the dispatcher's claim reads it, for the baseline's payloads.
    const rows = await db
      .select({
        id: reminders.id,
        user_id: reminders.user_id,
        kind: reminders.kind,
        medication_id: reminders.medication_id,
        dose_date: reminders.dose_date,
        scheduled_time: reminders.scheduled_time,
        title: reminders.title,
        body: reminders.body,
        m_id: medications.id,
        m_name: medications.name,
        m_dosage: medications.dosage,
        language: users.language,
      })
      .from(reminders)
      .innerJoin(users, eq(users.id, reminders.user_id))
      .leftJoin(medications, eq(medications.id, reminders.medication_id))
      .where(eq(reminders.due_at, dueAt));
    await database.close();
    const inputByUser = new Map<string, Parameters<typeof buildReminderPush>[0]>(
      rows.map(({ m_id, m_name, m_dosage, language, ...row }) => [
        row.user_id,
        {
          row,
          medication: m_id ? { id: m_id, name: m_name!, dosage: m_dosage! } : null,
          language: userLanguage(language),
        },
      ]),
    );

    // Baseline: the transport alone, same payloads, same sink, same number of processes.
    const subscriptionsFile = join(tls.dir, 'subscriptions.json');
    writeFileSync(
      subscriptionsFile,
      JSON.stringify(targets.map((target, i) => ({ target, push: inputByUser.get(userIds[i]!)! }))),
    );
    const share = Math.ceil(N / INSTANCES);
    const senders = Array.from({ length: INSTANCES }, (_, k) =>
      forkTs(
        'worker.ts',
        [
          'baseline',
          subscriptionsFile,
          String(k * share),
          String(Math.min(N, (k + 1) * share)),
          String(BASELINE_CONCURRENCY),
        ],
        childEnv,
      ),
    );
    children.push(...senders);
    await Promise.all(senders.map((child) => next(child, 'ready')));
    await ask(sink, 'reset');
    const baselineDone = senders.map((child) => next(child, 'done'));
    const baselineGo = Date.now();
    for (const child of senders) child.send({ type: 'go' });
    const baselineResults = await Promise.all(baselineDone);
    const baselineSink = await ask(sink, 'stats');
    const baselineSeconds = (Number(baselineSink.lastAt) - baselineGo) / 1000;
    const baselineFailed = baselineResults.reduce((sum, r) => sum + Number(r.failed), 0);
    const baselineCpuMs = baselineResults.reduce((sum, r) => sum + Number(r.cpuMs), 0);
    const baselinePayloadMin = Math.min(...baselineResults.map((r) => Number(r.minPayload)));
    const baselinePayloadMax = Math.max(...baselineResults.map((r) => Number(r.maxPayload)));
    const baselinePayloadBytes = baselineResults.reduce((sum, r) => sum + Number(r.payloadBytes), 0);
    if (Number(baselineSink.bytes) !== baselinePayloadBytes + N * AES128GCM_OVERHEAD)
      throw new Error(
        `the sink received ${baselineSink.bytes} body bytes for ${baselinePayloadBytes} bytes of payload: ` +
          `not ${AES128GCM_OVERHEAD} bytes of encryption per push`,
      );
    const baselineRate = N / baselineSeconds;
    log(
      `baseline  createPushSender → sink, no database: ${N} in ${baselineSeconds.toFixed(2)} s = ` +
        `${baselineRate.toFixed(0)} pushes/s (failed ${baselineFailed}, missing ${baselineSink.missing}, twice ${baselineSink.duplicated})`,
    );

    // Full path: the server's dispatchers on PostgreSQL, from the due minute.
    await ask(sink, 'reset');
    const dispatchers = Array.from({ length: INSTANCES }, () =>
      forkTs(
        'worker.ts',
        [
          'dispatch',
          databaseUrl,
          String(dueAt.getTime()),
          options['batch-size'] ?? '',
          options['dispatch-concurrency'] ?? '',
        ],
        childEnv,
      ),
    );
    children.push(...dispatchers);
    await Promise.all(dispatchers.map((child) => next(child, 'ready')));
    const goAt = Date.now();
    for (const child of dispatchers) child.send({ type: 'go', at: goAt });
    for (;;) {
      const { total } = await ask(sink, 'count');
      if (Number(total) >= N) break;
      if (Date.now() - goAt > TIMEOUT_MS) throw new Error(`only ${total} of ${N} handed over after ${TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const fullSink = await ask(sink, 'stats');
    // Equal work: the dispatcher's pushes carried exactly as many bytes as the baseline's.
    const payloadSizes = (stats: Message) =>
      `${Number(stats.minBody) - AES128GCM_OVERHEAD}–${Number(stats.maxBody) - AES128GCM_OVERHEAD} bytes ` +
      `(${(Number(stats.bytes) / N - AES128GCM_OVERHEAD).toFixed(1)} on average)`;
    log(
      `payloads  baseline ${baselinePayloadMin}–${baselinePayloadMax} bytes (worker), ${payloadSizes(baselineSink)} ` +
        `(sink); full path ${payloadSizes(fullSink)} (sink)`,
    );
    if (fullSink.bytes !== baselineSink.bytes)
      throw new Error(
        `unequal work: the sink received ${fullSink.bytes} body bytes from the dispatchers, ` +
          `${baselineSink.bytes} from the baseline`,
      );
    const handoverSeconds = (Number(fullSink.lastAt) - goAt) / 1000;
    const fullRate = N / handoverSeconds;
    // Let the dispatchers write back their last outcomes, then stop them.
    const check = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    let statuses: Record<string, number> = {};
    for (let waited = 0; waited < 60_000; waited += 200) {
      const rows = await check.db
        .select({ status: reminders.status, count: count() })
        .from(reminders)
        .groupBy(reminders.status);
      statuses = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
      if ((statuses.sent ?? 0) + (statuses.failed ?? 0) + (statuses.skipped ?? 0) + (statuses.missed ?? 0) >= N) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [totals] = await check.db
      .select({ deliveries: sum(reminders.deliveries), attempts: sum(reminders.attempts) })
      .from(reminders);
    await check.close();
    const postgresCpuMs = await backendCpuMs(adminUrl, name);
    const stoppedMessages = await Promise.all(
      dispatchers.map((child) => {
        const stopped = next(child, 'stopped');
        child.send({ type: 'stop' });
        return stopped;
      }),
    );
    const dispatcherCpuMs = stoppedMessages.reduce((sum, m) => sum + Number(m.cpuMs), 0);
    const finalSink = await ask(sink, 'stats');

    log(
      `full path dispatcher(s) on PostgreSQL → sink:      ${N} in ${handoverSeconds.toFixed(2)} s = ` +
        `${fullRate.toFixed(0)} pushes/s`,
    );
    log(
      `check     sink: ${finalSink.total} received, ${finalSink.missing} endpoints missing, ${finalSink.duplicated} twice; ` +
        `reminders: ${JSON.stringify(statuses)}, deliveries ${totals?.deliveries}, claims ${totals?.attempts}`,
    );
    // CPU per push is what the 2 cores are shared out by, and much steadier than the rates
    // when other work runs on the machine.
    const perPush = (ms: number) => `${((ms * 1000) / N).toFixed(0)} µs`;
    log(
      `cpu/push  baseline senders ${perPush(baselineCpuMs)}; full path dispatchers ${perPush(dispatcherCpuMs)} + ` +
        `PostgreSQL backends ${perPush(postgresCpuMs)} = ${perPush(dispatcherCpuMs + postgresCpuMs)} ` +
        `(${((dispatcherCpuMs + postgresCpuMs) / baselineCpuMs).toFixed(2)}× baseline)`,
    );
    const ratio = fullRate / baselineRate;
    const ok =
      finalSink.missing === 0 && finalSink.duplicated === 0 && statuses.sent === N && Number(totals?.deliveries) === N;
    log(`result    handed over in ${handoverSeconds.toFixed(2)} s; full/baseline = ${ratio.toFixed(2)} (target ≥ 0.7)`);
    log(`          none twice, none lost: ${ok ? 'yes' : 'NO'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.connected) child.disconnect();
    // A moment to exit on their own (and write --cpu-prof files), then no more.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill();
              resolve();
            }, 3000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    if (databaseCreated) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(tls.dir, { recursive: true, force: true });
  }
}

await main();
