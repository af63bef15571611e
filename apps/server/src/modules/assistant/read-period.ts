/**
 * The period a question names (readPeriod) and two periods it compares (comparedPeriods): today,
 * yesterday, N days ago, the last N days, a calendar week or month (decision 111), a named month,
 * since or between dates, a weekday, since the start. Dates are YYYY-MM-DD in the user's zone;
 * `today` is the user's date. Pure: no clock.
 */
import { shiftDate } from '@diacare/contract/dates';
import { conceptsOf } from './intents.ts';
import { VOCABULARY, hasPhrase, readWords, type Words } from './lexicon.ts';
import { MONTHS, dateIn, dateRangeIn, hyphenRangeIn, saysSoFar, weekdayIn } from './period-words.ts';
import type { Period } from './understanding.ts';

const P = VOCABULARY.periods;
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, ten: 10, fifteen: 15, thirty: 30,
  ek: 1, teen: 3, char: 4, chaar: 4, paanch: 5, panch: 5, saat: 7, das: 10, pandrah: 15, tees: 30,
  एक: 1, दो: 2, तीन: 3, चार: 4, पांच: 5, सात: 7, दस: 10, पंद्रह: 15, तीस: 30,
}; // prettier-ignore
const DAY_WORDS = new Set(P.days);
const WEEK_WORDS = new Set(P.weeks);
const AGO_WORDS = new Set(P.ago);
const LAST_WORDS = new Set(P.last);

/** A count written as digits, a number word, or 'do' (Hinglish two) before a day word. */
function countAt(words: readonly string[], i: number): number | null {
  const word = words[i];
  if (word === undefined) return null;
  if (/^\d{1,3}$/.test(word)) return Number(word);
  if (word === 'do' && DAY_WORDS.has(words[i + 1] ?? '')) return 2;
  return NUMBER_WORDS[word] ?? null;
}

export const range = (from: string, to: string, kind: Period['kind'], n?: number): Period => ({
  kind,
  from,
  to,
  days: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1,
  ...(n === undefined ? {} : { n }),
});
export const lastDays = (today: string, n: number): Period => range(shiftDate(today, -(n - 1)), today, 'lastDays', n);

/**
 * The period `text` names, relative to `today` (the user's date): today, yesterday ('kal',
 * 'कल'), N days ago, the last N days or weeks, this or last calendar week or month (calendarPeriod,
 * decision 111; `rolling`: last week and last month as the last 7 and 30 days), what is usual
 * ('overall', 'ज्यादातर': the last 30 days, as History), since a date, between two dates, on a date
 * ('14 Nov', '16 तारीख', a weekday), or since the start ('since I joined', 'so far': 'all').
 * Null when it names none.
 */
export function readPeriod(question: string, today: string, rolling = false): Period | null {
  const text = readWords(question);
  const { words } = text;
  // '30d', '7d', '2w', '2wk' (chat shorthand for days and weeks).
  const short = words.map((w) => /^(\d{1,3})(d|w|wk|wks)$/.exec(w)).find(Boolean);
  if (short) {
    const days = Number(short[1]) * (short[2] === 'd' ? 1 : 7);
    if (days >= 1 && days <= 366) return lastDays(today, days);
  }
  for (let i = 0; i < words.length; i += 1) {
    const n = countAt(words, i);
    if (n === null || n < 1) continue;
    // 'one day this week', 'ek din': some day, not the last 1 day.
    if (n === 1 && !/^\d/.test(words[i]!) && !LAST_WORDS.has(words[i - 1] ?? '')) continue;
    const unit = words[i + 1] ?? '';
    const days = DAY_WORDS.has(unit) ? n : WEEK_WORDS.has(unit) ? n * 7 : null;
    if (days === null) continue;
    if (AGO_WORDS.has(words[i + 2] ?? '')) {
      const date = shiftDate(today, -days);
      return range(date, date, 'daysAgo', days);
    }
    if (days <= 366) return lastDays(today, days);
  }
  // 'next week', 'agle mahine', 'tomorrow': still to come, so no period of the person's records.
  if (hasPhrase(text, P.future)) return null;
  // 'since I joined', 'shuru se', 'शुरू से': all the data, from the first entry.
  if (hasPhrase(text, P.sinceStart)) return range('1900-01-01', today, 'all');
  // '1 nov se 10 nov tak', 'between 1 and 10 nov' (period-words.ts), before a single date is read.
  const between = dateRangeIn(words, today) ?? hyphenRangeIn(question.toLowerCase(), today);
  if (between) return range(between.from, between.to, 'between');
  const sinceAt = words.findIndex((w) => w === 'since');
  // A date, else a weekday ('since monday', 'मंगलवार को').
  const named = dateIn(normalisedRaw(question), words, today) ?? weekdayIn(words, today);
  // 'since 10 Nov', '10 Nov se'; not a meal's 'se pehle' / 'se baad' ('18 tareek ko lunch se pehle').
  const fromWord = words.some(
    (w, i) =>
      ['se', 'से', 'from'].includes(w) && !['pehle', 'pahle', 'पहले', 'baad', 'bad', 'बाद'].includes(words[i + 1] ?? ''),
  );
  if (named && (sinceAt >= 0 || fromWord)) return range(named, today, 'since');
  if (named) return range(named, named, 'onDate');
  const month = namedMonth(words, today);
  if (month) return month;
  if (hasPhrase(text, P.yesterday) && hasPhrase(text, P.today)) return lastDays(today, 2);
  if (hasPhrase(text, P.dayBeforeYesterday)) return range(shiftDate(today, -2), shiftDate(today, -2), 'daysAgo', 2);
  if (hasPhrase(text, P.yesterday)) return range(shiftDate(today, -1), shiftDate(today, -1), 'yesterday');
  if (hasPhrase(text, P.today)) return range(today, today, 'today');
  const calendar = calendarPeriod(text, today, rolling);
  if (calendar) return calendar;
  // 'overall', 'usually', 'ज्यादातर': what is typical, over the last 30 days (as History).
  if (hasPhrase(text, P.overall)) return lastDays(today, 30);
  const concepts = new Set(words.filter((w) => !/^\d+$/.test(w)).flatMap(conceptsOf));
  if (concepts.has('month')) return lastDays(today, 30);
  if (concepts.has('week')) return lastDays(today, 7);
  // 'last 3' alone is not a period; 'pichle' with 'din' and no count is the default week.
  if (words.some((w) => LAST_WORDS.has(w)) && words.some((w) => DAY_WORDS.has(w))) return lastDays(today, 7);
  return saysSoFar(text) ? range('1900-01-01', today, 'all') : null;
}

const normalisedRaw = (question: string) => question.toLowerCase();

/**
 * The calendar week or month `text` names (docs/decisions/111): 'this week', 'इस हफ्ते' → Monday to
 * `today`; 'last week', 'पिछले हफ्ते', 'गत सप्ताह' → the Monday to Sunday before; 'this month' → the 1st to
 * `today`; 'last month', 'पिछले महीने' → the month before, 1st to last day. 'The last week', 'past month'
 * are the last 7 or 30 days, and so are 'last week' and 'last month' when `rolling` (a trend or a
 * weight's change compares rolling periods). Null when none is named.
 */
function calendarPeriod(text: Words, today: string, rolling: boolean): Period | null {
  if (hasPhrase(text, P.rollingMonth) || (rolling && hasPhrase(text, P.lastMonth))) return lastDays(today, 30);
  if (hasPhrase(text, P.rollingWeek) || (rolling && hasPhrase(text, P.lastWeek))) return lastDays(today, 7);
  if (hasPhrase(text, P.thisMonth)) return range(`${today.slice(0, 8)}01`, today, 'since');
  if (hasPhrase(text, P.lastMonth)) {
    const last = shiftDate(`${today.slice(0, 8)}01`, -1);
    return range(`${last.slice(0, 8)}01`, last, 'month');
  }
  // Monday starts the week (ISO 8601); Date.getUTCDay counts Sunday as 0.
  const monday = shiftDate(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (hasPhrase(text, P.thisWeek)) return range(monday, today, 'since');
  if (hasPhrase(text, P.lastWeek)) return range(shiftDate(monday, -7), shiftDate(monday, -1), 'between');
  return null;
}

/** Month names that are also common words ('may I', 'mar gaya', 'jaan'): not read as a month alone. */
const AMBIGUOUS_MONTHS = new Set(['may', 'mar', 'jan', 'मई']);

/**
 * A calendar month named without a day ('october me', 'अक्टूबर में', 'lows in Oct'): its 1st to its
 * last day, or to today for the current month; a month still to come this year is last year's.
 */
function namedMonth(words: readonly string[], today: string): Period | null {
  const word = words.find((w) => MONTHS.has(w) && !AMBIGUOUS_MONTHS.has(w));
  if (word === undefined) return null;
  const month = MONTHS.get(word)!;
  const thisMonth = Number(today.slice(5, 7));
  const year = Number(today.slice(0, 4)) - (month > thisMonth ? 1 : 0);
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = shiftDate(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
  return range(first, last < today ? last : today, 'month');
}
/**
 * Two months a question names ('October or now in November', 'अक्टूबर और नवंबर'), or one month and
 * 'this month' ('october vs is mahine'): the earlier and the later (so far), else null.
 */
export function twoMonths(words: readonly string[], today: string): { earlier: Period; later: Period } | null {
  const named = [...new Set(words.filter((w) => MONTHS.has(w) && !AMBIGUOUS_MONTHS.has(w)).map((w) => MONTHS.get(w)!))];
  const periods = named.map((month) => namedMonth([[...MONTHS].find(([, m]) => m === month)![0]], today)!);
  if (periods.length === 1 && hasPhrase(readWords(words.join(' ')), VOCABULARY.periods.thisMonth)) {
    periods.push(range(`${today.slice(0, 8)}01`, today, 'since'));
  }
  if (periods.length !== 2) return null;
  const [earlier, later] = [...periods].sort((a, b) => a.from.localeCompare(b.from));
  return earlier!.from === later!.from ? null : { earlier: earlier!, later: later! };
}

/** Words between two periods compared ('9-15 nov vs 16-20 nov', 'last week aur is week', 'की तुलना में'). */
const COMPARE_CUT =
  /\s+(?:vs\.?|v\/s|versus|compared (?:to|with)|than|aur|and|or|ya|और|या|की तुलना में|के मुकाबले|ke mukable|ke mukabale)\s+|[?,;।]/u;
/** Words that ask for a comparison ('better', 'behtar', 'तुलना'): with them, two single days compare too. */
const COMPARE_WORDS =
  /\b(vs|versus|compare|compared|comparison|better|worse|behtar|tulna|mukable|mukabale)\b|तुलना|मुकाबले|बेहतर|बदतर/u;

/**
 * Two periods a question compares: two months (twoMonths), else two different periods named on each
 * side of 'vs', 'than', 'aur', 'or', 'और', 'की तुलना में' ('fbs avg 9-15 nov vs 16-20 nov', 'last week aur
 * is week better hui'); single days only with a comparing word. The earlier and the later, else null.
 */
export function comparedPeriods(question: string, today: string): { earlier: Period; later: Period } | null {
  const months = twoMonths(readWords(question).words, today);
  if (months) return months;
  const found: Period[] = [];
  for (const piece of question.toLowerCase().split(COMPARE_CUT)) {
    const period = piece ? readPeriod(piece, today) : null;
    // 'the 7 days before that' is the period before the other, not one day 7 days ago: not compared here.
    if (!period || period.kind === 'daysAgo') continue;
    if (!found.some((p) => p.from === period.from && p.to === period.to)) found.push(period);
  }
  // 'last week vs this week fasting? also any lows this month': the two on each side of the comparing word.
  if (found.length > 2 && COMPARE_WORDS.test(question.toLowerCase())) found.length = 2;
  if (found.length !== 2) return null;
  if (found.some((p) => p.days < 2 || p.kind === 'all') && !COMPARE_WORDS.test(question.toLowerCase())) return null;
  const [earlier, later] = [...found].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return { earlier: earlier!, later: later! };
}
