/**
 * Every npm package the server bundle loads at run time is one of apps/server's
 * `dependencies`, so an install without dev dependencies (`npm ci --omit=dev`) serves (once
 * csv-parse was a devDependency and sensor imports broke). The real bundle is built
 * (apps/server/build.mjs keeps npm packages external), its imports — static, dynamic and
 * require.resolve — are read and checked; then it is started beside a node_modules that holds
 * only those dependencies, as the pruned install would, imports a sensor file and answers an
 * assistant question (its learned weights are read from beside the bundle, decision 109).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, freePort, signInOverHttp, startServer } from './support/server-process.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = join(serverDir, '../..');
const manifest = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/**
 * The module specifiers `bundle` (esbuild's ESM output) loads at run time: `import … from "x"`,
 * `import "x"`, `import("x")`, `require("x")` and `require.resolve("x")`; node: built-ins and relative paths left out.
 */
function bundleImports(bundle: string): string[] {
  const patterns = [
    /^import\s[^;]*?\bfrom\s*"([^"]+)";/gm,
    /^import\s*"([^"]+)";/gm,
    /\bimport\(\s*"([^"]+)"\s*\)/g,
    /\.resolve\(\s*"([^"]+)"\s*\)/g,
    // A library loaded on first use through createRequire (esbuild renames it require2, require3, …).
    /\brequire\d*\(\s*"([^"]+)"\s*\)/g,
  ];
  const specifiers = new Set<string>();
  for (const pattern of patterns) for (const match of bundle.matchAll(pattern)) specifiers.add(match[1]!);
  return [...specifiers].filter((specifier) => !/^(node:|\.|\/)/.test(specifier)).sort();
}

/** The npm package a specifier names: '@scope/name' or 'name' ('drizzle-orm/pg-core' → 'drizzle-orm'). */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** A one-reading LibreView export (24-hour, day-first) of yesterday, whatever today is. */
function libreViewFile(): string {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = yesterday.split('-');
  const header =
    'Device,Serial Number,Device Timestamp,Record Type,Historic Glucose mg/dL,Scan Glucose mg/dL,Strip Glucose mg/dL';
  return [
    'Glucose Data,Generated on',
    header,
    `FreeStyle LibreLink,PRUNE-1,${day}-${month}-${year} 08:00,0,112,,`,
  ].join('\r\n');
}

describe('the server bundle and its dependencies', () => {
  let bundle: ReturnType<typeof buildServerBundle>;
  let imports: string[];
  beforeAll(() => {
    bundle = buildServerBundle(`bundle-dependencies-test-${process.pid}`);
    imports = bundleImports(readFileSync(bundle.path, 'utf8'));
  });
  afterAll(() => bundle?.remove());

  it('loads at run time only packages listed in dependencies', () => {
    const packages = [...new Set(imports.map(packageOf))];
    // The reader sees the bundle's imports (csv-parse among them), so an empty answer cannot pass.
    expect(packages).toEqual(expect.arrayContaining(['csv-parse', 'fastify', 'drizzle-orm', '@fontsource/noto-sans']));
    expect(packages.filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });

  it('starts and imports a sensor file beside a node_modules of dependencies only (as npm ci --omit=dev)', async () => {
    const pruned = mkdtempSync(join(tmpdir(), 'diacare-pruned-'));
    try {
      // The layout the bundle expects: apps/server/dist/server.js, ../drizzle, ./articles,
      // ./intent-weights.json.
      const dist = join(pruned, 'apps/server/dist');
      mkdirSync(dist, { recursive: true });
      cpSync(bundle.path, join(dist, 'server.js'));
      cpSync(join(serverDir, 'dist/articles'), join(dist, 'articles'), { recursive: true });
      cpSync(join(serverDir, 'dist/intent-weights.json'), join(dist, 'intent-weights.json'));
      symlinkSync(join(serverDir, 'drizzle'), join(pruned, 'apps/server/drizzle'));
      for (const name of Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@diacare/'))) {
        const installed = [join(serverDir, 'node_modules', name), join(rootDir, 'node_modules', name)].find(existsSync);
        expect(installed, name).toBeDefined();
        const link = join(pruned, 'node_modules', name);
        mkdirSync(dirname(link), { recursive: true });
        symlinkSync(installed!, link);
      }
      const server = await startServer(join(dist, 'server.js'), {
        PORT: String(await freePort()),
        DATA_DIR: join(pruned, 'data'),
        AUTH_LOCAL_SIGNIN: 'true',
      });
      try {
        const cookie = await signInOverHttp(server.origin, {
          name: 'Prune Test',
          email: 'prune.test@example.com',
          timezone: 'Asia/Kolkata',
        });
        const preview = await fetch(`${server.origin}/api/imports`, {
          method: 'POST',
          headers: { origin: server.origin, cookie, 'content-type': 'text/csv' },
          body: libreViewFile(),
        });
        expect(preview.status, await preview.clone().text()).toBe(201);
        expect(await preview.json()).toMatchObject({ format: 'libreview', readings: 1 });
        // The first question of the process reads the learned weights (decision 109).
        const answer = await fetch(`${server.origin}/api/assistant/messages`, {
          method: 'POST',
          headers: { origin: server.origin, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'What was my highest sugar this week?' }),
        });
        const events = (await answer.text())
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { type: string });
        expect(answer.status).toBe(200);
        expect(events.at(-1)?.type).toBe('done');
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      rmSync(pruned, { recursive: true, force: true });
    }
  });

  it('the reader sees static, bare, dynamic, require and require.resolve imports, and no built-in or relative one', () => {
    const sample = [
      'import { parse } from "csv-parse";',
      'import "reflect-metadata";',
      'import * as fs from "node:fs";',
      'import { pgTable } from "drizzle-orm/pg-core";',
      'const x = await import("esbuild");',
      'const font = require2.resolve("@fontsource/noto-sans/files/a.woff");',
      'PDFDocument ??= require3("pdfkit");',
      'const local = path.resolve("./knowledge");',
    ].join('\n');
    expect(bundleImports(sample).map(packageOf)).toEqual([
      '@fontsource/noto-sans',
      'csv-parse',
      'drizzle-orm',
      'esbuild',
      'pdfkit',
      'reflect-metadata',
    ]);
  });
});
