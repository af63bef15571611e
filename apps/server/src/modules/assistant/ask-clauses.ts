/**
 * Questions that ask several things at once ('TIR last 10d? also # highs', 'avg kya tha aur sabse
 * zyada kab', 'अगला अपॉइंटमेंट कब है और गोलियाँ कितनी बचीं'): the question is cut into clauses at
 * punctuation and joining words (vocabulary.json `answerRules.joiners`), each clause read by
 * understand() with what it leaves out (the thing measured, the period, the medicine) taken from the
 * whole question, and kept when it asks about the person's own records something the whole
 * question's reading does not: another thing measured, another measure it words, or another period.
 * Pure: no database, no clock (decision 112).
 */
import { TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { VOCABULARY, hasPhrase, readWords } from './lexicon.ts';
import { readThreshold } from './learned-intent.ts';
import { MONTHS } from './period-words.ts';
import { understand, type Understanding } from './understanding.ts';

const JOINERS = new Set(VOCABULARY.answerRules.joiners);
/** Month names and day numbers: 'between 9th and 15th Nov' is one period, not two clauses. */
const dateWord = (word: string | undefined) =>
  word !== undefined && (/^\d{1,2}(st|nd|rd|th)?$/.test(word) || MONTHS.has(word));

/**
 * The clauses of `question`: cut at '?', '.', ',', ';', '!', '।', '+', '&' and the joining words
 * ('and', 'also', 'aur', 'और', 'तथा'), except a joining word between two dates. Each clause as
 * written (lower case); empty ones dropped.
 */
export function askClauses(question: string): string[] {
  const clauses: string[][] = [[]];
  // A full stop between digits is a decimal point ('7.1'), not the end of a clause.
  const text = question.toLowerCase().replace(/(\d)\.(\d)/g, '$1\u2024$2');
  for (const piece of text.split(/([?.,;!।+&\n]+|\s+)/u)) {
    const word = piece.trim().replace(/\u2024/g, '.');
    if (!word) continue;
    if (/^[?.,;!।+&\n]+$/u.test(word)) clauses.push([]);
    else clauses.at(-1)!.push(word);
  }
  // Cut at a joining word unless it stands between two dates.
  const cut: string[][] = [];
  for (const words of clauses) {
    let part: string[] = [];
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i]!;
      if (JOINERS.has(word) && !(dateWord(words[i - 1]) && dateWord(words[i + 1]))) {
        cut.push(part);
        part = [];
      } else part.push(word);
    }
    cut.push(part);
  }
  return cut.map((words) => words.join(' ')).filter((clause) => readWords(clause).words.length > 0);
}

/** One thing a question asks: its clause as written, read with what it leaves out taken from the whole question. */
export type Ask = Understanding & { clause: string };

/** 'highs', 'high readings', 'kitni baar high': readings above 180 mg/dL (the time-in-range target's top). */
const asksHighs = (clause: string) => hasPhrase(readWords(clause), VOCABULARY.answerRules.highs);

/**
 * The other asks of `question` (read as `whole` on `today`, YYYY-MM-DD in the user's zone, by a
 * user taking `medicines`) beside what `whole` answers: one Understanding per clause that asks
 * something more about the person's own records, in the question's order. [] when it asks one thing.
 */
export function otherAsks(question: string, whole: Understanding, today: string, medicines: readonly string[]): Ask[] {
  const clauses = askClauses(question);
  if (clauses.length < 2) return [];
  const asks: Ask[] = [];
  let subject = whole.subject;
  for (const clause of clauses) {
    const own = understand(clause, today, medicines);
    // A clause that names its own thing measured carries it to the clauses after it ('bp aaj kitna hai, aur
    // pichli baar?').
    if (own.subject) subject = own.subject;
    const worded = wordedMeasure(clause, own);
    const ask: Ask = {
      ...own,
      clause,
      subject: own.subject ?? subject,
      measure: worded?.measure ?? own.measure,
      threshold: worded?.threshold ?? own.threshold ?? null,
      period: own.periodNamed ? own.period : whole.period,
      periodNamed: own.periodNamed || whole.periodNamed,
      medicine: own.medicine ?? whole.medicine,
      aboutMe: true,
    };
    if (!ask.subject || !namesOwn(own, worded !== null)) continue;
    if (asks.some((other) => sameAsk(other, ask))) continue;
    asks.push(ask);
  }
  // Two or more asks of their own: each is answered (the engine keeps what its answer lacks); one: only
  // when it asks more than the whole question's reading.
  return asks.length >= 2 ? asks : asks.filter((ask) => differs(ask, whole));
}

/** The measure a clause words itself ('lowest', 'औसत', '# highs'), or null when it words none. */
function wordedMeasure(
  clause: string,
  own: Understanding,
): { measure: Understanding['measure']; threshold?: Understanding['threshold'] } | null {
  if (asksHighs(clause)) {
    return { measure: 'threshold', threshold: { value: TIME_IN_RANGE_TARGET.high, side: 'above', mgDl: true } };
  }
  const threshold = readThreshold(clause);
  if (threshold && threshold.value >= 40) return { measure: 'threshold', threshold: { ...threshold, mgDl: true } };
  const text = readWords(clause);
  const worded = (['highest', 'lowest', 'average', 'timeInRange', 'lows', 'count', 'runOut'] as const).find((m) =>
    hasPhrase(text, VOCABULARY.measures[m]),
  );
  if (worded) return { measure: worded };
  return own.measure !== 'summary' && own.measure !== 'onDay' ? { measure: own.measure } : null;
}

/** True when a clause read alone (`own`) names its own thing measured, period or measure. */
const namesOwn = (own: Understanding, worded: boolean) => own.subject !== null || own.periodNamed || worded;

/** True when `ask`'s thing measured, measure or period is not `whole`'s. */
const differs = (ask: Understanding, whole: Understanding) =>
  ask.subject !== whole.subject ||
  ask.measure !== whole.measure ||
  ask.period.from !== whole.period.from ||
  ask.period.to !== whole.period.to;

const sameAsk = (a: Understanding, b: Understanding) =>
  a.subject === b.subject &&
  a.measure === b.measure &&
  a.period.from === b.period.from &&
  a.period.to === b.period.to &&
  a.medicine === b.medicine;
