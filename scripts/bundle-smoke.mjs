/**
 * The built server bundle (apps/server/dist/server.js) on the Node that runs this script: start
 * it on a new embedded database, sign in, save a glucose reading, fetch the app's page, stop it
 * with SIGTERM (exit 0 expected), start it again on the same data, read the reading back and
 * download both streamed exports (the ZIP of CSV files and the FHIR Bundle) holding it.
 * `.ci/run` runs it on Node 24 after `npm test` has built the bundle (decision 058).
 * Usage: node scripts/bundle-smoke.mjs. Exits 1 with the reason on the first failed step.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, signIn, startServer } from '../bench/support/server.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'diacare-bundle-smoke-'));
const env = { DATA_DIR: dataDir, REMINDER_ENGINE: 'false', LOG_LEVEL: 'warn' };
const reading = { value: 123, meal_context: 'Fasting', date: '2026-11-20', time: '07:30' };

/** Throws `message` unless `condition` holds. */
function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Stops `server` with SIGTERM; throws unless it exits with code 0. */
async function stopCleanly(server) {
  await server.stop();
  check(server.child.exitCode === 0, `SIGTERM: exit ${server.child.exitCode ?? server.child.signalCode}, not 0`);
}

try {
  const first = await startServer({ env });
  const cookie = await signIn(first.origin, { email: 'bundle.smoke@example.com' });
  const send = apiClient(first.origin, cookie);
  check((await fetch(`${first.origin}/healthz`)).status === 200, '/healthz did not answer 200');
  check((await fetch(`${first.origin}/readyz`)).status === 200, '/readyz did not answer 200');
  const page = await fetch(`${first.origin}/home`);
  check(page.status === 200 && (await page.text()).includes('id="root"'), '/home did not serve the app');
  await send('POST', '/api/health/glucose', reading);
  await stopCleanly(first);

  const second = await startServer({ env });
  const again = apiClient(second.origin, await signIn(second.origin, { email: 'bundle.smoke@example.com' }));
  const saved = await (await again('GET', '/api/health/glucose')).json();
  check(
    saved.length === 1 && saved[0].value === reading.value,
    `after a restart: ${JSON.stringify(saved)}, not the one reading`,
  );
  const zip = await again('GET', '/api/export/csv');
  const zipBytes = new Uint8Array(await zip.arrayBuffer());
  // A ZIP starts with its first local file header, PK\x03\x04.
  check(
    zip.status === 200 && zipBytes[0] === 0x50 && zipBytes[1] === 0x4b && zipBytes[2] === 3,
    'the CSV export is not a ZIP',
  );
  const fhir = await again('GET', '/api/export/fhir');
  const bundle = await fhir.json();
  check(
    fhir.status === 200 &&
      bundle.resourceType === 'Bundle' &&
      bundle.entry.some((entry) => entry.resource.valueQuantity?.value === reading.value),
    'the FHIR export is not a Bundle holding the reading',
  );
  await stopCleanly(second);
  console.log(
    `Node ${process.version}: the bundle started (${first.startSeconds.toFixed(1)} s), served, stopped with ` +
      'exit 0, kept a reading across a restart and streamed both exports',
  );
} catch (error) {
  console.error(`bundle smoke on Node ${process.version}: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
