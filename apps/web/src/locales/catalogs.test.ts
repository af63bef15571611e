/**
 * The message catalogs: same files and ids in every language, valid ICU, the same placeholders and
 * tags as English, and every id the code names present. Reads the real files.
 * Decision 023.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { CATALOG_AREAS } from './areas';

const LOCALES_DIR = fileURLToPath(new URL('.', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('..', import.meta.url));
const LANGUAGES = ['en', 'hi'] as const;

type Catalog = Record<string, string>;

function readCatalog(language: string, area: string): Catalog {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${area}.json`), 'utf8')) as Catalog;
}

const catalogs = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(CATALOG_AREAS.map((area) => [area, readCatalog(language, area)])),
  ]),
) as Record<(typeof LANGUAGES)[number], Record<string, Catalog>>;

/**
 * What a message needs from its caller: argument names (plain, plural, select, formatted)
 * and Lingui's element tags (`<0>…</0>`, `<1/>`), sorted.
 */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') found.add(`{${token.arg}}`);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`{${token.arg}, ${token.type}}`);
        for (const item of token.cases) walk(item.tokens);
      }
    }
  };
  walk(parse(message));
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${tag[1]}>`);
  return [...found].sort();
}

/** Source files of the app (not tests, not the catalogs' own loaders). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

describe('message catalogs', () => {
  it('every area has a file in every language, and each id starts with its area', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(LOCALES_DIR, language)).filter((name) => name.endsWith('.json'));
      expect(files.sort(), language).toEqual(CATALOG_AREAS.map((area) => `${area}.json`).sort());
      for (const area of CATALOG_AREAS) {
        const misplaced = Object.keys(catalogs[language][area]!).filter((id) => !id.startsWith(`${area}.`));
        expect(misplaced, `${language}/${area}.json ids outside "${area}."`).toEqual([]);
      }
    }
  });

  it('Hindi has exactly the ids English has', () => {
    for (const area of CATALOG_AREAS) {
      const en = Object.keys(catalogs.en[area]!);
      const hi = Object.keys(catalogs.hi[area]!);
      expect(
        en.filter((id) => !(id in catalogs.hi[area]!)),
        `in en/${area}.json but not in hi/${area}.json`,
      ).toEqual([]);
      expect(
        hi.filter((id) => !(id in catalogs.en[area]!)),
        `in hi/${area}.json but not in en/${area}.json`,
      ).toEqual([]);
    }
  });

  it('every message is non-empty ICU that Lingui compiles', () => {
    const broken: string[] = [];
    for (const language of LANGUAGES) {
      for (const [area, catalog] of Object.entries(catalogs[language])) {
        for (const [id, message] of Object.entries(catalog)) {
          try {
            if (typeof message !== 'string' || message.trim() === '') throw new Error('empty');
            compileMessageOrThrow(message);
            parse(message);
          } catch (error) {
            broken.push(`${language}/${area}.json ${id}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('each Hindi message uses the same placeholders and tags as the English one', () => {
    const differing: string[] = [];
    for (const area of CATALOG_AREAS) {
      for (const [id, english] of Object.entries(catalogs.en[area]!)) {
        const hindi = catalogs.hi[area]![id];
        if (hindi === undefined) continue; // reported by the ids test
        const want = placeholdersOf(english).join(' ');
        const got = placeholdersOf(hindi).join(' ');
        if (want !== got) differing.push(`${id}: en has [${want}], hi has [${got}]`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('every id the code names is in the English catalog', () => {
    const english = new Set(CATALOG_AREAS.flatMap((area) => Object.keys(catalogs.en[area]!)));
    // Any string literal shaped like an id ('<area>.<word>…'): t('…'), <Trans id="…">, and ids
    // kept in lists (labelId: '…') alike.
    const idLiteral = new RegExp(`['"\`]((?:${CATALOG_AREAS.join('|')})(?:\\.[A-Za-z0-9_-]+)+)['"\`]`, 'g');
    const missing: string[] = [];
    let named = 0;
    for (const file of sourceFiles(SRC_DIR)) {
      // Comment lines may show example ids; code lines are what renders.
      const text = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
        .join('\n');
      for (const match of text.matchAll(idLiteral)) {
        named += 1;
        if (!english.has(match[1]!)) missing.push(`${relative(SRC_DIR, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
    expect(named).toBeGreaterThanOrEqual(english.size > 0 ? 1 : 0);
  });

  it('placeholdersOf sees arguments, plurals and tags, so the comparison above can fail', () => {
    expect(placeholdersOf('Hi {name}!')).toEqual(['{name}']);
    expect(placeholdersOf('{count, plural, one {# dose} other {# doses}} for <0>{name}</0>')).toEqual([
      '<0>',
      '{count, plural}',
      '{name}',
    ]);
    expect(() => compileMessageOrThrow('{count, plural, one {# dose}')).toThrow();
  });
});
