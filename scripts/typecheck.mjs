/**
 * Type-checks every workspace with TypeScript 7, the native compiler (`typescript-native`, the
 * `typescript@7` package under another name): the same checks as `tsc` 5.9 in a third of the
 * time. `typescript` 5.9 stays installed for the tools that use its JavaScript API (the ESLint
 * parser), which TypeScript 7 does not offer (decision 106). Exits with the first failing code.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url)
  .resolve('typescript-native/package.json')
  .replace(/package\.json$/, 'bin/tsc');
for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e']) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
