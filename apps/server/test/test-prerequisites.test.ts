/**
 * `npm test` on a fresh machine (scripts/test-prerequisites.mjs). What is
 * missing is simulated with a PATH of fake commands and DIACARE_SETUP_UID; apt-get is a fake
 * that records its arguments and "installs" fake binaries, so nothing is really installed.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/test-prerequisites.mjs', import.meta.url));
const FONT_LIST = '#!/bin/sh\necho "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf: "\n';
const TOOL = '#!/bin/sh\nexit 0\n';
const CHROMIUM = { chromium: TOOL, 'chromium-headless-shell': TOOL };

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A directory for PATH holding `files` (name → shell script), and the apt-get log path. */
function fakeBin(files: Record<string, string>): { bin: string; log: string } {
  const bin = mkdtempSync(join(tmpdir(), 'diacare-prereq-'));
  dirs.push(bin);
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(bin, name), text);
    chmodSync(join(bin, name), 0o755);
  }
  return { bin, log: join(bin, 'apt-get.log') };
}

/** A fake apt-get: logs its arguments; `install` creates the four commands (or fails with `exit`). */
function fakeAptGet(log: string, bin: string, exit = 0): string {
  const create = (name: string, text: string) =>
    `printf '%s' '${text}' > ${bin}/${name}; /bin/chmod 755 ${bin}/${name}`;
  return [
    '#!/bin/sh',
    `echo "$@" >> ${log}`,
    `[ ${exit} -ne 0 ] && [ "$1" = install ] && exit ${exit}`,
    'if [ "$1" = install ]; then',
    create('chromium', TOOL),
    create('chromium-headless-shell', TOOL),
    create('pdftotext', TOOL),
    create('fc-list', FONT_LIST),
    'fi',
    'exit 0',
  ].join('\n');
}

function run(bin: string, uid: number) {
  const result = spawnSync(process.execPath, [SCRIPT], {
    env: { PATH: bin, DIACARE_SETUP_UID: String(uid) },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr };
}

describe('npm test prerequisites', () => {
  it('all present: passes silently', () => {
    const { bin } = fakeBin({ ...CHROMIUM, pdftotext: TOOL, 'fc-list': FONT_LIST });
    expect(run(bin, 1000)).toEqual({ status: 0, stderr: '' });
  });

  it('not root, everything missing: stops at once with the one command naming the four packages', () => {
    const { bin, log } = fakeBin({});
    writeFileSync(join(bin, 'apt-get'), fakeAptGet(log, bin));
    chmodSync(join(bin, 'apt-get'), 0o755);
    const result = run(bin, 1000);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "sudo sh -c 'apt-get update && apt-get install -y chromium chromium-headless-shell poppler-utils fontconfig fonts-noto-core'",
    );
    expect(() => readFileSync(log)).toThrow(); // apt-get never ran
  });

  it('not root, only Chromium missing: the command names only chromium', () => {
    const { bin } = fakeBin({ 'chromium-headless-shell': TOOL, pdftotext: TOOL, 'fc-list': FONT_LIST });
    const result = run(bin, 1000);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("apt-get install -y chromium'");
    expect(result.stderr).not.toContain('poppler-utils');
  });

  it('not root, only the headless shell missing: the command names only chromium-headless-shell', () => {
    const { bin } = fakeBin({ chromium: TOOL, pdftotext: TOOL, 'fc-list': FONT_LIST });
    const result = run(bin, 1000);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("apt-get install -y chromium-headless-shell'");
  });

  it('fonts without Devanagari count as missing', () => {
    const { bin } = fakeBin({ ...CHROMIUM, pdftotext: TOOL, 'fc-list': '#!/bin/sh\necho "/x/DejaVuSans.ttf: "\n' });
    const result = run(bin, 1000);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("apt-get install -y fonts-noto-core'");
  });

  it('as root: installs what is missing with apt-get, then passes', () => {
    const { bin, log } = fakeBin({ pdftotext: TOOL });
    writeFileSync(join(bin, 'apt-get'), fakeAptGet(log, bin));
    chmodSync(join(bin, 'apt-get'), 0o755);
    const result = run(bin, 0);
    expect(result.status).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'update -qq',
      'install -y -qq chromium chromium-headless-shell fontconfig fonts-noto-core',
    ]);
  });

  it('as root, apt-get fails: exit 1 with the command to run by hand', () => {
    const { bin, log } = fakeBin({});
    writeFileSync(join(bin, 'apt-get'), fakeAptGet(log, bin, 100));
    chmodSync(join(bin, 'apt-get'), 0o755);
    const result = run(bin, 0);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('apt-get install failed (exit 100)');
  });
});
