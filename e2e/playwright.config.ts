/**
 * End-to-end tests in Debian's Chromium (browser downloads do not work here) against the
 * real built server on a new PostgreSQL database when TEST_DATABASE_URL is set (CI), else on a
 * fresh temporary PGlite data directory (database.ts, decision 106). Journeys run in Chromium's
 * headless shell; those that need the service worker's notifications or Background Sync run in
 * the full browser (decision 064).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, FULL_CHROMIUM, JOURNEY_CHROMIUM } from './chromium';
import { journeysDatabaseUrl } from './database';
import { SMTP_SINK_PORT } from './smtp-sink';

const PORT = Number(process.env.E2E_PORT ?? 3107);
const dataDir = mkdtempSync(join(tmpdir(), 'diacare-e2e-'));
const databaseUrl = journeysDatabaseUrl();

/** Journeys that show notifications or use Background Sync, which the headless shell lacks. */
const FULL_BROWSER_JOURNEYS = [
  'offline-background-sync.spec.ts',
  'offline-take.spec.ts',
  'push-install.spec.ts',
  'push-notifications.spec.ts',
  'push-repeat.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // An SMTP sink for the server's e-mail channel (smtp-sink.ts).
  globalSetup: './smtp-sink.ts',
  fullyParallel: false,
  // Three spec files at a time against one server: on 2 cores, while one browser waits on the
  // server or a timer the others render, and the cores stay busy (decision 058; E2E_WORKERS=1 runs
  // one at a time).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // toPass as every other assertion: without a bound of its own it retries until the test's timeout.
  expect: { timeout: 10_000, toPass: { timeout: 10_000 } },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    isMobile: false,
    hasTouch: true,
    deviceScaleFactor: 1,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // No service worker unless a file asks for it (offline and push journeys): installing one
    // precaches the whole app in every new context, and most journeys never go offline.
    serviceWorkers: 'block',
    // Journeys run with reduced motion (accessibility.spec.ts checks the motion itself): no
    // frames are spent on transitions. A trace is recorded on the retry of a failed test only,
    // since recording one for every test costs the browser a screencast throughout.
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // An action, a navigation or a wait for an event (a response, a download) fails after 30 s,
    // not at the test's timeout (decision 113).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  // The full browser's journeys are the longest files: listed first, they start first.
  projects: [
    {
      name: 'full-browser',
      testMatch: FULL_BROWSER_JOURNEYS,
      use: { launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } },
    },
    {
      name: 'headless-shell',
      testIgnore: FULL_BROWSER_JOURNEYS,
      use: { launchOptions: { executablePath: JOURNEY_CHROMIUM, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: 'node ../apps/server/dist/server.js',
    url: `http://localhost:${PORT}/auth/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The Nightscout import journey reads a stand-in on 127.0.0.1 (decision 053).
      NIGHTSCOUT_ALLOW_PRIVATE: 'true',
      // E-mail configured, to the journeys' SMTP sink, so its switches can be used and mail is
      // delivered; WhatsApp stays unconfigured, shown as unavailable (decision 050).
      SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
      MAIL_FROM: 'DiaCare <reminders@diacare.example>',
    },
  },
});
