/// <reference types="node" />
// Reads the English catalogs of both sides (Node APIs, in this test only).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { pseudoLocalise } from './pseudo-locale.ts';

const repoDir = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (path: string) => JSON.parse(readFileSync(join(repoDir, path), 'utf8')) as Record<string, string>;
const webDir = 'apps/web/src/locales/en';
const english: Record<string, string> = {
  ...read('apps/server/src/i18n/locales/en.json'),
  ...read('apps/server/src/i18n/locales/validation/en.json'),
  ...read('apps/server/src/i18n/locales/assistant/en.json'),
  ...Object.assign({}, ...readdirSync(join(repoDir, webDir)).map((file) => read(`${webDir}/${file}`))),
};

/** `message` rendered by Lingui with `values`. */
function render(message: string, values: Record<string, unknown> = {}): string {
  const i18n = setupI18n({ locale: 'en', messages: { en: { id: compileMessageOrThrow(message) } } });
  return i18n._('id', values);
}

describe('the pseudo-locale en-XA (decision 095)', () => {
  it('accents, lengthens by about a third and brackets', () => {
    expect(pseudoLocalise('Medicine')).toBe('[Ḿéḋîçîñé ~~~]');
    expect(render(pseudoLocalise('Time to take {medicine}'), { medicine: 'Metformin' })).toBe(
      '[Ţîḿé ţó ţáķé Metformin ~~~~~]',
    );
  });

  it('keeps plural cases, #, tags and ICU quoting working', () => {
    const pills = pseudoLocalise('Only {count, plural, one {# pill} other {# pills}} left.');
    expect(render(pills, { count: 7 })).toMatch(/^\[Óñļý 7 þîļļš ļéƒţ\. ~+\]$/);
    expect(pseudoLocalise('Read <0>the guide</0>')).toBe('[Ŕéáḋ <0>ţĥé ĝûîḋé</0> ~~~~~]');
    expect(render(pseudoLocalise("must be ''{value}''"), { value: 'taken' })).toBe("[ḿûšţ ƀé 'taken' ~~~~]");
  });

  it('every English message of both sides still compiles, with the same placeholders', () => {
    const names = (message: string) => {
      const found: string[] = [];
      const walk = (tokens: Token[]) => {
        for (const token of tokens) {
          if (token.type === 'argument' || token.type === 'function') found.push(token.arg);
          if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
            found.push(`${token.arg}:${token.cases.map((c) => c.key).join('|')}`);
            for (const item of token.cases) walk(item.tokens);
          }
        }
      };
      walk(parse(message));
      return found.sort();
    };
    for (const [id, message] of Object.entries(english)) {
      const pseudo = pseudoLocalise(message);
      expect(() => compileMessageOrThrow(pseudo), id).not.toThrow();
      expect(names(pseudo), id).toEqual(names(message));
    }
  });
});
