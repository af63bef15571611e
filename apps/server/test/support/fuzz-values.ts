/**
 * fast-check values for fuzzing the write routes: hostile values (huge and tiny numbers, NaN-like
 * and numeric strings, unicode, long strings, wrong types), dates and times around today and
 * impossible ones, IANA zones, bounds and the mutation of a valid body (decision 015).
 */
import fc from 'fast-check';

/** Record kinds whose ids the fuzzer keeps, to aim requests at real rows. */
export type Pool =
  | 'medications'
  | 'adherence'
  | 'appointments'
  | 'reminders'
  | 'glucose'
  | 'bp'
  | 'metrics'
  | 'labs'
  | 'insulin'
  | 'meals'
  | 'imports'
  /** Members of the user's care circle. */
  | 'care_members'
  /** People the user cares for. */
  | 'care_patients'
  /** The user's own invitations (pending, or by now used, revoked or expired). */
  | 'care_invitations';

/** Which id a path or body names: one of the user's records, another user's, or a literal. */
export type IdChoice = { pool: Pool; index: number; owner: 'self' | 'other' } | { literal: string };

/** One generated request: `id` fills the path parameter; `form` is an urlencoded body. */
export interface FuzzRequest {
  id?: IdChoice;
  query?: string;
  payload?: unknown;
  form?: string;
  /** Ids inside the payload to fill at run time: payload key → id choice. */
  bodyIds?: Record<string, IdChoice>;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string;
}

export const DAY_MS = 86_400_000;
export const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** Strings that have broken parsers somewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '1_000',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  '\uFEFF09:00',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩🏽‍⚕️💉',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '2026-02-30',
  '2026-02-29',
  '2028-02-29',
  '2026-13-01',
  '2026-00-10',
  '0000-00-00',
  '0001-01-01',
  '9999-12-31',
  '+275760-09-13',
  '2026-2-3',
  '2026/02/03',
  '20260203',
  '24:00',
  '23:60',
  '9:00',
  '12:00:00',
  '-01:00',
  '١٢:٠٠',
  '2026-02-30T10:00:00Z',
  '2026-11-21T25:00:00+05:30',
  '2026-11-21T10:00:00+25:00',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  'Mars/Olympus',
  'America/New_Yrok',
  'Etc/GMT+99',
  'UTC',
  'utc',
  'Asia/Kolkata ',
  'x'.repeat(201),
  'é'.repeat(5_000),
  'x'.repeat(70_000),
];

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 90, maxLength: 600 }) },
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 63,
    -1,
    0,
    -0,
    0.5,
    1e-320,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  // NaN and ±Infinity become null in JSON: the server sees null.
  fc.double(),
);

/** Any wrong-typed or hostile JSON value. */
/** `depth` arrays or objects, each holding the next ({"a":{"a":…}} or [[…]]), built without recursion. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/**
 * Shapes that strain a parser or a walk of the body rather than a field's rule: deep (past the
 * 32-level limit and far past it), wide (thousands of keys), long (a long list, a string near and
 * over the 64 KB body limit). Any answer but a 5xx is right.
 */
export const hostileShape: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .tuple(fc.integer({ min: 20, max: 3_000 }), fc.constantFrom('array' as const, 'object' as const))
    .map(([depth, kind]) => nested(depth, kind)),
  fc
    .integer({ min: 100, max: 3_000 })
    .map((width) => Object.fromEntries(Array.from({ length: width }, (_, index) => [`k${index}`, index]))),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => Array.from({ length }, (_, index) => index)),
  fc.integer({ min: 20_000, max: 70_000 }).map((length) => 'x'.repeat(length)),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A date around today: the past (valid), today, the future (refused), far away, impossible. */
export const dateString = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: -3_650, max: 0 }).map(isoDate) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 800 }).map(isoDate) },
  { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2024-02-29', '1900-01-01', '9999-12-31', '2026-2-3') },
);
/** A future date, for bookings. */
export const futureDate = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 700 }).map(isoDate) },
  { weight: 1, arbitrary: fc.integer({ min: -30, max: 0 }).map(isoDate) },
);
export const timeString = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('24:00', '23:60', '9:00', '00:00', '23:59', '12:00:00') },
);
export const zone = fc.constantFrom(
  'Asia/Kolkata',
  'America/New_York',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'UTC',
  'Mars/Olympus',
  'Asia/Calcutta',
  '',
);
/** Whole numbers inside, at and just past `[min, max]`. */
export const around = ([min, max]: readonly [number, number]) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.integer({ min: min - 3, max: min + 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: max - 1, max: max + 3 }) },
  );
/** Like `around`, with decimals (one, or more than one). */
export const aroundDecimal = ([min, max]: readonly [number, number]) =>
  fc.oneof(
    around([min, max]),
    fc.integer({ min: min * 10 - 5, max: max * 10 + 5 }).map((tenths) => tenths / 10),
    fc.double({ min: min - 1, max: max + 1, noNaN: true }),
  );
export const text = (max: number) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.string({ minLength: 1, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ minLength: max, maxLength: max + 2 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ') },
  );
export const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

export const idChoice = (pool: Pool): fc.Arbitrary<IdChoice> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ pool: fc.constant(pool), index: fc.nat(), owner: fc.constant('self' as const) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ pool: fc.constant(pool), index: fc.nat(), owner: fc.constant('other' as const) }),
    },
    { weight: 1, arbitrary: fc.uuid().map((literal) => ({ literal })) },
    { weight: 1, arbitrary: hostileString.map((literal) => ({ literal })) },
  );

/**
 * Replaces, deletes or adds up to three fields anywhere in `value` (which must be plain
 * JSON), or the whole value, with hostile values; about 40 % of requests stay as built.
 */
export function mutated<T>(base: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'delete', 'add'), value: hostileValue });
  return fc.oneof(
    { weight: 4, arbitrary: base as fc.Arbitrary<unknown> },
    {
      weight: 5,
      arbitrary: fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([value, edits]) => {
        const copy = structuredClone(value) as unknown;
        // Clone what goes in too: constants like `[]` are shared between cases.
        for (const { at, kind, value: hostile } of edits) applyEdit(copy, at, kind, structuredClone(hostile));
        return copy;
      }),
    },
    { weight: 1, arbitrary: hostileValue },
    // Deep, wide and long bodies, whole or under a key of a valid body: never walked by the edits
    // above (their recursion would be the test's own stack overflow, not the server's).
    { weight: 1, arbitrary: hostileShape },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, hostileShape)
        .map(([value, shape]) => (value && typeof value === 'object' ? { ...value, shape } : shape)),
    },
  );
}

/** Every object or array inside `value`, with the keys it holds. */
export function containers(value: unknown, found: { node: Record<string, unknown>; keys: string[] }[] = []) {
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    found.push({ node, keys: Object.keys(node) });
    for (const key of Object.keys(node)) containers(node[key], found);
  }
  return found;
}

export function applyEdit(value: unknown, at: number, kind: string, hostile: unknown) {
  const all = containers(value);
  if (all.length === 0) return;
  const { node, keys } = all[at % all.length]!;
  if (kind === 'add' || keys.length === 0) {
    node[Array.isArray(node) ? String(keys.length) : `unexpected_${at % 7}`] = hostile;
    return;
  }
  const key = keys[Math.floor(at / all.length) % keys.length]!;
  if (kind === 'delete') delete node[key];
  else node[key] = hostile;
}
