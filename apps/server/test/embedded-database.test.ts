/**
 * The embedded database (PGlite) runs with a 16 MB buffer cache instead of
 * PostgreSQL's 128 MB (PGlite touches all of it at start), and a new DATA_DIR is created in a
 * child process, then opened and migrated like an existing one. Idle memory itself is measured
 * by bench/memory, not here.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

const scratch = mkdtempSync(join(tmpdir(), 'diacare-embedded-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function setting(database: Awaited<ReturnType<typeof openDatabase>>, name: string): Promise<string> {
  const result = await database.db.execute<{ setting: string }>(sql`SELECT current_setting(${name}) AS setting`);
  return (result as unknown as { rows: { setting: string }[] }).rows[0]!.setting;
}

describe('embedded database (PGlite)', () => {
  it('runs with a 16 MB buffer cache', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await setting(database, 'shared_buffers')).toBe('16MB');
    } finally {
      await database.close();
    }
  });

  it('creates a new DATA_DIR, migrates it, and opens it again with what was written', async () => {
    const dataDir = join(scratch, 'new', 'data');
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`CREATE TABLE kept (note text)`);
    await first.db.execute(sql`INSERT INTO kept VALUES ('still here')`);
    expect(await setting(first, 'shared_buffers')).toBe('16MB');
    await first.close();
    expect(readdirSync(dataDir)).toContain('PG_VERSION');

    const again = await openDatabase({ dataDir });
    try {
      const result = await again.db.execute<{ note: string }>(sql`SELECT note FROM kept`);
      expect((result as unknown as { rows: { note: string }[] }).rows).toEqual([{ note: 'still here' }]);
      const migrations = await again.db.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
      );
      expect((migrations as unknown as { rows: { count: number }[] }).rows[0]!.count).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  });
});
