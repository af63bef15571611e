/**
 * The built web app as a browser gets it: precompressed brotli / gzip copies chosen by
 * Accept-Encoding, Vary, immutable caching for hashed assets, no-cache for index.html and
 * the service worker, and the SPA fallback. The dist directory is made
 * here, compressed with node's zlib the way the web build does it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, type TestApp } from './helpers.ts';

const INDEX_HTML = `<!doctype html><html><head><title>DiaCare</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const SCRIPT = `export const hello = ${JSON.stringify('x'.repeat(4000))};\n`;
const SW = `self.addEventListener('push', () => {});${' '.repeat(2000)}\n`;
/** Screen pages as the web build writes them: index.html with the screen's chunks named. */
const LANDING_PAGE = INDEX_HTML.replace('</head>', '<link rel="modulepreload" href="/assets/landing-1.js"></head>');
const REPORTS_PAGE = INDEX_HTML.replace('</head>', '<link rel="modulepreload" href="/assets/reports-1.js"></head>');
const SCREEN_PAGES = [
  { pattern: '^\\/?$', anyone: true, page: 'screens/landing.html' },
  { pattern: '^\\/reports\\/?$', anyone: false, page: 'screens/reports.html' },
];

/** Writes `file`, and its .br and .gz copies unless `plainOnly`. */
function writeWithCopies(dir: string, file: string, content: string, plainOnly = false): void {
  writeFileSync(join(dir, file), content);
  if (plainOnly) return;
  writeFileSync(join(dir, `${file}.br`), brotliCompressSync(content));
  writeFileSync(join(dir, `${file}.gz`), gzipSync(content));
}

describe.each(DRIVERS)('web app static files on %s', (driver) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'diacare-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeWithCopies(dist, 'index.html', INDEX_HTML);
    writeWithCopies(dist, 'assets/index-AbC123.js', SCRIPT);
    writeWithCopies(dist, 'sw.js', SW);
    writeWithCopies(dist, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', true);
    mkdirSync(join(dist, 'screens'));
    writeWithCopies(dist, 'screens/landing.html', LANDING_PAGE);
    writeWithCopies(dist, 'screens/reports.html', REPORTS_PAGE);
    writeWithCopies(dist, 'screen-pages.json', JSON.stringify(SCREEN_PAGES));
    t = await createTestApp(driver, { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(cookie ? { cookie } : {}) },
    });

  it('sends a hashed asset as brotli when accepted, cached for a year as immutable', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip to a client that accepts gzip only', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const response = await get('/assets/index-AbC123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never caches index.html or the service worker, compressed or not', async () => {
    for (const [url, body] of [
      ['/index.html', INDEX_HTML],
      ['/sw.js', SW],
    ] as const) {
      const br = await get(url, 'br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);
      const plain = await get(url);
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body).toBe(body);
    }
  });

  it('answers a client-side route with index.html, compressed, not cached', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get('/reports/history/glucose', encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const html = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(html.toString()).toBe(INDEX_HTML);
    }
    const plain = await get('/home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it("answers a screen's path with its page when the request carries a session cookie", async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get('/reports?from=home', encoding, 'diacare_session=any-value');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(html.toString()).toBe(REPORTS_PAGE);
    }
    expect((await get('/reports/', undefined, 'diacare_session=x')).body).toBe(REPORTS_PAGE);
    // A path no screen has, or a longer one, is still index.html.
    expect((await get('/reports/history/glucose', undefined, 'diacare_session=x')).body).toBe(INDEX_HTML);
    expect((await get('/reportsx', undefined, 'diacare_session=x')).body).toBe(INDEX_HTML);
  });

  it("sends a signed-in screen's page only with a session cookie; an open screen's to anyone", async () => {
    expect((await get('/reports')).body).toBe(INDEX_HTML);
    expect((await get('/reports', undefined, 'other=1')).body).toBe(INDEX_HTML);
    expect((await get('/')).body).toBe(LANDING_PAGE);
    expect((await get('/', undefined, 'diacare_session=x')).body).toBe(LANDING_PAGE);
  });

  it('still answers unknown API paths and missing files with 404', async () => {
    const api = await get('/api/nothing-here', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'No route for GET /api/nothing-here' });
    expect((await get('/assets/missing-123.js', 'br')).statusCode).toBe(404);
  });

  it.each([
    '/api',
    '/API/users/me',
    '//api/users/me',
    '/metrics',
    '/healthz/x',
    '/readyz/x',
    '/livez',
    '/auth/nothing',
  ])('%s is never a screen: a JSON 404, not the web app (and /metrics is off without METRICS_TOKEN)', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).not.toContain('<html');
  });
});
