/**
 * Entry point: reads the environment, opens the database, listens, and shuts down
 * cleanly on SIGTERM/SIGINT (in-flight requests finish, the database closes).
 */
import { buildApp, loggerOptions } from './app.ts';
import { parseEnv } from './config/env.ts';
import { assertPortFree, describeListenError, StartupError } from './config/startup.ts';
import { openDatabase } from './db/client.ts';
import { createMetrics } from './modules/ops/metrics.ts';
import { startReminderEngine, type ReminderEngine } from './modules/reminders/engine.ts';

async function main(): Promise<void> {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    // One line: "Invalid configuration: PORT: Too big ...; HOST: ..."
    const [heading, ...problems] = (error as Error).message.split('\n').map((line) => line.trim());
    console.error(problems.length ? `${heading} ${problems.join('; ')}` : heading);
    process.exit(1);
  }
  // A taken port is found before the database opens (a first start builds the embedded
  // database, which takes seconds); the real listen below still reports a late loser.
  await assertPortFree(env.PORT, env.HOST);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const clock = () => new Date();
  const metrics = createMetrics({
    db: database.db,
    clock,
    poolStats: database.poolStats,
    processDefaults: Boolean(env.METRICS_TOKEN),
  });
  const app = await buildApp({ env, db: database.db, clock, metrics, logger: loggerOptions(env.LOG_LEVEL) });
  let reminderEngine: ReminderEngine | null = null;
  // One hook, in order: the reminder engine finishes its pass, then the database closes.
  app.addHook('onClose', async () => {
    await reminderEngine?.stop();
    await database.close();
  });

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    // Close the database before leaving, but never let a stuck close keep a failed start alive.
    setTimeout(() => process.exit(1), 3000).unref();
    await app.close().catch(() => {});
    throw new StartupError(describeListenError(env.PORT, env.HOST, error));
  }
  if (env.REMINDER_ENGINE) {
    reminderEngine = await startReminderEngine({ db: database.db, env, clock, log: app.log, metrics });
  }
  app.log.info(
    {
      origin: env.appOrigin,
      database: database.driver,
      signIn: env.oidcEnabled ? 'oidc' : 'local',
      reminders: env.REMINDER_ENGINE ? 'on' : 'off',
    },
    'DiaCare is ready',
  );
}

main().catch((error: unknown) => {
  // A known fault is one line for the operator; anything else keeps its stack for a bug report.
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
