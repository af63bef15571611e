import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite starts a WebAssembly PostgreSQL per test app: two workers fit 2 cores.
    maxWorkers: 2,
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
