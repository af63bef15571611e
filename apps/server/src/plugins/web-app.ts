/**
 * Serves the built web app: hashed assets immutable for a year, index.html and the service worker
 * never cached, other GETs outside /api and /auth answered with index.html (SPA fallback). The
 * brotli and gzip copies made at build are sent as the client accepts; nothing is compressed per request.
 * Decision 016.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NEVER_CACHED = /\/(index\.html|sw\.js|registerSW\.js|manifest\.webmanifest)$/;
/** The suffix of a precompressed copy; its caching follows the file it was made from. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  if (!existsSync(join(webDistDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is set per file below, not by @fastify/static's maxAge.
    cacheControl: false,
    setHeaders(res, path) {
      const original = path.replace(COMPRESSED_SUFFIX, '');
      // Every file may have compressed copies: a shared cache must key on Accept-Encoding.
      res.setHeader('Vary', 'Accept-Encoding');
      if (original.includes(`${join(webDistDir, 'assets')}/`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (NEVER_CACHED.test(original)) {
        res.setHeader('Cache-Control', 'no-cache');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  return true;
}

/** True when a request should get index.html rather than a 404. */
export function wantsSpaFallback(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  return !path.startsWith('/api/') && !path.startsWith('/auth/') && !/\.[a-z0-9]+$/i.test(path);
}
