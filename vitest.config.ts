import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The server files that take 10 s or more (servers spawned and killed, backups, many
 * databases), longest first. A clean clone has no timings from an earlier run, so Vitest would
 * order files by size and one of these could start last, with the other worker idle meanwhile.
 */
const SLOW_FIRST = [
  'test/backup.test.ts',
  'test/shutdown.test.ts',
  'test/durability.test.ts',
  'test/idempotency-concurrency.test.ts',
  'test/embedded-database.test.ts',
  'test/reminder-horizon.test.ts',
  'test/startup-faults.test.ts',
  'test/bundle-dependencies.test.ts',
];

/** Vitest's order (earlier timings, else size), with SLOW_FIRST's files ahead of the rest. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((path) => file.moduleId.endsWith(`/apps/server/${path}`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Array sort is stable: files of one rank keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // PGlite starts a WebAssembly PostgreSQL per test app: two workers fit 2 cores.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Before workers fork: the local push service's certificate and NODE_EXTRA_CA_CERTS, and
          // the migrated PGlite template every test database starts from.
          globalSetup: ['test/support/push-tls.global-setup.ts', 'test/support/pglite-template.global-setup.ts'],
          // A worker imports the server once for all its files (decision 055).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], passWithNoTests: true } },
    ],
  },
});
