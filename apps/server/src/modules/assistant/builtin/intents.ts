/**
 * What a question asks about, for the built-in engine: the data tools it needs and the
 * period. Each word is matched against a vocabulary of everyday terms ('sugar', 'BP',
 * 'tablet', 'missed', 'last week') with MiniSearch's fuzzy matching, so typos such as
 * 'suger', 'medecine' or 'apointment' still land.
 */
import MiniSearch from 'minisearch';
import type { PeriodDays } from '../tools.ts';

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

/** Everyday words per concept (lower case, single words; the fuzzy match handles typos). */
const VOCABULARY: Record<Concept, string[]> = {
  glucose: ['sugar', 'sugars', 'glucose', 'bg', 'rbs', 'fbs', 'ppbs', 'diabetes', 'readings', 'reading', 'glycemia'],
  bp: ['bp', 'pressure', 'hypertension', 'systolic', 'diastolic'],
  weight: ['weight', 'weigh', 'kg', 'kilos', 'heavier', 'lighter', 'weighing'],
  bmi: ['bmi'],
  medicine: [
    'medicine',
    'medicines',
    'medication',
    'medications',
    'meds',
    'tablet',
    'tablets',
    'pill',
    'pills',
    'capsule',
    'capsules',
    'dose',
    'doses',
    'insulin',
    'injection',
    'dawai',
    'dawa',
  ],
  take: ['take', 'taken', 'took', 'taking'],
  missed: ['missed', 'miss', 'forgot', 'forget', 'forgotten', 'skipped'],
  adherence: ['adherence', 'compliance', 'regularly', 'consistent', 'consistently'],
  today: ['today', 'tonight', 'morning', 'evening', 'now'],
  next: ['next', 'upcoming', 'due', 'remaining', 'left'],
  refill: ['refill', 'refills', 'restock', 'reorder', 'stock', 'running', 'pharmacy'],
  appointment: ['appointment', 'appointments', 'visit', 'checkup', 'doctor', 'lab', 'booking', 'booked'],
  week: ['week', 'weekly', 'seven'],
  month: ['month', 'monthly', 'thirty', '30'],
  low: ['lows', 'low', 'hypos', 'hypo'],
  range: ['range', 'tir'],
  summary: ['summary', 'overview', 'doing', 'progress', 'report', 'status'],
  personal: ['my', 'me', 'i', "i'm", 'mine', 'im'],
  howto: ['how', 'what', 'why', 'should', 'can', 'normal', 'tips', 'advice', 'safe', 'good', 'bad', 'healthy', 'avoid'],
};

interface VocabularyEntry {
  id: number;
  word: string;
  concept: Concept;
}

const entries: VocabularyEntry[] = Object.entries(VOCABULARY)
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

/** Splits a question into lower-case words ("How's my BP?" → how's, my, bp). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      .match(/[a-z0-9']+/g) ?? []
  );
}

/** The concepts of one word: exact first, else the closest vocabulary word within one or two edits. */
function conceptsOf(word: string): Concept[] {
  const known = exact.get(word);
  if (known) return known;
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

/**
 * Reads `question`: which data tools answer it, and over which period (30 days when it
 * says month or 30 days, else 7: 'this week', 'last week' and no period all mean Reports'
 * last 7 days). An empty `tools` list means it is not a question about the user's data.
 */
export function readIntent(question: string): Intent {
  const tokens = words(question);
  const concepts = new Set(tokens.flatMap(conceptsOf));
  const text = tokens.join(' ');
  if (/\bblood pressure\b/.test(text)) concepts.add('bp');
  if (/\b(time in range|in range)\b/.test(text)) concepts.add('range');
  if (/\bpills? left\b|\brun(ning)? out\b|\bhow many (pills|tablets)\b/.test(text)) concepts.add('refill');
  if (/\bhow am i doing\b|\bhow have i been\b/.test(text)) concepts.add('summary');
  const has = (concept: Concept) => concepts.has(concept);
  const period: PeriodDays = has('month') ? 30 : 7;
  const personal = has('personal') || has('today') || has('next') || has('week') || has('month') || has('missed');
  // "How do I check my sugar?", "What is a normal BP?" are knowledge questions unless they
  // also name a period, 'latest'/'last' or an average.
  const asksAboutMe = personal && !/\b(how (do|to|can|should)|what is a|what's a|normal)\b/.test(text);
  const recent = /\b(latest|last|average|avg|recent|lately|this|past|been|was|were|trend|today|yesterday)\b/.test(text);
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
