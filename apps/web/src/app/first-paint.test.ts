/**
 * The screens' first paint (app/first-paint.ts, decision 107): the title or tagline a screen's page
 * paints before the app starts is the catalog's, in English and in Hindi, so React's first commit
 * paints the same words. Reads the real catalog files, as the build does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { screenShell, type CatalogTexts } from './first-paint';

const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

/** A language's catalog files merged, as vite.config.ts reads them. */
function readTexts(language: string): CatalogTexts {
  const dir = join(LOCALES_DIR, language);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CatalogTexts),
  ) as CatalogTexts;
}

const catalogs = { en: readTexts('en'), hi: readTexts('hi') };

/** The text of the first `<tag class=…>` in a language's block of `html`, entities decoded. */
function textOf(html: string, language: string, tag: string, className?: string): string | undefined {
  const block = new RegExp(
    `<div data-first-paint="${language}"[^>]*>([\\s\\S]*?)</div>(?=<div data-first-paint|$)`,
  ).exec(html)?.[1];
  const element = new RegExp(`<${tag}${className ? ` class="[^"]*${className}[^"]*"` : '[^>]*'}>([^<]*)</${tag}>`).exec(
    block ?? '',
  )?.[1];
  return element
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('a screen page’s first paint', () => {
  // The ids the screens' components render (routes/reports.tsx, routes/profile.tsx, routes/landing.tsx).
  const cases = [
    { screen: 'Reports', tag: 'h1', id: 'health-reports.reports.title', en: 'Health Reports' },
    { screen: 'Reports', tag: 'p', id: 'health-reports.reports.subtitle', en: 'Last 7 days' },
    { screen: 'Profile', tag: 'h1', id: 'profile.title', en: 'Profile & Settings' },
    { screen: 'Landing', tag: 'p', className: 'text-lg', id: 'landing.tagline', en: 'Your Diabetes Care Partner' },
  ] as const;

  for (const { screen, tag, id, en, ...rest } of cases) {
    it(`${screen}: ${id} is the catalog's, in English and in Hindi`, () => {
      const html = screenShell(screen, catalogs)!;
      const className = 'className' in rest ? rest.className : undefined;
      expect(textOf(html, 'en', tag, className)).toBe(en);
      expect(textOf(html, 'en', tag, className)).toBe(catalogs.en[id]);
      expect(catalogs.hi[id]).toMatch(/[\u0900-\u097F]/);
      expect(textOf(html, 'hi', tag, className)).toBe(catalogs.hi[id]);
    });
  }

  it('is one inert block per language, hidden from screen readers, and none for other screens', () => {
    const html = screenShell('Reports', catalogs)!;
    expect(html.match(/<div data-first-paint="(\w+)" lang="\1" inert aria-hidden="true">/g)).toHaveLength(2);
    expect(screenShell('Home', catalogs)).toBeNull();
  });

  it('fails the build when a catalog lacks a text it shows', () => {
    expect(() => screenShell('Profile', { en: catalogs.en, hi: {} })).toThrow(/profile\.title in the hi catalogs/);
  });
});
