import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite starts a WebAssembly PostgreSQL per app: two files at a time fit 2 cores.
          maxWorkers: 2,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
    ],
  },
});
