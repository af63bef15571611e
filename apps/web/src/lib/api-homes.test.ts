/**
 * One web home per API path (decision 103): every `/api/…` path the app calls is written
 * in one module, which owns its queries, mutations and keys; other modules import from it. Reads
 * the real sources, comments left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Code the service worker bundles: it calls with fetch and cannot load the app's API modules
 * (they register outbox appliers and load the app's texts), so its few paths are its own.
 */
const SERVICE_WORKER_CODE = (path: string) => path.startsWith('sw/') || path === 'lib/offline/outbox-replay.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The `/api/…` paths a source writes as string or template literals, `${…}` as `{}`, no query. */
function apiPaths(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const paths = new Set<string>();
  for (const match of code.matchAll(/(['"`])(\/api\/[^'"`\s]*)\1/g)) {
    paths.add(match[2]!.replace(/\$\{[^}]*\}/g, '{}').split('?')[0]!);
  }
  return paths;
}

/** Each path → the modules (relative to src/) that write it. */
function homes(): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const file of sourceFiles(SRC_DIR)) {
    const module = relative(SRC_DIR, file).replaceAll('\\', '/');
    if (SERVICE_WORKER_CODE(module)) continue;
    for (const path of apiPaths(readFileSync(file, 'utf8'))) byPath.set(path, [...(byPath.get(path) ?? []), module]);
  }
  return byPath;
}

describe('API paths', () => {
  it('finds the paths the app calls (the scan reads what it should)', () => {
    const found = homes();
    expect(found.get('/api/health/insulin')).toEqual(['lib/insulin-doses.ts']);
    expect(found.size).toBeGreaterThan(40);
  });

  it('each /api path is written in one web module', () => {
    const shared = [...homes()].filter(([, modules]) => modules.length > 1);
    expect(shared, 'paths written in more than one module').toEqual([]);
  });
});
