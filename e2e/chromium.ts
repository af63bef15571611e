/**
 * Which Chromium the journeys run in (decision 064): Debian's headless shell for most, the full
 * browser for those needing what the shell lacks (notifications, Background Sync).
 */
import { existsSync } from 'node:fs';

/** The full browser: CHROMIUM_PATH, else Debian's chromium. */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
/** The same Chromium's headless shell (less work per page), or the full browser where it is missing. */
export const JOURNEY_CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;

/** Flags for either: containers have no sandbox and no GPU; no background traffic of its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
