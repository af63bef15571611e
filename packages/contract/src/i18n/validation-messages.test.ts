/// <reference types="node" />
// The source scan below reads the contract's own files and the catalogs of both sides (Node APIs, in this test only).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as appointments from '../appointments.ts';
import * as assistant from '../assistant.ts';
import * as auth from '../auth.ts';
import * as common from '../common.ts';
import * as health from '../health.ts';
import * as imports from '../imports.ts';
import * as medications from '../medications.ts';
import * as push from '../push.ts';
import * as reminders from '../reminders.ts';
import * as users from '../users.ts';
import * as care from '../care.ts';
import * as channels from '../channels.ts';
import * as faq from '../faq.ts';
import * as insulin from '../insulin.ts';
import * as labs from '../labs.ts';
import * as reports from '../reports.ts';
import { VALIDATION_MESSAGE_IDS, readValidationMessage, vmsg } from './validation-messages.ts';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(srcDir, '..', '..', '..');
const DEVANAGARI = /[\u0900-\u097F]/;

/** A catalog file of the repository: id → ICU message. */
const catalog = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(join(repoDir, path), 'utf8')) as Record<string, string>;

/** Values that break most fields one way or another: wrong type, out of range, too long, repeated. */
const BAD_VALUES: unknown[] = [
  null,
  123,
  -5,
  0,
  1e9,
  70.55,
  true,
  '',
  ' ',
  'x',
  'x'.repeat(6000),
  '2025-02-30',
  '25:00',
  'http://example.com/',
  'https://example.com/',
  'abc$',
  [],
  [0],
  [8],
  [1, 1],
  ['09:00', '09:00'],
  Array.from({ length: 13 }, (_, i) => `${String(i + 8).padStart(2, '0')}:00`),
  Array.from({ length: 8 }, (_, i) => i + 1),
  ['x'],
  {},
];

/** Every message a schema gives for each field set to each bad value, nested objects included. */
function collectMessages(schema: z.ZodType, messages: Set<string>, depth = 0): void {
  const add = (input: unknown) => {
    const result = schema.safeParse(input);
    if (!result.success) for (const issue of result.error.issues) messages.add(issue.message);
  };
  add(undefined);
  add('not an object');
  add({ unknown_field: 1 });
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape || depth > 2) return;
  for (const [key, field] of Object.entries(shape)) {
    for (const value of BAD_VALUES) add({ [key]: value });
    const inner = unwrap(field);
    if ((inner as { shape?: unknown }).shape) {
      const nested = new Set<string>();
      collectMessages(inner, nested, depth + 1);
      for (const message of nested) messages.add(message);
    }
  }
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema as unknown as { unwrap?: () => z.ZodType; def?: { innerType?: z.ZodType } };
  for (let i = 0; i < 5; i++) {
    const next = current.def?.innerType ?? (typeof current.unwrap === 'function' ? current.unwrap() : undefined);
    if (!next) break;
    current = next as never;
  }
  return current as unknown as z.ZodType;
}

describe('validation messages are message ids (decision 094)', () => {
  it('every message the contract schemas produce for bad input is a known id', () => {
    const messages = new Set<string>();
    for (const module of [
      appointments,
      assistant,
      auth,
      care,
      channels,
      common,
      faq,
      health,
      imports,
      insulin,
      labs,
      medications,
      push,
      reminders,
      reports,
      users,
    ]) {
      for (const value of Object.values(module)) {
        if (value instanceof z.ZodType) collectMessages(value, messages);
      }
    }
    expect(messages.size).toBeGreaterThan(40);
    expect([...messages].filter((message) => readValidationMessage(message) === null)).toEqual([]);
  });

  it('the contract sources hold no sentence for people in a schema: every message goes through vmsg', () => {
    const files = readdirSync(srcDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const sentences: string[] = [];
    for (const file of files) {
      // Code only: doc comments may show examples.
      const text = readFileSync(join(srcDir, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
      for (const match of text.matchAll(/(?:error|message): ['"`]([^'"`]+)['"`]|orRequired\(['"`]([^'"`]+)['"`]\)/g)) {
        sentences.push(`${file}: ${match[1] ?? match[2]}`);
      }
    }
    expect(sentences).toEqual([]);
  });

  it('every id is in the English and Hindi catalogs of the server and of the web', () => {
    const catalogs = {
      'server en': catalog('apps/server/src/i18n/locales/validation/en.json'),
      'server hi': catalog('apps/server/src/i18n/locales/validation/hi.json'),
      'web en': catalog('apps/web/src/locales/en/validation.json'),
      'web hi': catalog('apps/web/src/locales/hi/validation.json'),
    };
    for (const [name, messages] of Object.entries(catalogs)) {
      expect(
        VALIDATION_MESSAGE_IDS.filter((id) => !(id in messages)),
        name,
      ).toEqual([]);
    }
    // Both sides put a rule after its field the same way ('<field>: <rule>' in Hindi), so a rule
    // reads the same on both sides in each language.
    for (const id of VALIDATION_MESSAGE_IDS) {
      expect(catalogs['server hi'][id], id).toMatch(DEVANAGARI);
      expect(catalogs['web hi'][id], id).toBe(catalogs['server hi'][id]);
      expect(catalogs['web en'][id], id).toBe(catalogs['server en'][id]);
    }
  });

  it("Hindi never puts a postposition after a field's name: the field is followed by ':' (its direct case stays right)", () => {
    // 'दवा का नाम में …' is wrong ('दवा के नाम में …': a postposition needs the oblique case), so a
    // rule must not start with one, and a sentence that holds a field's label must not put one after it.
    const POSTPOSITION = /^(में|का|की|के|को|से|पर|ने|तक)(\s|$)/u;
    const rules = [
      catalog('apps/server/src/i18n/locales/validation/hi.json'),
      catalog('apps/web/src/locales/hi/validation.json'),
    ];
    for (const messages of rules) {
      for (const id of VALIDATION_MESSAGE_IDS) expect(messages[id], id).not.toMatch(POSTPOSITION);
    }
    const web = {
      ...catalog('apps/web/src/locales/hi/common.json'),
      ...catalog('apps/web/src/locales/hi/health-reports.json'),
    };
    expect(web['common.fieldError']).toBe('{field}: {problem}');
    const labelled = Object.entries(web).filter(
      ([id]) => id === 'common.fieldError' || id.startsWith('health-reports.field.'),
    );
    expect(labelled.length).toBeGreaterThan(5);
    for (const [id, text] of labelled) {
      const after = /\{(?:label|field)\}(.*)$/u.exec(text)?.[1] ?? '';
      expect(after.trimStart(), id).not.toMatch(POSTPOSITION);
    }
  });

  it('values travel inside the message, units and lists as written', () => {
    const message = vmsg('validation.min_unit', { min: 2.5, unit: 'mmol/L' });
    expect(readValidationMessage(message)).toEqual({
      id: 'validation.min_unit',
      values: { min: '2.5', unit: 'mmol/L' },
    });
    expect(readValidationMessage(vmsg('validation.one_of', { values: 'Tablet, Capsule & more?' }))).toEqual({
      id: 'validation.one_of',
      values: { values: 'Tablet, Capsule & more?' },
    });
    expect(readValidationMessage('validation.required')).toEqual({ id: 'validation.required', values: {} });
    expect(readValidationMessage('must be at least 20 mg/dL')).toBeNull();
  });
});
