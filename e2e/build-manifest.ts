/** The web build's Vite manifest (apps/web/dist/.vite/manifest.json), read once, for journeys about chunks. */
import { readFileSync } from 'node:fs';

/** The built app's folder: a manifest `file` resolves against it. */
export const dist = new URL('../apps/web/dist/', import.meta.url);

export const manifest: Record<string, { file: string; imports?: string[] }> = JSON.parse(
  readFileSync(new URL('.vite/manifest.json', dist), 'utf8'),
);

/**
 * The files a manifest entry loads before it runs: its own and every one it imports statically.
 * @param key a manifest key ('src/app/routes/reports.tsx')
 * @returns files as the manifest names them ('assets/reports-<hash>.js'); empty for an unknown key
 */
export function staticClosure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}
