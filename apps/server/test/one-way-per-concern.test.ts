/**
 * The one-way-per-concern checks over the real sources (decisions 091–093, 103), in milliseconds: the rule map
 * of docs/architecture.md names files and functions that exist; SQL runs only in repositories and
 * db/; no setInterval outside the workers and the web app's timers; one Retry-After parser; the
 * fallback zone 'Asia/Kolkata' only in the contract (the schema's default reads DEFAULT_ZONE).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'dist-pseudo', 'coverage', '.git']);

/** Every file under `dir` (relative to the repository, '/' separated), build output left out. */
function filesUnder(dir: string): string[] {
  const absolute = join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const ALL = [...filesUnder('apps'), ...filesUnder('packages')];
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.includes('/test/');
/** Non-test TypeScript under the apps' and packages' src folders. */
const SOURCES = ALL.filter((path) => /\/src\/.*\.tsx?$/.test(path) && !isTest(path));

/** The table rows of architecture.md's 'Where each rule lives', as [module cell, tests cell]. */
function ruleMapRows(): [string, string][] {
  const doc = read('docs/architecture.md');
  const section = doc.split('## Where each rule lives')[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line) && !/^\|\s*Rule\s*\|/.test(line))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return [cells[2]!, cells[3]!];
    });
}

/** The files a rule map's name stands for: the path itself, or any file or folder whose path ends with it. */
function filesNamed(name: string): string[] {
  if (name.endsWith('/')) {
    const folder = name.slice(0, -1);
    return [
      ...new Set(
        ALL.map((path) => path.slice(0, path.lastIndexOf('/'))).filter(
          (dir) => dir === folder || dir.endsWith(`/${folder}`),
        ),
      ),
    ];
  }
  // A '*' in a name stands for any characters within one file name ('export-fhir*.test.ts').
  const pattern = new RegExp(`(^|/)${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
  return ALL.filter((path) => pattern.test(path));
}

describe('one way per concern (decision 103)', () => {
  it('the rule map names files that exist, and functions those files define', () => {
    const rows = ruleMapRows();
    expect(rows.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const cells of rows) {
      for (const cell of cells) {
        let files: string[] = [];
        for (const [, name] of cell.matchAll(/`([^`]+)`/g)) {
          if (/\.tsx?$|\/$/.test(name!)) {
            files = filesNamed(name!);
            if (files.length === 0) missing.push(name!);
          } else if (/^[A-Za-z_]\w*$/.test(name!)) {
            const defined = new RegExp(`\\b(function|const|let|class|type|interface)\\s+${name}\\b`);
            if (!files.some((file) => statSync(join(ROOT, file)).isFile() && defined.test(read(file)))) {
              missing.push(`${name} (in ${files.join(', ') || 'no file'})`);
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('SQL runs only in repositories and db/ (decision 093)', () => {
    const outside = SOURCES.filter(
      (path) =>
        path.startsWith('apps/server/src/') &&
        !path.endsWith('.repository.ts') &&
        !path.startsWith('apps/server/src/db/'),
    ).filter((path) => {
      const source = read(path);
      return (
        /^import \{[^}]*\} from 'drizzle-orm/m.test(source) ||
        /^import \{[^}]*\} from '[./]*db\/schema(\.ts|\/)/m.test(source) ||
        /\bsql`|\.execute\(/.test(source)
      );
    });
    expect(outside).toEqual([]);
  });

  it('setInterval only in the workers and the web app (its clocks, the service worker update check)', () => {
    const allowed = (path: string) =>
      path.startsWith('apps/server/src/workers/') ||
      path === 'apps/web/src/lib/use-now.ts' ||
      path === 'apps/web/src/boot.tsx';
    expect(SOURCES.filter((path) => !allowed(path) && /\bsetInterval\(/.test(read(path)))).toEqual([]);
  });

  it('one Retry-After parser (lib/retry.ts); every reader of the header goes through it (decision 092)', () => {
    const parsers = SOURCES.filter((path) => /function parseRetryAfter\b/.test(read(path)));
    expect(parsers).toEqual(['apps/server/src/lib/retry.ts']);
    const readers = SOURCES.filter((path) => /headers(\.get\(|\[)\s*['"]retry-after['"]/i.test(read(path)));
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.filter((path) => !/\bparseRetryAfter\(/.test(read(path)))).toEqual([]);
  });

  it("'Asia/Kolkata' is written only in the contract (DEFAULT_ZONE, decision 091)", () => {
    expect(
      SOURCES.filter((path) => !path.startsWith('packages/contract/src/') && read(path).includes('Asia/Kolkata')),
    ).toEqual([]);
  });
});
