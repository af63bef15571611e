// /chat page weight: gzip JavaScript that opening /chat downloads on top of the app shell (the lazy
// chat chunk and its static imports). Budget: ≤ 25 KB gzip.
// Usage: npm run bench:chat-weight   (builds apps/web first)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 25;
const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

/** Files of `key` and its static imports, not descending into chunks already in `files`. */
function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const gzipKb = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length / 1024;
const shell = collect('index.html');
const extra = [...collect('src/app/routes/chat.tsx', new Set(shell))].filter((f) => !shell.has(f) && f.endsWith('.js'));
const shellKb = [...shell].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
const extraKb = extra.reduce((sum, f) => sum + gzipKb(f), 0);

console.log(`shell JS gzip: ${shellKb.toFixed(1)} KB`);
console.log(
  `/chat adds:    ${extraKb.toFixed(1)} KB JS gzip over the shell (${extra.length} chunks), ` +
    `budget ${BUDGET_KB} KB: ${extraKb <= BUDGET_KB ? 'ok' : 'OVER'}`,
);
for (const f of extra) console.log(`  ${f.padEnd(48)}${gzipKb(f).toFixed(1).padStart(6)} KB`);
if (extraKb > BUDGET_KB) process.exitCode = 1;
