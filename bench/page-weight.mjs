// Page weight: gzip bytes of the JavaScript the first load of each screen downloads,
// following Vite's manifest from index.html through each route's lazy chunk and its
// static imports. Budget (design.md): / and /home ≤ 120 KB gzip.
// Also: the extra JavaScript and CSS that opening a history page costs after /home (the
// history route, its chart loaded by dynamic import, and their CSS).
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
const entry = collect('index.html');
const screens = {
  '/': 'src/app/routes/landing.tsx',
  '/home': 'src/app/routes/home.tsx',
  '/medications': 'src/app/routes/medications.tsx',
  '/reports': 'src/app/routes/reports.tsx',
  '/reports/history/glucose': 'src/app/routes/history.tsx',
  '/profile-setup': 'src/app/routes/profile-setup.tsx',
};

console.log('screen                        JS gzip KB   budget');
for (const [path, route] of Object.entries(screens)) {
  const files = collect(route, new Set(entry));
  const total = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
  const budget = path === '/' || path === '/home' ? `${BUDGET_KB} ${total <= BUDGET_KB ? 'ok' : 'OVER'}` : '-';
  console.log(`${path.padEnd(30)}${total.toFixed(1).padStart(10)}   ${budget}`);
}

// History: the route's chunks plus the chart it imports dynamically, minus what /home loaded.
const home = collect(screens['/home'], new Set(entry));
const history = collect('src/features/health/components/trend-chart.tsx', collect(screens['/reports/history/glucose']));
const extra = [...history].filter((f) => !home.has(f));
const css = extra.flatMap((f) => Object.values(manifest).find((c) => c.file === f)?.css ?? []);
const sum = (files) => files.reduce((total, f) => total + gzipKb(f), 0);
console.log(
  `\n/reports/history/glucose after /home: ${sum(extra.filter((f) => f.endsWith('.js'))).toFixed(1)} KB JS gzip ` +
    `(${extra.filter((f) => f.endsWith('.js')).length} chunks), ${sum([...new Set(css)]).toFixed(1)} KB CSS gzip`,
);
for (const f of extra.filter((f) => f.endsWith('.js')))
  console.log(`  ${f.padEnd(48)}${gzipKb(f).toFixed(1).padStart(6)} KB`);
