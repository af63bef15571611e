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
          // Writes the local push service's certificate and NODE_EXTRA_CA_CERTS before workers fork.
          globalSetup: ['test/support/push-tls.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], passWithNoTests: true } },
    ],
  },
});
