/**
 * The layer rules of eslint.config.js still forbid what they say (flat config replaces, not
 * merges, a rule's options per block, so a new block can silently drop a zone): small snippets
 * linted through ESLint's API at paths inside each zone.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (relative to the repo). */
async function rulesBroken(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the lint zones', { timeout: 60_000 }, () => {
  it('a feature imports neither src/app, another feature, nor server code', async () => {
    const feature = 'apps/web/src/features/health/utils/zone-fixture.ts';
    expect(
      await rulesBroken(feature, "export { Component } from '../../../app/routes/care-patient-reports';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken(feature, "export { getPatientsQueryOptions } from '../../care/api/care';\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      await rulesBroken(feature, "export type { AppDeps } from '../../../../../../apps/server/src/types.ts';\n"),
    ).toContain('no-restricted-imports');
  });

  it('web code outside features never imports server code; lib/ never imports a feature', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/lib/zone-fixture.ts',
        "export type { AppDeps } from '../../../../apps/server/src/types.ts';\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await rulesBroken(
        'apps/web/src/lib/zone-fixture.ts',
        "export { overallAdherence } from '../features/health/utils/readings';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('a server plugin imports no module, and a module no worker', async () => {
    expect(
      await rulesBroken(
        'apps/server/src/plugins/zone-fixture.ts',
        "export { sessionUserLookup } from '../modules/auth/session-user.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken(
        'apps/server/src/modules/push/zone-fixture.ts',
        "export { createPollingLoop } from '../../workers/polling-loop.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('src/app may compose features (the zones forbid only what they name)', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/app/zone-fixture.ts',
        "export { overallAdherence } from '../features/health/utils/readings';\n",
      ),
    ).toEqual([]);
  });
});
