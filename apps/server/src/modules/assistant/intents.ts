/**
 * What a question asks about, for the built-in engine: the data tools it needs and the period.
 * Words are fuzzily matched (MiniSearch) against everyday English, Hindi and Hinglish terms from
 * vocabulary.json, so 'suger' or 'meri last sugar kitni thi?' still land.
 * Decision 038.
 */
import MiniSearch from 'minisearch';
import { wordsOf } from './language.ts';
import { VOCABULARY } from './lexicon.ts';
import type { PeriodDays } from './tools.ts';

export type Concept =
  | 'glucose'
  | 'bp'
  | 'weight'
  | 'bmi'
  | 'medicine'
  | 'take'
  | 'missed'
  | 'adherence'
  | 'today'
  | 'next'
  | 'refill'
  | 'appointment'
  | 'week'
  | 'month'
  | 'low'
  | 'range'
  | 'summary'
  | 'personal'
  | 'howto';

/** Everyday words per concept: English, Hindi and Hinglish (vocabulary.json `concepts`, normalised). */
const CONCEPT_WORDS = VOCABULARY.concepts as Record<Concept, string[]>;

interface VocabularyEntry {
  id: number;
  word: string;
  concept: Concept;
}

const entries: VocabularyEntry[] = Object.entries(CONCEPT_WORDS)
  .flatMap(([concept, words]) => words.map((word) => ({ word, concept: concept as Concept })))
  .map((entry, id) => ({ ...entry, id }));

const vocabulary = new MiniSearch<VocabularyEntry>({
  fields: ['word'],
  storeFields: ['word', 'concept'],
  tokenize: (text) => [text],
  processTerm: (term) => term.toLowerCase(),
});
vocabulary.addAll(entries);
const exact = new Map<string, Concept[]>();
for (const entry of entries) exact.set(entry.word, [...(exact.get(entry.word) ?? []), entry.concept]);

/**
 * Splits a question into lower-case words ("How's my BP?" → how's, my, bp): Latin words,
 * digits, and Devanagari words with their vowel signs in the normalised spelling
 * ("मेरी पिछली शुगर?" → मेरी, पिछली, शुगर).
 */
export function words(text: string): string[] {
  return wordsOf(text);
}

/**
 * Words of change ('badha', 'ghata', 'improving'; vocabulary.json measures.trend and doseChange.change) that
 * are never read as a concept one edit away ('badha', increased, is not 'bacha', left).
 */
const CHANGE_WORDS = new Set(
  [...VOCABULARY.measures.trend, ...VOCABULARY.doseChange.change, 'badhi', 'badhe', 'ghati', 'ghate'].filter(
    (word) => !word.includes(' '),
  ),
);

/** The concepts of one word: exact first, else the closest vocabulary word within one or two edits. */
export function conceptsOf(word: string): Concept[] {
  const known = exact.get(word);
  if (known) return known;
  if (CHANGE_WORDS.has(word)) return [];
  // Short words are too easily one edit from another word ('foot' → 'took'): exact only.
  if (word.length < 5) return [];
  const [best] = vocabulary.search(word, { fuzzy: word.length >= 8 ? 2 : 1, prefix: false });
  return best ? [best.concept as Concept] : [];
}

export interface Intent {
  concepts: Set<Concept>;
  period: PeriodDays;
  /** The data tools this question asks for, in answer order. */
  tools: Array<'todaysDoses' | 'adherence' | 'glucose' | 'bloodPressure' | 'weight' | 'refills' | 'nextAppointment'>;
}

/** General questions ('How do I check my sugar?', 'What is a normal BP?', 'kya main aam kha sakta hoon?'). */
const GENERAL =
  /\b(how (do|to|can|should|does)|what should (i|he|she|we|they) (carry|pack|bring|keep|do|eat|avoid|know)|what is a|what's a|normal|should i know|know about|tell me about|affects?|should (my \w+ )?be|kaise (karu|karun|kare|karein|check|naapu|rakhu|kam)|kya hota|kya hoti|hona chahiye|honi chahiye|theek hai kya|thik hai kya|sakte hain|sakta hoon|sakti hoon|kha sakte|pee sakte|pi sakte|what does|means?|meaning|matlab)\b/;
/** The same in Hindi: "मैं अपनी शुगर कैसे जांचूं?", "सामान्य बीपी क्या है?", "... क्या होता है?", "नींद का क्या असर होता है?" */
const GENERAL_HI =
  / (कैसे (करूं|करें|करना|जांचूं|जांचें|जांच|नापूं|नापें|रखूं|रखें|देखूं|देखें|बचूं|बचें)|सामान्य|नॉर्मल|क्या होता|क्या होती|असर|सकते हैं|होनी चाहिए|होना चाहिए|मतलब) /;

/**
 * True when `text` (the words of a question joined by single spaces) asks about living with
 * diabetes in general, not about the user's own data, even if it says 'my' or names a subject.
 */
export function isGeneralQuestion(text: string): boolean {
  return GENERAL.test(text) || GENERAL_HI.test(` ${text.trim()} `);
}

/**
 * Reads `question`: which data tools answer it, and over which period (30 days when it
 * says month or 30 days, else 7: 'this week', 'last week' and no period all mean Reports'
 * last 7 days). An empty `tools` list means it is not a question about the user's data.
 */
export function readIntent(question: string): Intent {
  const tokens = words(question);
  const concepts = new Set(tokens.flatMap(conceptsOf));
  const text = tokens.join(' ');
  // Hindi phrases are matched between spaces: JavaScript's \b knows only Latin word characters.
  const hindi = ` ${text} `;
  if (/\bblood pressure\b/.test(text) || / ब्लड प्रेशर /.test(hindi)) concepts.add('bp');
  if (/\b(time in range|in range)\b/.test(text) || / (टाइम इन रेंज|रेंज में) /.test(hindi)) concepts.add('range');
  if (
    /\b(pills?|tabs?|tablets?) (do i have |i have |are )?left\b|\brun(ning)? out\b|\bhow many (pills|tablets)\b/.test(
      text,
    )
  ) {
    concepts.add('refill');
  }
  // 'next test', 'agla test', 'अगला टेस्ट', 'अगली जांच': the next lab visit.
  if (
    /\b(next|agla|agli) (test|blood test|lab test|checkup)\b|\bwhen (do|should|will) (i|he|she|we) (test|check) again\b/.test(
      text,
    ) ||
    / (अगला|अगली) (टेस्ट|जांच) /.test(hindi)
  ) {
    concepts.add('appointment');
  }
  if (/ (कितनी|कितने) (गोलियां|गोली|दवाइयां|दवाई|दवा|टैबलेट) (बची|बचीं|बचे|बाकी) /.test(hindi)) concepts.add('refill');
  if (/\bhow am i doing\b|\bhow have i been\b/.test(text) || / (कैसा चल रहा|कैसी चल रही) /.test(hindi)) {
    concepts.add('summary');
  }
  // 'कम' is low sugar only beside sugar words, not 'कम करूं' (reduce) and not in 'कम से कम'.
  if (concepts.has('low') && / कम /.test(hindi) && !/ (लो|हाइपो) /.test(hindi) && !/ (शुगर|ग्लूकोज|रीडिंग) /.test(hindi)) {
    concepts.delete('low');
  }
  // 'next week', 'agle mahine': still to come, not a period of the person's records.
  if (
    /\b(next|coming|agle|agla) (week|month|hafte|hafta|mahine|mahina)\b/.test(text) ||
    / अगले (हफ्ते|सप्ताह|महीने) /.test(hindi)
  ) {
    concepts.delete('week');
    concepts.delete('month');
  }
  const has = (concept: Concept) => concepts.has(concept);
  const period: PeriodDays = has('month') ? 30 : 7;
  const personal = has('personal') || has('today') || has('next') || has('week') || has('month') || has('missed');
  // "How do I check my sugar?", "What is a normal BP?" are knowledge questions unless they
  // also name a period, 'latest'/'last' or an average.
  const asksAboutMe = personal && !isGeneralQuestion(text);
  const recent =
    /\b(latest|last|average|avg|recent|lately|this|past|been|was|were|trend|today|yesterday|tha|thi|the|raha|rahi|pichle|kal|aaj|ausat)\b/.test(
      text,
    ) || / (पिछली|पिछला|पिछले|आखिरी|ताजा|हाल|औसत|लेटेस्ट|इस|रहा|रही|रहे|था|थी|थे|आज|कल) /.test(hindi);
  const data = asksAboutMe || (personal && recent);
  const tools: Intent['tools'] = [];
  if (!data) return { concepts, period, tools };

  if (has('appointment')) tools.push('nextAppointment');
  if (has('refill')) tools.push('refills');
  const medicineQuestion =
    has('medicine') ||
    has('missed') ||
    has('adherence') ||
    (has('take') && (has('today') || has('week') || has('month')));
  if (medicineQuestion && !has('refill')) {
    const overPeriod = has('adherence') || ((has('week') || has('month')) && !has('today'));
    if (overPeriod) tools.push('adherence');
    else tools.push('todaysDoses');
  }
  if (has('glucose') || has('low') || has('range')) tools.push('glucose');
  if (has('bp')) tools.push('bloodPressure');
  if (has('weight') || has('bmi')) tools.push('weight');
  if (tools.length === 0 && has('summary')) tools.push('glucose', 'adherence', 'bloodPressure');
  return { concepts, period, tools: [...new Set(tools)] };
}
