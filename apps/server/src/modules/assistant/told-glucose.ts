/**
 * The glucose a question tells as the person's reading now ('my sugar is 48', 'sugar 52 hai', 'शुगर 48
 * है'), read for the guard rails' escalation (guard-rails.ts) and the answers that go by a told reading;
 * and one quoted from an old report, which is not a reading now.
 */
import { glucoseToMgDl } from '@diacare/contract/glucose-units';
import { GLUCOSE_BOUNDS } from '@diacare/contract/health-constants';
import { normaliseSpelling } from './language.ts';
import { VOCABULARY, hasPhrase, readWords, type Words } from './lexicon.ts';
import { namesPastDay } from './urgent-signs.ts';

const GV = VOCABULARY.glucoseValue;
const GLUCOSE_WORDS = new Set(GV.glucoseWords);
const CONNECTORS = new Set(GV.connectors);
/** Words after which a number is a period, a count, a dose, a time or a date, never a reading. */
const NOT_A_READING_AFTER = new Set([...GV.notAfter, ':', ...Object.values(VOCABULARY.months).flat()]);
/** Words before a number that make it a threshold ('below 54 mg/dL'), not a reading. */
/** 'a reading of 45', 'any sugar 50': a glucose word after these is not the person's reading. */
const NOT_BEFORE = new Set(GV.notBefore);
const PAST_TENSE = GV.pastTense;
const THRESHOLD_BEFORE = new Set([
  'below',
  'under',
  'above',
  'over',
  'than',
  'between',
  'and',
  'or',
  'target',
  'normal',
  '<',
  '>',
]);

/**
 * Numbers (with decimals), words, ':', '<', '>', '%', commas and a sentence's stop of the normalised `t`: a
 * number ending a sentence ('sugar 300. am I in danger') is not read with the next one's first word ('am').
 */
const tokensOf = (t: string) => t.match(/\d+(?:\.\d+)?|[\p{L}\p{M}\p{N}]+|[:<>%,;]|[.?!।](?=\s|$)/gu) ?? [];

/** A number token read as glucose: mmol/L when decimal or followed by 'mmol' (1–35), else mg/dL (20–600). */
function glucoseValue(number: string, next: string | undefined): number | null {
  const value = Number(number);
  if (number.includes('.') || next === 'mmol') {
    return value >= 1 && value <= 35 ? glucoseToMgDl(value, 'mmol/L') : null;
  }
  const [min, max] = GLUCOSE_BOUNDS.value;
  return value >= min && value <= max ? value : null;
}

/**
 * The glucose value the user states as their current reading, in mg/dL: a number after a
 * glucose word through connecting words only ('my sugar is 48', 'sugar 52 hai', 'meri sugar
 * abhi 48 hai', 'शुगर 48 है'; vocabulary.json glucoseValue), or written with its unit
 * ('52 mg/dl', '2.8 mmol'). A number that is a period, count, dose, time or date ('highest
 * sugar in the last 30 days', 'sugar 3 days ago', '2 tablets', 'sugar on 25 Nov') or a
 * threshold ('readings below 54 mg/dL', 'sugar 50 se kam') is not a reading, nor is a past one
 * ('my sugar was 45 last week'), a hypothetical one ('a reading of 45') or one quoted from an old
 * report ('2019 की रिपोर्ट में शुगर 350'; oldReportGlucose). Values told in mmol/L are converted.
 */
export function mentionedGlucose(t: string): number | null {
  // 'my sugar was 45 last week', 'kal sugar 45 thi', 'sugar was 51 on monday': a past reading,
  // not the current one.
  const words = readWords(t);
  if (hasPhrase(words, PAST_TENSE) && namesPastDay(t, words)) return null;
  const { tokens, stated } = statedGlucose(t);
  // 'sugar 45 hai, purani report me 300 thi': a value told in the report's clause is not the reading, another is.
  const old = namesOldReport(words);
  return stated.find((reading) => !old || !inReportClause(tokens, reading.at))?.value ?? null;
}

/** A number in `words` that is a year ('2019', '2023'). */
const YEAR = /^(19|20)\d\d$/;

/**
 * A document ('report', 'पर्चा', 'likha') named as old ('old report', 'purani', 'पुरानी', 'last year') or with
 * a year, and not as today's or new ('aaj ki report').
 */
function namesOldReport(words: Words): boolean {
  if (!hasPhrase(words, GV.reportWords) || hasPhrase(words, GV.newReport)) return false;
  return hasPhrase(words, GV.oldWords) || words.words.some((w) => YEAR.test(w));
}

type Stated = { value: number; at: number };

const CLAUSE_BREAKS = new Set([',', ';', '.', '?', '!', '।', ...GV.clauseJoins]);
const REPORT_CLAUSE = new Set([...GV.reportWords, ...GV.reportPointers]);

/**
 * True when the token at `at` is in a clause that names the report or points to it ('उसमें शुगर 350 लिखी है',
 * 'it says sugar 300', 'purani report me sugar 350'): clauses end at punctuation and at 'and', 'aur', 'पर'….
 */
function inReportClause(tokens: readonly string[], at: number): boolean {
  let from = at;
  while (from > 0 && !CLAUSE_BREAKS.has(tokens[from - 1]!)) from -= 1;
  let to = at;
  while (to < tokens.length - 1 && !CLAUSE_BREAKS.has(tokens[to + 1]!)) to += 1;
  return tokens.slice(from, to + 1).some((token) => REPORT_CLAUSE.has(token));
}

/**
 * A glucose value `question` quotes from an old report, in mg/dL, with the year it names ('पुरानी फाइल में
 * 2019 की रिपोर्ट मिली, उसमें शुगर 350 लिखी है', 'papa ki purani report me sugar 350 likha h 2023 wali'),
 * or null: a result from then, not a reading from now.
 */
export function oldReportGlucose(question: string): { value: number; year: string | null } | null {
  const words = readWords(question);
  if (!namesOldReport(words)) return null;
  const { tokens, stated } = statedGlucose(question);
  const quoted = stated.find((reading) => inReportClause(tokens, reading.at));
  return quoted ? { value: quoted.value, year: words.words.find((w) => YEAR.test(w)) ?? null } : null;
}

/** The numbers `t` states as glucose readings (as mentionedGlucose reads them), whenever they were, in order. */
function statedGlucose(t: string): { tokens: string[]; stated: Stated[] } {
  const tokens = tokensOf(normaliseSpelling(t));
  const stated: Stated[] = [];
  const isNumber = (token: string | undefined) => token !== undefined && /^\d/.test(token);
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (GLUCOSE_WORDS.has(token.replace(/'s$/, '')) && !NOT_BEFORE.has(tokens[i - 1] ?? '')) {
      for (let j = i + 1; j < Math.min(tokens.length, i + 7); j += 1) {
        const word = tokens[j]!;
        if (isNumber(word)) {
          const value = NOT_A_READING_AFTER.has(tokens[j + 1] ?? '') ? null : glucoseValue(word, tokens[j + 1]);
          if (value !== null && !stated.some((reading) => reading.at === j)) stated.push({ value, at: j });
          break;
        }
        if (!CONNECTORS.has(word) && !GLUCOSE_WORDS.has(word) && word !== ',') break;
      }
    }
    // '52 mg/dl', '2.8 mmol' anywhere, unless a threshold ('below 54 mg/dl').
    const unit = tokens[i + 1];
    if (isNumber(token) && (unit === 'mmol' || (unit === 'mg' && tokens[i + 2] === 'dl'))) {
      if (THRESHOLD_BEFORE.has(tokens[i - 1] ?? '')) continue;
      const value = glucoseValue(token, unit);
      if (value !== null && !stated.some((reading) => reading.at === i)) stated.push({ value, at: i });
    }
  }
  return { tokens, stated };
}
