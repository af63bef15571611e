/**
 * Serves the built web app: hashed assets immutable for a year, index.html and the service worker
 * never cached, other GETs outside /api and /auth answered with index.html or the screen's page
 * (SPA fallback). The brotli and gzip copies made at build are sent as the client accepts;
 * nothing is compressed per request. Decisions 016, 062.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NEVER_CACHED = /\/(index\.html|screens\/[\w-]+\.html|sw\.js|registerSW\.js|manifest\.webmanifest)$/;
/** The suffix of a precompressed copy; its caching follows the file it was made from. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/** A screen's path pattern, whether anyone may open it, and its page (web build's screen-pages.json). */
interface ScreenPage {
  pattern: RegExp;
  anyone: boolean;
  page: string;
}

/** The web build's screen pages; none when the build has no screen-pages.json (an older build). */
function readScreenPages(webDistDir: string): ScreenPage[] {
  const file = join(webDistDir, 'screen-pages.json');
  if (!existsSync(file)) return [];
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Array<{ pattern: string; anyone: boolean; page: string }>;
  return pages.map(({ pattern, anyone, page }) => ({ pattern: new RegExp(pattern), anyone, page }));
}

/**
 * Which file answers a page request for `path` ('/reports'): the screen's page, which names the
 * screen's chunks, when the path is a screen's and the request may open it (`signedIn`: it carries
 * a session cookie, unchecked; a stale one costs a wasted download), else index.html.
 */
export type PageFor = (path: string, signedIn: boolean) => string;

/** Registers the static files of `webDistDir`; null when it holds no built app. */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<PageFor | null> {
  if (!existsSync(join(webDistDir, 'index.html'))) return null;
  const screenPages = readScreenPages(webDistDir);
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
  return (path, signedIn) =>
    screenPages.find(({ pattern, anyone }) => (anyone || signedIn) && pattern.test(path))?.page ?? 'index.html';
}

/** Paths that are never a screen, in any letter case: the API, sign-in, the probes and metrics. */
const NEVER_A_SCREEN = /^\/+(api|auth|metrics|healthz|readyz|livez)(\/|$)/i;

/** True when a request should get index.html rather than a JSON 404. */
export function wantsSpaFallback(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  return !NEVER_A_SCREEN.test(path) && !/\.[a-z0-9]+$/i.test(path);
}
