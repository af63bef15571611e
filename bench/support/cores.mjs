/**
 * The page's renderers on the last core, everything else on the others, as on a phone where the
 * browser process and the server do not take the page's core. Linux only (taskset, /proc). Decision 069.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { statFields } from './proc.mjs';

// The machine's cores, not this process's: once pinned, its children see fewer.
const CORES = cpus().length;
/** The last core, kept for the page's renderers. */
export const RENDERER_CORE = CORES - 1;

/**
 * Moves every thread of `pid` (default: this process) onto the cores other than RENDERER_CORE;
 * processes it starts later (the server, Chromium) inherit that.
 * @throws Error on a machine with fewer than two cores, or without taskset
 */
export function keepOffRendererCore(pid = process.pid) {
  if (CORES < 2) throw new Error('A core for the renderer needs at least two cores (or pass --shared-cores)');
  const others = RENDERER_CORE === 1 ? '0' : `0-${RENDERER_CORE - 1}`;
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', others, String(pid)], { stdio: 'ignore' });
}

/**
 * The command line of process `pid` as one string ('' once it has exited). Chromium rewrites its
 * processes' titles, so their arguments read as one space-separated string.
 */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The parent process id of `pid` (undefined once it has exited). */
function parentPid(pid) {
  try {
    return Number(statFields(pid)[1]);
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a child, grandchild, … of `ancestor` (the launcher may be a shell script). */
function descendsFrom(pid, ancestor) {
  for (let parent = parentPid(pid); parent !== undefined && parent > 1; parent = parentPid(parent)) {
    if (parent === ancestor) return true;
  }
  return false;
}

/**
 * Puts Chromium `browserPid`'s renderers onto RENDERER_CORE: those running (the spare one a
 * navigation may take) and, through their zygote (the one without --no-zygote-sandbox, which forks
 * every renderer), those it starts later. Call it right after launch, before the page opens.
 * @returns {number[]} the pids moved
 * @throws Error when the browser has no such zygote
 */
export function pinRenderersToTheirCore(browserPid) {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => descendsFrom(pid, browserPid))
    .map((pid) => ({ pid, args: commandLine(pid) }));
  const zygotes = children.filter(
    ({ args }) => args.includes('--type=zygote') && !args.includes('--no-zygote-sandbox'),
  );
  if (zygotes.length === 0) throw new Error(`Chromium ${browserPid} has no renderer zygote to pin`);
  const moved = [...zygotes, ...children.filter(({ args }) => args.includes('--type=renderer'))].map(({ pid }) => pid);
  for (const pid of moved) {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(RENDERER_CORE), String(pid)], {
      stdio: 'ignore',
    });
  }
  return moved;
}
