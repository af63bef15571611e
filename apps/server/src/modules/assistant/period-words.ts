/**
 * Periods named by a weekday ('on tuesday', 'मंगलवार को'), by two dates ('1 nov se 10 nov tak',
 * 'between 1 and 10 nov', '1 से 10 नवंबर तक') or as 'so far' ('ab tak', 'अब तक'): read on the
 * question's words (lexicon.ts readWords) against vocabulary.json `periods`. Dates are
 * YYYY-MM-DD in the user's zone; `today` is the user's date.
 */
import { shiftDate } from '@diacare/contract/dates';
import { VOCABULARY, hasPhrase, readWords, type Words } from './lexicon.ts';

const P = VOCABULARY.periods;
const WEEKDAYS = new Map(
  Object.entries(VOCABULARY.weekdays).flatMap(([day, names]) => names.map((name) => [name, Number(day)] as const)),
);
const RANGE_TO = new Set(P.rangeTo);
const LAST = new Set(P.last);
/** Every month name of vocabulary.json `months` ('nov', 'नवंबर', 'octobr') → its number, 1–12. */
export const MONTHS: ReadonlyMap<string, number> = new Map(
  Object.entries(VOCABULARY.months).flatMap(([month, names]) => names.map((n) => [n, Number(month)] as const)),
);
const DATE_WORDS = new Set(P.dateWords);
/** Short forms that are also everyday words ('mon' in Hinglish, 'wed' as married, 'mangal' as a name). */
const AMBIGUOUS_WEEKDAYS = new Set(['mon', 'wed', 'mangal', 'मंगल']);

const RECURRING = new Set(P.recurring);

/**
 * The weekday `words` name as a recurring day ('my tuesday fasting numbers always look high', 'every
 * Sunday', 'pichle sundays', 'हर रविवार'): a weekday in the plural or beside a word of recurrence
 * (vocabulary.json periods.recurring). Sunday is 0, as Date.getUTCDay; null when none.
 */
export function recurringWeekdayIn(words: readonly string[]): number | null {
  const plural = words.find((w) => w.endsWith('s') && WEEKDAYS.has(w.slice(0, -1)) && w.length > 4);
  if (plural) return WEEKDAYS.get(plural.slice(0, -1))!;
  const named = words.find((w) => WEEKDAYS.has(w) && !AMBIGUOUS_WEEKDAYS.has(w));
  return named !== undefined && words.some((w) => RECURRING.has(w)) ? WEEKDAYS.get(named)! : null;
}

/**
 * The date of the weekday `words` name: the latest such day on or before `today` ('last tuesday'
 * on a Tuesday: a week before). Null when no weekday is named. Sunday is 0, as Date.getUTCDay.
 */
export function weekdayIn(words: readonly string[], today: string): string | null {
  const at = words.findIndex((w) => WEEKDAYS.has(w) && (!AMBIGUOUS_WEEKDAYS.has(w) || words.length <= 4));
  if (at < 0) return null;
  const wanted = WEEKDAYS.get(words[at]!)!;
  const back = (new Date(`${today}T00:00:00Z`).getUTCDay() - wanted + 7) % 7;
  return shiftDate(today, -(back === 0 && LAST.has(words[at - 1] ?? '') ? 7 : back));
}

const dayNumber = (word: string | undefined) => {
  const match = /^(\d{1,2})(st|nd|rd|th)?$/.exec(word ?? '');
  const day = match ? Number(match[1]) : NaN;
  return day >= 1 && day <= 31 ? day : null;
};

/** 'day [month]' or 'month day' at word `i`: the day, its month (or null) and the next word's index. */
function dayAt(words: readonly string[], i: number): { day: number; month: number | null; next: number } | null {
  const day = dayNumber(words[i]);
  if (day !== null) {
    const month = MONTHS.get(words[i + 1] ?? '');
    return { day, month: month ?? null, next: i + (month === undefined ? 1 : 2) };
  }
  const month = MONTHS.get(words[i] ?? '');
  const after = dayNumber(words[i + 1]);
  return month !== undefined && after !== null ? { day: after, month, next: i + 2 } : null;
}

/**
 * Two dates with a word between ('to', 'se … tak', 'and', 'से … तक'), at least one with its month:
 * the first to the second, each in the past year (a month still to come is last year's). Null when
 * there are not two such dates or the first comes after the second.
 */
export function dateRangeIn(words: readonly string[], today: string): { from: string; to: string } | null {
  const inPast = (day: number, month: number) => {
    const year = Number(today.slice(0, 4));
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return date > today ? `${year - 1}${date.slice(4)}` : date;
  };
  for (let i = 0; i < words.length; i += 1) {
    const first = dayAt(words, i);
    if (!first || !RANGE_TO.has(words[first.next] ?? '')) continue;
    const second = dayAt(words, first.next + 1);
    const month = second?.month ?? first.month;
    if (!second || month === null) continue;
    const from = inPast(first.day, first.month ?? month);
    const to = inPast(second.day, month);
    if (from <= to && to <= today) return { from, to };
  }
  return null;
}

/** True when `text` says 'so far', 'till now', 'ab tak', 'अब तक', 'ever', 'कभी': everything up to today. */
export const saysSoFar = (text: Words) => hasPhrase(text, P.soFar);

/** English number words for a day of the month, as voice typing writes them ('twelve november'): 1 to 20. */
const DAY_WORDS: Record<string, number> = Object.fromEntries(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, i) => [word, i + 1]),
);

/** A calendar date the question names ('14 Nov', 'nov 14', '2026-11-14', '14/11'), in the past year. */
export function dateIn(text: string, words: readonly string[], today: string): string | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return iso[0];
  const pad = (n: number) => String(n).padStart(2, '0');
  const inPast = (day: number, month: number) => {
    const year = Number(today.slice(0, 4));
    const date = `${year}-${pad(month)}-${pad(day)}`;
    return date > today ? `${year - 1}-${pad(month)}-${pad(day)}` : date;
  };
  const slash = /\b(\d{1,2})\/(\d{1,2})\b/.exec(text);
  if (slash && Number(slash[2]) <= 12) return inPast(Number(slash[1]), Number(slash[2]));
  // '16 तारीख', '16 tarikh': the day of this month, or of the last when it is still to come.
  const dayAt = words.findIndex((w, i) => i > 0 && DATE_WORDS.has(w) && /^\d{1,2}(st|nd|rd|th)?$/.test(words[i - 1]!));
  if (dayAt > 0) {
    const day = Number(/^\d{1,2}/.exec(words[dayAt - 1]!)![0]);
    const month = Number(today.slice(5, 7));
    if (day >= 1 && day <= 31) return inPast(day, day > Number(today.slice(8, 10)) ? ((month + 10) % 12) + 1 : month);
  }
  for (let i = 0; i < words.length; i += 1) {
    const month = MONTHS.get(words[i]!);
    if (month === undefined) continue;
    const digits =
      /^(\d{1,2})(st|nd|rd|th)?$/.exec(words[i - 1] ?? '') ?? /^(\d{1,2})(st|nd|rd|th)?$/.exec(words[i + 1] ?? '');
    // 'twelve november', 'november twelve' (voice typing): the day in words.
    const day = digits ? Number(digits[1]) : (DAY_WORDS[words[i - 1] ?? ''] ?? DAY_WORDS[words[i + 1] ?? ''] ?? NaN);
    if (day >= 1 && day <= 31) return inPast(day, month);
  }
  return null;
}

/**
 * 'D-D month' ('9-15 nov', '1–7 नवंबर'): the two days of that month, in the past year; null when the
 * text has none or the first day comes after the second.
 */
export function hyphenRangeIn(text: string, today: string): { from: string; to: string } | null {
  const match = /(?:^|[^\d])(\d{1,2})\s*[-–]\s*(\d{1,2})\s+([\p{L}\p{M}]+)/u.exec(text);
  const month = match ? MONTHS.get(readWords(match[3]!).words[0] ?? '') : undefined;
  if (!match || month === undefined) return null;
  const year = Number(today.slice(0, 4));
  const date = (day: string, y: number) => `${y}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  const y = date(match[2]!, year) > today ? year - 1 : year;
  const [from, to] = [date(match[1]!, y), date(match[2]!, y)];
  return Number(match[1]) >= 1 && from <= to ? { from, to } : null;
}
