// Where a cold load's main-thread time goes: each load of a route (signed in as a person with data:
// support/server.mjs signInWithReadings; a new browser context, no throttling) is traced, and the
// medians over the loads are printed: lazy compilation (V8.CompileCode, V8.ParseFunction,
// V8.PreParse), module evaluation, layout, the font look-ups layout made (count and ms), and the
// blocking time after the first paint with every task stretched 4× (Lighthouse's default CPU
// slowdown, without its simulation), the time inside those tasks that the main thread was not on a
// core (waiting for one, or blocked), the renderer process's CPU time in user space and in the
// kernel (/proc; the kernel's share is the machine's, not the app's), and the API server's CPU
// time during the load.
// Results: bench/README.md, "Compile hints" (decision 066), "Font look-ups of English screens"
// (decision 067) and "CPU time in the kernel".
// --new-browser starts a new Chromium per load, as Lighthouse does (the browser process's font
// matches are then cold too). Usage: npm run bench:main-thread [-- --route /home] [--loads 6]
// [--new-browser] [--tasks] [--server-same-priority]   (needs npm run build)
// The API server runs at the lowest CPU priority unless --server-same-priority (decision 068).
// --tasks also lists each load's main-thread tasks of 10 ms or more after the first paint, with
// their time on a core and what took longest inside them: the tasks Lighthouse's simulation keeps
// and stretches (shorter ones it drops), so the ones that make its Total Blocking Time.
import { parseArgs } from 'node:util';
import { launchChromium, signedInContext } from '../support/chromium.mjs';
import { OFF_PHONE_NICENESS, requireServerBuild, signInWithReadings, startServer } from '../support/server.mjs';
import { statFields } from '../support/proc.mjs';
import { median } from '../support/stats.mjs';

const { values: options } = parseArgs({
  options: {
    route: { type: 'string', default: '/home' },
    loads: { type: 'string', default: '6' },
    'new-browser': { type: 'boolean', default: false },
    tasks: { type: 'boolean', default: false },
    'server-same-priority': { type: 'boolean', default: false },
  },
});
const LOADS = Number(options.loads);
const CATEGORIES =
  'toplevel,devtools.timeline,v8,disabled-by-default-v8.compile,loading,fonts,disabled-by-default-fonts';
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const COMPILE = ['V8.CompileCode', 'V8.ParseFunction', 'V8.PreParse', 'V8.CollectSourcePositions', 'v8.evaluateModule'];

/** CPU time of process `pid` so far, { user, kernel } in ms (Linux /proc, clock ticks of 10 ms). */
function processCpu(pid) {
  const fields = statFields(pid);
  return { user: Number(fields[11]) * 10, kernel: Number(fields[12]) * 10 };
}

/**
 * One traced cold load of `url`: the trace's events, the renderer's CPU time (processCpu) and
 * `server`, the ms of CPU the server process `serverPid` spent from navigation to network idle.
 */
async function tracedLoad(context, url, serverPid) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  const serverBefore = processCpu(serverPid);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500); // idle work (dialogs' code, the outbox) runs in this time
  const serverAfter = processCpu(serverPid);
  await cdp.send('Tracing.end');
  await complete;
  // A new context's page has a renderer process of its own; the trace's pids are the system's.
  const renderer = events.findLast((event) => event.name === 'firstContentfulPaint').pid;
  const server = serverAfter.user + serverAfter.kernel - serverBefore.user - serverBefore.kernel;
  return { events, cpu: { ...processCpu(renderer), server } };
}

/** Main-thread events of one traced load (complete events only) and its first paint's event. */
function mainThreadOf(events) {
  const fcp = events.findLast((event) => event.name === 'firstContentfulPaint');
  const mainThread = events.find((event) => event.pid === fcp.pid && event.name === 'Layout').tid;
  return { fcp, main: events.filter((event) => event.pid === fcp.pid && event.tid === mainThread && event.ph === 'X') };
}

/** Lighthouse's simulation keeps a task of at least this many ms (shorter ones it prunes). */
const SIGNIFICANT_TASK_MS = 10;

/**
 * One line per main-thread task of SIGNIFICANT_TASK_MS or more that ends after the first paint:
 * its start after the first paint, its duration and its time on a core (cpu) in ms, and its three
 * longest inner events with the script they ran (file name only).
 */
function longTasks({ events }) {
  const { fcp, main } = mainThreadOf(events);
  const tasks = main.filter((event) => TASKS.has(event.name) && event.ts + event.dur > fcp.ts);
  return tasks
    .filter((task) => task.dur / 1000 >= SIGNIFICANT_TASK_MS)
    .map((task) => {
      const inner = main
        .filter((event) => !TASKS.has(event.name) && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur)
        .filter((event) => event.dur >= 1000)
        .sort((a, b) => b.dur - a.dur)
        .slice(0, 3)
        .map((event) => {
          const data = event.args?.data ?? {};
          const url = data.url ?? data.stackTrace?.[0]?.url ?? event.args?.fileName ?? '';
          const file = url ? ` ${url.split('/').pop()}${data.functionName ? `:${data.functionName}` : ''}` : '';
          return `${event.name}${file} ${(event.dur / 1000).toFixed(1)}`;
        });
      return `+${((task.ts - fcp.ts) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms (cpu ${((task.tdur ?? 0) / 1000).toFixed(1)})  [${inner.join('; ')}]`;
    });
}

/**
 * Milliseconds per measure for one load: main-thread totals, blocking time after FCP at 4×, and
 * the renderer's CPU time.
 */
function measure({ events, cpu }) {
  const { fcp, main } = mainThreadOf(events);
  const total = (name, after = 0) =>
    main.filter((event) => event.name === name && event.ts >= after).reduce((sum, event) => sum + event.dur / 1000, 0);
  const result = Object.fromEntries(COMPILE.map((name) => [name, total(name)]));
  result['Layout after FCP'] = total('Layout', fcp.ts);
  // Look-ups nest (a family's look-up may look up another): only the outermost are counted.
  const lookups = main.filter((event) => event.name === 'FontCache::GetFontPlatformData');
  const outermost = lookups.filter(
    (event, index) =>
      !lookups.some(
        (other, otherIndex) =>
          otherIndex < index && other.ts <= event.ts && event.ts + event.dur <= other.ts + other.dur,
      ),
  );
  result['font look-ups (count)'] = outermost.length;
  result['font look-ups'] = outermost.reduce((sum, event) => sum + event.dur / 1000, 0);
  // A local() name matched by the browser process (an @font-face of installed fonts).
  result['font matched by name'] = total('WebSandboxSupportLinux::MatchFontByPostscriptNameOrFullFontName');
  result['blocking after FCP at 4x'] = main
    .filter((event) => TASKS.has(event.name) && event.ts + event.dur > fcp.ts)
    .reduce((sum, task) => sum + Math.max(0, ((task.ts + task.dur - Math.max(task.ts, fcp.ts)) / 1000) * 4 - 50), 0);
  // A task's thread time (tdur) is its time on a core; the rest of its duration the main thread
  // waited: for a core (other processes), or blocked (a synchronous call, a page fault's I/O).
  result['not on a core in tasks after FCP'] = main
    .filter((event) => TASKS.has(event.name) && event.ts >= fcp.ts && event.tdur !== undefined)
    .reduce((sum, task) => sum + (task.dur - task.tdur) / 1000, 0);
  result['renderer CPU, user'] = cpu.user;
  result['renderer CPU, kernel'] = cpu.kernel;
  // The API server shares this machine's cores with the browser while it answers the screen.
  result['server CPU, this load'] = cpu.server;
  return result;
}

requireServerBuild();
const server = await startServer({
  tempDataDir: 'diacare-bench-main-thread-',
  niceness: options['server-same-priority'] ? 0 : OFF_PHONE_NICENESS,
});
let browser = await launchChromium();
try {
  const cookie = await signInWithReadings(server.origin);
  const loads = [];
  // The first load warms the server and the database and is not counted.
  for (let load = 0; load <= LOADS; load++) {
    if (options['new-browser'] && load > 0) {
      await browser.close();
      browser = await launchChromium();
    }
    const context = await signedInContext(browser, server.origin, cookie);
    const traced = await tracedLoad(context, server.origin + options.route, server.child.pid);
    await context.close();
    if (load === 0) continue;
    loads.push(measure(traced));
    if (options.tasks) console.log(`load ${load}:\n  ${longTasks(traced).join('\n  ')}`);
  }
  console.log(`${options.route}, ${LOADS} cold loads, main thread, median (min–max) ms:`);
  for (const name of Object.keys(loads[0])) {
    const values = loads.map((load) => load[name]);
    const range = `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
    console.log(`  ${name.padEnd(34)} ${median(values).toFixed(1).padStart(7)}  (${range})`);
  }
} finally {
  await browser.close();
  await server.stop();
}
