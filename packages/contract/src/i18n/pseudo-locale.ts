/**
 * The pseudo-locale en-XA: an English catalog message made accented, about 35 % longer and
 * bracketed ('Medicine' → '[Ḿéḋîçîñé ~~~]'), so a screen, e-mail or PDF shows at a glance any
 * text that does not come from a catalog (it has no brackets), any text cut short (no closing
 * bracket) and any layout that cannot take a longer language. Placeholders ({name}), plural and
 * select cases, '#' and Lingui's tags (<0>…</0>) keep working. Each side builds it from its own
 * English catalogs when DIACARE_PSEUDO_LOCALE=1 (decision 095); nothing of it is committed.
 */

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ḋ',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ḿ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ḋ',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ḿ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** How much longer than English the pseudo text is (German and Tamil run 30–40 % longer). */
export const PSEUDO_EXPANSION = 0.35;

/** The pseudo-locale's tag (CLDR's pseudo-locale for accented English). */
export const PSEUDO_LOCALE = 'en-XA';

/** Index of the '}' closing the '{' at `open` (ICU nesting, no quoting inside arguments). */
function closing(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i++) {
    if (message[i] === '{') depth++;
    else if (message[i] === '}' && --depth === 0) return i;
  }
  return message.length - 1;
}

/** '{count, plural, one {# pill} other {# pills}}' with each case's text accented; '{name}' as is. */
function argument(body: string): string {
  const match = /^\s*(\w+)\s*,\s*(plural|select|selectordinal)\s*,/.exec(body);
  if (!match) return `{${body}}`;
  let out = match[0];
  let i = match[0].length;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open === -1) {
      out += body.slice(i);
      break;
    }
    out += body.slice(i, open);
    const end = closing(body, open);
    out += `{${accent(body.slice(open + 1, end))}}`;
    i = end + 1;
  }
  return `{${out}}`;
}

/** `message` with its letters accented, placeholders, tags and ICU quoting left as they are. */
function accent(message: string): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const char = message[i]!;
    if (char === '{') {
      const end = closing(message, i);
      out += argument(message.slice(i + 1, end));
      i = end + 1;
    } else if (char === '<' && /^<\/?\d+\/?>/.test(message.slice(i))) {
      const tag = /^<\/?\d+\/?>/.exec(message.slice(i))![0];
      out += tag;
      i += tag.length;
    } else if (char === "'" && /^'[{}#']/.test(message.slice(i))) {
      // ICU quoting: ''{…}'' or '{' stays exactly as written.
      const end = message.indexOf("'", i + 1);
      const stop = end === -1 ? message.length : end + 1;
      out += message.slice(i, stop);
      i = stop;
    } else {
      out += ACCENTED[char] ?? char;
      i++;
    }
  }
  return out;
}

/** Letters a reader sees in `message` (placeholders and tags not counted). */
const visibleLength = (message: string) => message.replace(/\{[^{}]*\}|<\/?\d+\/?>/g, '').length;

/**
 * One ICU message as en-XA.
 * @param message an English ICU message ('Only {count, plural, one {# pill} other {# pills}} left')
 * @returns '[Óñļý {count, plural, one {# þîļļ} other {# þîļļš}} ļéƒţ ~~~~]': accented, bracketed,
 *   padded with '~' to about 35 % more letters; an empty message stays empty
 */
export function pseudoLocalise(message: string): string {
  if (message.trim() === '') return message;
  const padding = '~'.repeat(Math.max(1, Math.round(visibleLength(message) * PSEUDO_EXPANSION)));
  return `[${accent(message)} ${padding}]`;
}

/** Every message of an English catalog (id → ICU message) as en-XA. */
export function pseudoCatalog(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, pseudoLocalise(message)]));
}
