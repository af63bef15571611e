/**
 * Vitest globalSetup for the server project: migrates one in-memory PGlite and writes its
 * data directory as a tarball, named in DIACARE_TEST_PGLITE_TEMPLATE for the forked workers.
 * A test database then starts from it in about 0.7 s instead of 3 s of initdb (decision 055).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/client.ts';

export const TEMPLATE_VARIABLE = 'DIACARE_TEST_PGLITE_TEMPLATE';

export default async function setup(): Promise<() => void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const tarball = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'diacare-pglite-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  process.env[TEMPLATE_VARIABLE] = file;
  return () => {
    delete process.env[TEMPLATE_VARIABLE];
    rmSync(dir, { recursive: true, force: true });
  };
}
