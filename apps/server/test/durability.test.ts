/**
 * Durability under `kill -9`: the real server bundle is killed mid-stream of glucose writes and
 * restarted on the same data; every reading it acknowledged (201) is there afterwards.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDataDir, createPostgresDatabase, SQL_DRIVERS } from './helpers.ts';
import {
  buildServerBundle,
  freePort,
  signInOverHttp,
  startServer,
  type RunningServer,
} from './support/server-process.ts';

/** Writes stop at the kill: after this long, or once this many were acknowledged. */
const STREAM_MS = 2500;
const STREAM_MAX_ACKS = 400;
/** Concurrent writers (keeps several writes in flight when the process dies). */
const WRITERS = 4;
/** Readings per calendar day, under the list route's limit of 1000. */
const PER_DAY = 200;
const FIRST_DAY = Date.UTC(2026, 0, 1);

let bundle: ReturnType<typeof buildServerBundle>;
beforeAll(() => {
  bundle = buildServerBundle(`server-durability-test-${process.pid}`);
});
afterAll(() => bundle?.remove());

function dayOf(index: number): string {
  return new Date(FIRST_DAY + Math.floor(index / PER_DAY) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Posts readings from `WRITERS` loops until the process dies; returns the ids the server
 * acknowledged, by reading index, and whether the kill came while writes were in flight.
 */
async function writeUntilKilled(server: RunningServer, cookie: string) {
  const acknowledged = new Map<number, string>();
  let next = 0;
  let killedAt = 0;
  /** Writes that got no answer because the process died: each may or may not have committed. */
  let unanswered = 0;
  const started = Date.now();
  const writer = async () => {
    for (;;) {
      const index = next++;
      try {
        const response = await fetch(`${server.origin}/api/health/glucose`, {
          method: 'POST',
          headers: { origin: server.origin, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            value: 60 + (index % 300),
            meal_context: 'Fasting',
            date: dayOf(index),
            time: '08:00',
          }),
        });
        if (response.status !== 201) throw new Error(`POST answered ${response.status}: ${await response.text()}`);
        acknowledged.set(index, ((await response.json()) as { id: string }).id);
      } catch (error) {
        if (!killedAt) throw error;
        unanswered += 1; // the connection died with the process: never acknowledged
        return;
      }
      if (!killedAt && (Date.now() - started >= STREAM_MS || acknowledged.size >= STREAM_MAX_ACKS)) {
        // The other writers' requests are on the wire at this moment.
        killedAt = Date.now();
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return { acknowledged, unanswered };
}

describe.each(SQL_DRIVERS)('kill -9 in the middle of a stream of writes (%s)', (driver) => {
  it('finds every acknowledged write after a restart', { timeout: 240_000 }, async () => {
    const postgres = driver === 'postgres' ? await createPostgresDatabase() : null;
    const dataDir = postgres ? null : await createPgliteDataDir('diacare-kill-');
    const env = {
      PORT: String(await freePort()),
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir! }),
    };
    let server: RunningServer | null = null;
    try {
      server = await startServer(bundle.path, env);
      const cookie = await signInOverHttp(server.origin, {
        name: 'Kill Test',
        email: 'kill.test@example.com',
        timezone: 'UTC',
      });
      const { acknowledged, unanswered } = await writeUntilKilled(server, cookie);
      expect(await server.exited).toBe('SIGKILL');
      expect(acknowledged.size).toBeGreaterThan(20);
      expect(unanswered).toBeGreaterThan(0);

      server = await startServer(bundle.path, env);
      const stored = new Set<string>();
      const days = new Set([...acknowledged.keys()].map(dayOf));
      for (const day of days) {
        const response = await fetch(
          `${server.origin}/api/health/glucose?start_date=${day}&end_date=${day}&limit=1000`,
          { headers: { cookie } },
        );
        expect(response.status).toBe(200);
        for (const reading of (await response.json()) as { id: string }[]) stored.add(reading.id);
      }
      const lost = [...acknowledged.values()].filter((id) => !stored.has(id));
      console.info(
        `kill -9 on ${driver}: ${acknowledged.size} acknowledged, ${unanswered} unanswered, ${stored.size} stored, ${lost.length} lost`,
      );
      expect(lost).toEqual([]);
      // Writes in flight at the kill may or may not have committed; nothing else may appear.
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.size);
      expect(stored.size).toBeLessThanOrEqual(acknowledged.size + unanswered);
    } finally {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  });
});
