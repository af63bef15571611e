#!/usr/bin/env node
// `npm test`'s first step: finds what the tests need outside npm (Chromium and its headless shell, pdftotext, the Noto
// fonts) and, when something is missing, installs it with apt-get as root or prints the one command.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** What the tests need, each with its Debian/Ubuntu package and how to tell it is there. */
const NEEDS = [
  {
    name: 'Chromium (Playwright journeys)',
    packages: () => ['chromium'],
    present: () => (process.env.CHROMIUM_PATH ? executable(process.env.CHROMIUM_PATH) : onPath('chromium')),
  },
  {
    // Most journeys run in it: the same Chromium with less work per page (decision 064).
    name: "Chromium's headless shell (Playwright journeys)",
    packages: () => ['chromium-headless-shell'],
    present: () =>
      process.env.CHROMIUM_HEADLESS_SHELL_PATH
        ? executable(process.env.CHROMIUM_HEADLESS_SHELL_PATH)
        : onPath('chromium-headless-shell'),
  },
  { name: 'pdftotext (doctor report test)', packages: () => ['poppler-utils'], present: () => onPath('pdftotext') },
  {
    name: 'Noto fonts with Devanagari (Hindi journeys, 200 % text)',
    // fc-list (fontconfig) is how the check finds the fonts; a bare system may lack it too.
    packages: () => (onPath('fc-list') ? ['fonts-noto-core'] : ['fontconfig', 'fonts-noto-core']),
    present: () => {
      if (!onPath('fc-list')) return false;
      const fonts = spawnSync('fc-list', [':', 'file'], { encoding: 'utf8' });
      return fonts.status === 0 && fonts.stdout.includes('NotoSansDevanagari');
    },
  },
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, command)));
}

/** The user id, or DIACARE_SETUP_UID when set (the test simulates root and non-root with it). */
const uid = () => Number(process.env.DIACARE_SETUP_UID ?? process.getuid?.() ?? -1);

const missing = NEEDS.filter((need) => !need.present());
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((need) => need.packages());
const command = `sudo sh -c 'apt-get update && apt-get install -y ${packages.join(' ')}'`;
console.error(`npm test needs: ${missing.map((need) => need.name).join('; ')}.`);
if (uid() !== 0 || !onPath('apt-get')) {
  console.error(`Run this once, then npm test again:\n  ${command}`);
  process.exit(1);
}
console.error(`Installing ${packages.join(' ')} with apt-get (running as root)…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', ...packages],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args[0]} failed (exit ${result.status}); run by hand:\n  ${command}`);
    process.exit(1);
  }
}
const still = NEEDS.filter((need) => !need.present());
if (still.length > 0) {
  console.error(`Still missing after apt-get: ${still.map((need) => need.name).join('; ')}.`);
  process.exit(1);
}
console.error('Installed.');
