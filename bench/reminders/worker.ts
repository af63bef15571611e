/**
 * A bench worker process forked by run.ts (NODE_EXTRA_CA_CERTS names the sink's certificate). Mode
 * `baseline` sends the dispatcher's payloads straight to the sink with no database; mode `dispatch`
 * runs the server's dispatcher from 'go' until 'stop'. Both use DIACARE_BENCH_VAPID.
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createPushSender, type PushTarget } from '../../apps/server/src/modules/push/push-sender.ts';
import {
  buildReminderPush,
  createPushTexts,
  tagOf,
  topicOf,
} from '../../apps/server/src/modules/reminders/reminder-push.ts';
import { createDispatcher } from '../../apps/server/src/workers/reminder-dispatcher.ts';

const [mode, ...args] = process.argv.slice(2);
const vapid = JSON.parse(process.env.DIACARE_BENCH_VAPID!) as {
  publicKey: string;
  privateKey: string;
  subject: string;
};
const send = (message: object, then?: () => void) => process.send!(message, undefined, undefined, then);

/** CPU milliseconds (user + system) this process has used since `since`. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function once(type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type !== type) return;
      process.off('message', listener);
      resolve(message as Record<string, unknown>);
    };
    process.on('message', listener);
  });
}

if (mode === 'baseline') {
  const [file, from, to, concurrency] = args as [string, string, string, string];
  const items = (
    JSON.parse(readFileSync(file, 'utf8')) as { target: PushTarget; push: Parameters<typeof buildReminderPush>[0] }[]
  ).slice(Number(from), Number(to));
  const sender = createPushSender({ vapid });
  // Built as the dispatcher builds it, per push, with texts made once per language and medicine.
  const texts = createPushTexts();
  let payloadBytes = 0;
  let minPayload = Infinity;
  let maxPayload = 0;
  send({ type: 'ready' });
  await once('go');
  const started = performance.now();
  const cpuAtGo = process.cpuUsage();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: Number(concurrency) }, async () => {
      while (next < items.length) {
        const { target, push } = items[next++]!;
        const payload = JSON.stringify(buildReminderPush(push, texts));
        const size = Buffer.byteLength(payload);
        payloadBytes += size;
        if (size < minPayload) minPayload = size;
        if (size > maxPayload) maxPayload = size;
        const result = await sender.send(target, payload, {
          ttlSeconds: 7200,
          topic: topicOf(tagOf(push.row)),
          urgency: 'high',
        });
        if (result.outcome !== 'delivered') failed += 1;
      }
    }),
  );
  send({
    type: 'done',
    ms: performance.now() - started,
    sent: items.length,
    failed,
    cpuMs: cpuMs(cpuAtGo),
    payloadBytes,
    minPayload,
    maxPayload,
  });
  await sender.close();
  process.exit(0);
} else if (mode === 'dispatch') {
  const [databaseUrl, dueAtMs, batchSize, concurrency] = args as [string, string, string, string];
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const sender = createPushSender({ vapid });
  let goAt = 0;
  const clock = () => new Date(Number(dueAtMs) + (Date.now() - goAt));
  const dispatcher = createDispatcher({
    db: database.db,
    clock,
    sender,
    ...(batchSize ? { batchSize: Number(batchSize) } : {}),
    ...(concurrency ? { concurrency: Number(concurrency) } : {}),
  });
  send({ type: 'ready' });
  const go = await once('go');
  goAt = Number(go.at);
  const cpuAtGo = process.cpuUsage();
  dispatcher.start();
  await once('stop');
  await dispatcher.stop();
  const cpu = cpuMs(cpuAtGo);
  await sender.close();
  await database.close();
  send({ type: 'stopped', cpuMs: cpu }, () => process.exit(0));
} else {
  throw new Error(`unknown mode ${mode}`);
}
