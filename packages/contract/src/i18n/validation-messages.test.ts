/// <reference types="node" />
// The source scan below reads the contract's own files (Node APIs, in this test only).
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
import {
  hasValidationTranslation,
  translateFieldName,
  translateValidationDetail,
  translateValidationMessage,
} from './validation-messages.ts';

const DEVANAGARI = /[\u0900-\u097F]/;
const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');

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

describe('validation messages in Hindi', () => {
  it('every message the contract schemas produce for bad input has a Hindi entry', () => {
    const messages = new Set<string>();
    for (const module of [
      appointments,
      assistant,
      auth,
      common,
      health,
      imports,
      medications,
      push,
      reminders,
      users,
    ]) {
      for (const value of Object.values(module)) {
        if (value instanceof z.ZodType) collectMessages(value, messages);
      }
    }
    expect(messages.size).toBeGreaterThan(40);
    const missing = [...messages].filter((message) => !hasValidationTranslation(message));
    expect(missing).toEqual([]);
    for (const message of messages) expect(translateValidationMessage(message, 'hi')).toMatch(DEVANAGARI);
  });

  it('every literal message written in the contract sources has a Hindi entry', () => {
    const files = readdirSync(srcDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const literals = new Set<string>();
    for (const file of files) {
      // Code only: doc comments show examples such as orRequired('must be …').
      const text = readFileSync(join(srcDir, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
      for (const match of text.matchAll(/(?:error|message): '([^']+)'|orRequired\('([^']+)'\)/g)) {
        literals.add(match[1] ?? match[2]!);
      }
      for (const match of text.matchAll(/(?:error|message): "([^"]+)"|orRequired\("([^"]+)"\)/g)) {
        literals.add(match[1] ?? match[2]!);
      }
    }
    expect(literals.size).toBeGreaterThan(30);
    const missing = [...literals].filter((message) => !hasValidationTranslation(message));
    expect(missing).toEqual([]);
  });

  it('keeps numbers, units and API values as written', () => {
    expect(translateValidationMessage('must be at least 20 mg/dL', 'hi')).toBe('कम से कम 20 mg/dL होना चाहिए');
    expect(translateValidationMessage('must be at most 2.5 mmol/L', 'hi')).toBe('ज़्यादा से ज़्यादा 2.5 mmol/L होना चाहिए');
    expect(translateValidationMessage('must be at most 100 characters', 'hi')).toBe('ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं');
    expect(translateValidationMessage('must be one of Tablet, Capsule', 'hi')).toBe(
      'इनमें से एक होना चाहिए: Tablet, Capsule',
    );
    expect(translateValidationMessage('at most 12 times', 'hi')).toContain('12');
  });

  it('translates a whole detail, field included, and leaves English and unknown text alone', () => {
    expect(translateValidationDetail('value: must be at least 20 mg/dL', 'hi')).toBe(
      'ब्लड शुगर: कम से कम 20 mg/dL होना चाहिए',
    );
    expect(translateValidationDetail('schedule.times.1: must not repeat a time', 'hi')).toBe(
      'समय 2: एक ही समय दो बार नहीं हो सकता',
    );
    expect(translateValidationDetail('Name is required', 'hi')).toBe('नाम ज़रूरी है');
    expect(translateValidationDetail('value: must be at least 20 mg/dL', 'en')).toBe(
      'value: must be at least 20 mg/dL',
    );
    expect(translateValidationDetail('Something new: entirely', 'hi')).toBe('Something new: entirely');
    expect(translateFieldName('refill_reminder.pills_remaining', 'hi')).toBe('बची गोलियाँ');
    expect(translateFieldName('mystery', 'hi')).toBe('mystery');
  });
});
