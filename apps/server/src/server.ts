/**
 * Entry point: reads the environment, opens the database, listens, and shuts down cleanly
 * on SIGTERM/SIGINT within SHUTDOWN_DEADLINE_MS (decision 042).
 */
import { buildApp, loggerOptions } from './app.ts';
import { parseEnv } from './config/env.ts';
import { assertPortFree, describeListenError, StartupError } from './config/startup.ts';
import { openDatabase } from './db/client.ts';
import { createBackupJob, startBackupSchedule, type BackupSchedule } from './workers/backups.ts';
import { createMetrics } from './modules/ops/metrics.ts';
import { stdoutLogDestination } from './lib/log-destination.ts';
import { startWorkers, type Workers } from './workers/index.ts';

/** Shutdown must be over by then (orchestrators send SIGKILL after 10 s by default). */
const SHUTDOWN_DEADLINE_MS = 9500;
/** The workers' sends in flight may take this long before the database closes anyway. */
const ENGINE_STOP_MAX_MS = 7000;

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
  // Log lines go out in blocks (decision 105); warnings and errors at once.
  const log = stdoutLogDestination();
  const app = await buildApp({
    env,
    db: database.db,
    clock,
    metrics,
    logger: { ...loggerOptions(env.LOG_LEVEL), stream: log.stream, hooks: log.hooks },
  });
  let workers: Workers | null = null;
  let backups: BackupSchedule | null = null;
  let workersStopped: Promise<void> | null = null;
  /**
   * The workers send nothing more, records the sends in flight and releases its other claims
   * (bounded: a send still in flight after ENGINE_STOP_MAX_MS keeps its claim until the lease
   * ends, so it is neither lost nor sent twice).
   */
  const stopWorkers = () =>
    (workersStopped ??= Promise.race([
      Promise.all([workers?.stop(), backups?.stop()]).then(() => {}),
      new Promise<void>((resolve) => setTimeout(resolve, ENGINE_STOP_MAX_MS).unref()),
    ]));
  // Runs once the HTTP server has closed (in-flight requests done): then the database closes.
  app.addHook('onClose', async () => {
    await stopWorkers();
    await database.close();
  });

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => {
        app.log.error('shutdown did not finish in time');
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      // New requests get 503 while in-flight ones finish; the workers stop meanwhile.
      void stopWorkers();
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
  const backupOptions = env.BACKUP_DIR
    ? {
        dir: env.BACKUP_DIR,
        everyMs: env.BACKUP_EVERY_HOURS * 3_600_000,
        keep: env.BACKUP_KEEP,
        database,
        databaseUrl: env.DATABASE_URL,
        log: app.log,
      }
    : null;
  if (env.REMINDER_ENGINE) {
    // The backups run on the workers' polling loop; without the engine, on a loop of their own.
    const backupJob = backupOptions ? createBackupJob(backupOptions) : null;
    workers = await startWorkers({
      db: database.db,
      env,
      clock,
      log: app.log,
      metrics,
      jobs: backupJob ? [backupJob.job] : [],
    });
    if (backupJob) backups = { runOnce: backupJob.runOnce, stop: backupJob.idle };
  } else if (backupOptions) {
    backups = startBackupSchedule(backupOptions);
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
  // Start-up's lines now, not with the first block of request lines.
  log.flush();
}

main().catch((error: unknown) => {
  // A known fault is one line for the operator; anything else keeps its stack for a bug report.
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
