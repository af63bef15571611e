// Bundles the server into dist/server.js with esbuild: our TypeScript and the contract
// package are compiled in; npm dependencies stay external and load from node_modules.
// `node build.mjs dist/other.js` writes elsewhere in dist/ (tests that spawn the server
// build their own copy so parallel runs never read a half-written file).
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist/server.js';
if (!/^dist\/[\w.-]+\.js$/.test(outfile)) throw new Error('the bundle must sit directly in dist/ (src/paths.ts)');

await build({
  entryPoints: [new URL('src/server.ts', import.meta.url).pathname],
  outfile: new URL(outfile, import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  plugins: [
    {
      name: 'bundle-contract',
      setup(b) {
        // The contract workspace ships TypeScript source: compile it into the bundle.
        b.onResolve({ filter: /^@diacare\/contract\// }, (args) => ({
          path: new URL(
            `../../packages/contract/src/${args.path.slice('@diacare/contract/'.length)}.ts`,
            import.meta.url,
          ).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});

// The assistant's learned weights are read by its first question from ./intent-weights.json beside the
// bundle (decision 109).
cpSync(
  new URL('src/modules/assistant/intent-weights.json', import.meta.url),
  new URL('dist/intent-weights.json', import.meta.url),
);
// The knowledge base's articles are read at start from ./articles beside the bundle.
cpSync(new URL('src/modules/knowledge/articles', import.meta.url), new URL('dist/articles', import.meta.url), {
  recursive: true,
});
