import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { parse as parsePattern } from 'regexparam';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { RUNTIME_MODULE_ID, type ChunkingContext } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { screenShell, type CatalogTexts } from './src/app/first-paint';

/** DiaCare's teal (index.css --color-primary) and the page background (slate-50). */
const THEME_COLOR = '#0d9488';
const BACKGROUND_COLOR = '#f8fafc';

/**
 * Changes with every build: the persisted query cache of another build is discarded
 * (src/lib/offline/persist.ts). BUILD_ID may pin it (e.g. a commit id).
 */
const BUILD_ID = process.env.BUILD_ID ?? Date.now().toString(36);

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const BOOT = fileURLToPath(new URL('./src/boot.tsx', import.meta.url));

/** Every module `from` imports statically, directly or through others (`from` included). */
function staticGraph(from: string, context: ChunkingContext): Set<string> {
  const found = new Set<string>();
  const pending = [from];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** Per build (a chunking pass has one context): what the entry and boot.tsx import statically. */
const startGraphs = new WeakMap<ChunkingContext, { entry: Set<string>; boot: Set<string> }>();
function startGraphsOf(context: ChunkingContext): { entry: Set<string>; boot: Set<string> } {
  let graphs = startGraphs.get(context);
  if (!graphs) {
    graphs = { entry: staticGraph(ENTRY, context), boot: staticGraph(BOOT, context) };
    startGraphs.set(context, graphs);
  }
  return graphs;
}

/**
 * 'boot' for every module boot.tsx imports statically that the entry does not (decision 057):
 * they all run before the first screen, and in one chunk they are one request instead of about
 * sixteen (a phone opens six connections at a time to a server on HTTP/1.1).
 */
function bootChunkName(moduleId: string, context: ChunkingContext): string | null {
  const { entry, boot } = startGraphsOf(context);
  return (boot.has(moduleId) && !entry.has(moduleId)) || moduleId === RUNTIME_MODULE_ID ? 'boot' : null;
}

/**
 * 'start-shared' for a module that both the entry and boot.tsx import statically: captured with
 * boot's imports, it would put boot in the entry's imports, to run before the first paint.
 */
function startSharedChunkName(moduleId: string, context: ChunkingContext): string | null {
  const { entry, boot } = startGraphsOf(context);
  return moduleId !== ENTRY && entry.has(moduleId) && boot.has(moduleId) ? 'start-shared' : null;
}

/**
 * Adds a modulepreload of the boot chunk and what it imports to index.html: main.tsx imports it
 * only after the first paint, and it should be downloading by then.
 */
function preloadBoot(): Plugin {
  return {
    name: 'diacare-preload-boot',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((item) => item.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.moduleIds.includes(BOOT));
        if (!boot) throw new Error('the build has no chunk for src/boot.tsx');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (entry?.imports.includes(boot.fileName)) {
          throw new Error('the entry imports the boot chunk: boot would run before the first paint (decision 057)');
        }
        const inHtml = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        return [...boot.imports.filter((file) => !inHtml.has(file)), boot.fileName].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const ROUTER = fileURLToPath(new URL('./src/app/router.tsx', import.meta.url));
/**
 * Loaded once a signed-in screen is shown, and needed by a write made offline right after it:
 * named on those screens' pages too, so it is in the browser before the network goes.
 */
const OUTBOX = fileURLToPath(new URL('./src/lib/offline/outbox.ts', import.meta.url));
const routeModule = (name: string) => fileURLToPath(new URL(`./src/app/routes/${name}.tsx`, import.meta.url));

/**
 * router.tsx's SCREENS, read from its source (as bench/page-weight.mjs reads it): each path, whether
 * anyone may open it, the name of its module in src/app/routes/, its constant and its catalog areas.
 * @throws when an entry does not have the shape read here, so a changed router fails the build
 */
function readScreens(
  source: string,
): Array<{ path: string; anyone: boolean; name: string; screen: string; areas: string[] }> {
  const modules = new Map<string, { name: string; areas: string[] }>();
  for (const [, constant, name, areas] of source.matchAll(
    /const (\w+) = page\(\s*\(\) => import\('\.\/routes\/([\w-]+)'\)[^[]*?,\s*\[([^\]]*)\],?\s*\);/g,
  )) {
    modules.set(constant!, { name: name!, areas: [...areas!.matchAll(/'([\w-]+)'/g)].map(([, area]) => area!) });
  }
  const entries = [...source.matchAll(/\{ path: '([^']+)', Screen: (\w+), access: '([\w-]+)' \}/g)];
  if (entries.length === 0 || entries.length !== source.match(/\{ path: '/g)?.length) {
    throw new Error('router.tsx: SCREENS entries must read { path: …, Screen: …, access: … } on one line');
  }
  return entries.map(([, path, screen, access]) => {
    const module = modules.get(screen!);
    if (!module) throw new Error(`router.tsx: ${screen} is not a page(() => import('./routes/…'), [areas]) constant`);
    return { path: path!, anyone: access === 'anyone', screen: screen!, ...module };
  });
}

/** `catalogs.get(language).get(area)`: the chunk of src/locales/<language>/<area>.json (`?lingui`). */
function catalogChunks(chunks: Rollup.OutputChunk[]): Map<string, Map<string, string>> {
  const catalogs = new Map<string, Map<string, string>>();
  for (const chunk of chunks) {
    const [, language, area] = /\/src\/locales\/(\w+)\/([\w-]+)\.json\?lingui$/.exec(chunk.facadeModuleId ?? '') ?? [];
    if (!language || !area) continue;
    if (!catalogs.has(language)) catalogs.set(language, new Map());
    catalogs.get(language)!.set(area, chunk.fileName);
  }
  return catalogs;
}

/**
 * The attributes a screen's page adds to index.html's theme-init.js tag: `data-catalogs-<language>`,
 * the chunks of common, layout and the screen's `areas` in that language, for the script to ask for
 * those of the first render's language (decision 104).
 * @throws when a language lacks an area's catalog
 */
function catalogAttributes(catalogs: Map<string, Map<string, string>>, areas: string[]): string {
  return [...catalogs]
    .map(([language, files]) => {
      const paths = ['common', 'layout', ...areas].map((area) => {
        const file = files.get(area);
        if (!file) throw new Error(`screen pages: no catalog chunk for ${language}/${area}`);
        return `/${file}`;
      });
      return ` data-catalogs-${language}="${paths.join(' ')}"`;
    })
    .join('');
}

const LOCALES = fileURLToPath(new URL('./src/locales/', import.meta.url));

/** Every language's texts: src/locales/<language>/*.json merged, by language (for app/first-paint.ts). */
function catalogTexts(): Record<string, CatalogTexts> {
  const languages = readdirSync(LOCALES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return Object.fromEntries(
    languages.map(({ name: language }) => [
      language,
      Object.assign(
        {},
        ...readdirSync(`${LOCALES}${language}`)
          .filter((file) => file.endsWith('.json'))
          .map((file) => JSON.parse(readFileSync(`${LOCALES}${language}/${file}`, 'utf8')) as CatalogTexts),
      ) as CatalogTexts,
    ]),
  );
}

/** index.html's `#root` and its shell (decision 033), up to the end of the body. */
const ROOT_SHELL = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/**
 * One page per screen, `screens/<route>.html`: index.html with a low-priority modulepreload for
 * every chunk the screen imports that index.html does not already name (and, on a signed-in
 * screen, the outbox's), its catalog chunks per language on theme-init.js's tag (decision 104),
 * the screen's top as its shell where app/first-paint.ts has one (decision 107), and `screen-pages.json`
 * listing each path's pattern (regexparam), whether anyone may open it, and its page. The server
 * sends a screen's page to a request for its path (decision 062), so the screen's chunks and
 * texts download while the shell paints instead of being asked for by the boot code.
 */
function screenPages(): Plugin {
  return {
    name: 'diacare-screen-pages',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('screen pages: the build has no index.html');
      const indexHtml = String(index.source);
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const catalogFiles = catalogChunks(chunks);
      const catalogs = catalogTexts();
      const pages: Array<{ pattern: string; anyone: boolean; page: string }> = [];
      /** Each page written, by the route module and catalog areas it was written for. */
      const written = new Map<string, string>();
      for (const { path, anyone, name, screen: constant, areas } of readScreens(readFileSync(ROUTER, 'utf8'))) {
        const key = `${name} ${areas.join(',')}`;
        // A module shown with other areas too (Reports and a member's Reports) gets a page per set.
        const taken = [...written].some(([other, page]) => other !== key && page === `screens/${name}.html`);
        const page =
          written.get(key) ??
          (taken ? `screens/${constant.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase()}.html` : `screens/${name}.html`);
        pages.push({ pattern: parsePattern(path).pattern.source, anyone, page });
        if (written.has(key)) continue;
        written.set(key, page);
        const screen = chunks.find((chunk) => chunk.isDynamicEntry && chunk.moduleIds.includes(routeModule(name)));
        if (!screen) throw new Error(`screen pages: no chunk for src/app/routes/${name}.tsx`);
        const outbox = chunks.find((chunk) => chunk.moduleIds.includes(OUTBOX));
        if (!outbox) throw new Error('screen pages: no chunk for src/lib/offline/outbox.ts');
        const files: string[] = [];
        const pending = anyone ? [screen.fileName] : [outbox.fileName, screen.fileName];
        while (pending.length > 0) {
          const file = pending.pop()!;
          if (files.includes(file) || indexHtml.includes(`"/${file}"`)) continue;
          files.push(file);
          pending.push(...(byFile.get(file)?.imports ?? []));
        }
        const links = files
          .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
          .join('');
        // The screen's top in place of the generic shell, painted before the app starts (decision 107).
        const shell = screenShell(constant, catalogs);
        if (!ROOT_SHELL.test(indexHtml)) throw new Error('screen pages: index.html has no <div id="root"> shell');
        const html = (shell ? indexHtml.replace(ROOT_SHELL, `<div id="root">${shell}</div>$1`) : indexHtml)
          .replace(
            '<script src="/theme-init.js">',
            `<script src="/theme-init.js"${catalogAttributes(catalogFiles, areas)}>`,
          )
          .replace('</head>', `${links}</head>`);
        if (!html.includes('data-catalogs-')) throw new Error('screen pages: index.html has no theme-init.js tag');
        this.emitFile({ type: 'asset', fileName: page, source: html });
      }
      this.emitFile({ type: 'asset', fileName: 'screen-pages.json', source: JSON.stringify(pages) });
    },
  };
}

/**
 * V8's explicit compile hint atop the chunks every start runs nearly all of (the entry, React,
 * boot): their functions are compiled while they download, off the main thread, instead of each
 * one on the main thread at its first call (decision 066). Vite later puts its one-line
 * dependency map above it in the entry and boot; only that line's function stays lazy.
 */
function compileHints(): Plugin {
  return {
    name: 'diacare:compile-hints',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && (item.isEntry || item.name === 'react' || item.name === 'boot')) {
          item.code = `//# allFunctionsCalledOnLoad\n${item.code}`;
          // A source map (bench:profile's build) skips the new line: ';' is a line with no mappings.
          if (item.map) item.map.mappings = `;${item.map.mappings}`;
        }
      }
    },
  };
}

export default defineConfig(() => ({
  define: { __APP_BUILD_ID__: JSON.stringify(BUILD_ID) },
  // wouter's use-sync-external-store shim (for React 17) becomes React's own hook.
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    preloadBoot(),
    screenPages(),
    compileHints(),
    // Compiles the message catalogs (src/locales/<lang>/<area>.json, imported with `?lingui`)
    // to JavaScript at build time (decision 023); a broken ICU message fails the build.
    lingui({
      configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)),
      failOnCompileError: true,
    }),
    tailwindcss(),
    // Our own service worker (src/sw/sw.ts): the precached app shell, push notifications and
    // their actions. boot.tsx registers it once the first screen is shown (decision 104).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // A new version waits until every DiaCare window is closed, so a page never runs
      // against chunks of another build and nothing reloads under a half-filled form.
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The app shell: index.html, the hashed JS and CSS, icons and the favicon (the plugin
        // adds manifest.webmanifest itself).
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // A screen's page is index.html with its chunks named (decision 062): the network's only.
        globIgnores: ['screens/**'],
        // Remove process.env.NODE_ENV checks from workbox in the production worker.
        minify: true,
      },
      // The glob above already lists every icon; this avoids listing them twice.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'DiaCare',
        short_name: 'DiaCare',
        description: 'Your Diabetes Care Partner',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        lang: 'en',
        categories: ['health', 'medical'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of every text file next to it in dist (decision 016): the server
    // sends them as they are (@fastify/static preCompressed), so nothing is compressed per request.
    compression({
      algorithms: [
        ['brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }],
        ['gzip', { level: 9 }],
      ],
      include: /\.(html|js|mjs|css|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  server: {
    // `npm run dev -w apps/web` talks to the API server on :3000.
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
  // The manifest lets bench/page-weight.mjs follow each route's chunks.
  build: {
    target: 'es2022',
    // Source maps only for bench:profile's own build (DIACARE_SOURCEMAP=1), never in apps/web/dist.
    sourcemap: process.env.DIACARE_SOURCEMAP === '1',
    manifest: true,
    // Every browser of the es2022 target knows modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's helper for dynamic imports: the entry loads boot with it, so it is not in boot.
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 1 },
            // React is evaluated in a task of its own before the app's modules (main.tsx).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 1 },
            { name: startSharedChunkName, debugName: 'start-shared', priority: 1 },
            { name: bootChunkName, debugName: 'boot' },
          ],
        },
      },
    },
  },
}));
