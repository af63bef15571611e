// Page weight: gzip JavaScript that opening each route directly downloads (Vite's manifest), and its catalogs in
// English and Hindi; History's chart and the outbox have a column of their own. Budget: each route ≤ 120 KB; exit 1 if over.
// Usage: npm run bench:page-weight   (builds apps/web first)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const BUDGET_KB = 120;

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const gzipKb = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length / 1024;
// The entry imports React and the app (src/boot.tsx) once the shell is painted: part of every load.
const entry = collect('index.html');
for (const started of manifest['index.html'].dynamicImports ?? []) collect(started, entry);
const route = (name) => `src/app/routes/${name}.tsx`;
/** Every route of apps/web/src/app/router.tsx: its screen, and what it imports at first render. */
const screens = {
  '/': [route('landing')],
  '/profile-setup': [route('profile-setup')],
  '/home': [route('home')],
  '/medications': [route('medications')],
  '/medications/add': [route('medication-form')],
  '/reports': [route('reports')],
  '/reports/history/glucose': [route('history')],
  '/chat': [route('chat')],
  '/booking': [route('booking')],
  '/profile': [route('profile')],
  '/privacy-policy': [route('privacy-policy')],
  '/terms': [route('coming-soon')],
  '/no-such-page': [route('not-found')],
};

/** The catalog areas each route's page loads (router.tsx: `page(() => import('./routes/x'), [areas])`). */
const routerSource = readFileSync(new URL('../apps/web/src/app/router.tsx', import.meta.url), 'utf8');
const routeAreas = {};
for (const [, name, list] of routerSource.matchAll(
  /page\(\s*\(\) => import\('\.\/routes\/([\w-]+)'\),\s*\[([^\]]*)\]/g,
)) {
  routeAreas[route(name)] = ['common', 'layout', ...[...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1])];
}
/** The compiled catalog chunks of a route's areas in `language`. */
function catalogFiles(key, language) {
  const areas = routeAreas[key];
  if (!areas) throw new Error(`${key} has no catalog areas in router.tsx: update bench/page-weight.mjs`);
  return areas.map((area) => {
    const chunk = manifest[`src/locales/${language}/${area}.json?lingui`];
    if (!chunk) throw new Error(`the ${language}/${area} catalog is not in the build manifest`);
    return chunk.file;
  });
}

/**
 * What a route imports after its text is painted: History's lazy TrendChart (history-view.tsx)
 * and, on every signed-in route, the write outbox (lib/offline/lazy-outbox.ts, loaded once the
 * first screen has rendered).
 */
const OUTBOX = 'src/lib/offline/outbox.ts';
const afterPaint = Object.fromEntries(
  Object.keys(screens)
    .filter((path) => !['/', '/no-such-page'].includes(path))
    .map((path) => [path, [OUTBOX]]),
);
afterPaint['/reports/history/glucose'].unshift('src/features/health/components/trend-chart.tsx');

const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gzipKb(f), 0);
console.log(`entry (index.html, its imports, React and boot): ${sum(entry).toFixed(1)} KB JS gzip\n`);
console.log(
  'route opened directly         JS gzip KB  en / hi catalogs   budget   +after paint   largest chunks beyond the entry',
);
let over = 0;
for (const [path, keys] of Object.entries(screens)) {
  const files = new Set(entry);
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest: update bench/page-weight.mjs`);
    collect(key, files);
  }
  const withCatalog = (language) => {
    const all = new Set(files);
    for (const key of keys) for (const file of catalogFiles(key, language)) all.add(file);
    return sum(all);
  };
  const [en, hi] = [withCatalog('en'), withCatalog('hi')];
  const total = Math.max(en, hi);
  if (total > BUDGET_KB) over += 1;
  const beyond = [...files]
    .filter((f) => f.endsWith('.js') && !entry.has(f))
    .map((f) => [f.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''), gzipKb(f)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, kb]) => `${name} ${kb.toFixed(1)}`)
    .join(', ');
  const flag = total <= BUDGET_KB ? 'ok  ' : 'OVER';
  const later = new Set(files);
  for (const key of afterPaint[path] ?? []) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest: update bench/page-weight.mjs`);
    collect(key, later);
  }
  const laterKb = sum(later) - sum(files);
  const laterText = laterKb > 0 ? `+${laterKb.toFixed(1)} = ${(total + laterKb).toFixed(1)}` : '';
  const catalogs = `${en.toFixed(1)} / ${hi.toFixed(1)}`;
  console.log(
    `${path.padEnd(30)}${sum(files).toFixed(1).padStart(10)}  ${catalogs.padStart(15)}   ${flag}     ${laterText.padEnd(15)}${beyond}`,
  );
}

// History: the route's chunks plus the chart it imports dynamically, minus what /home loaded.
const home = collect(screens['/home'][0], new Set(entry));
const history = new Set();
for (const key of [...screens['/reports/history/glucose'], ...afterPaint['/reports/history/glucose']].filter(
  (key) => key !== OUTBOX,
)) {
  collect(key, history);
}
const extra = [...history].filter((f) => !home.has(f));
const css = extra.flatMap((f) => Object.values(manifest).find((c) => c.file === f)?.css ?? []);
const sumAll = (files) => files.reduce((total, f) => total + gzipKb(f), 0);
console.log(
  `\n/reports/history/glucose after /home: ${sumAll(extra.filter((f) => f.endsWith('.js'))).toFixed(1)} KB JS gzip ` +
    `(${extra.filter((f) => f.endsWith('.js')).length} chunks), ${sumAll([...new Set(css)]).toFixed(1)} KB CSS gzip`,
);
for (const f of extra.filter((f) => f.endsWith('.js')))
  console.log(`  ${f.padEnd(48)}${gzipKb(f).toFixed(1).padStart(6)} KB`);

if (over > 0) {
  console.log(`\n${over} route(s) over the ${BUDGET_KB} KB budget`);
  process.exitCode = 1;
}
