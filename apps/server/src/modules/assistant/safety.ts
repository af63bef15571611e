/**
 * Safety answers for a dose already taken twice or missed: fixed, cited, no
 * dose number; the English, Hindi and Hinglish phrases are data (vocabulary.json `safety`).
 */
import type { AssistantSource } from '@diacare/contract/assistant';
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import { t, type Language } from '../../i18n/index.ts';
import { VOCABULARY, hasPhrase, readChatWords, type Words } from './lexicon.ts';
import { citedSource, hypoSteps } from './phrases.ts';

export type SafetyCase = 'extra-dose' | 'missed-dose';

const S = VOCABULARY.safety;
const MEDICINE_WORDS = [
  ...VOCABULARY.concepts.medicine,
  ...Object.values(VOCABULARY.medicineNames).flat(),
  ...VOCABULARY.sulfonylureas,
];
const COUNTS = new Set(S.counts);
const COUNTED = new Set(S.countedUnits);

/** '2 tablets', 'do goli', 'दो बार': a count of doses (not '2 pm'). */
function countsDoses(text: Words): boolean {
  return text.words.some((word, i) => COUNTS.has(word) && COUNTED.has(text.words[i + 1] ?? ''));
}

/**
 * Which safety answer `question` needs: 'extra-dose' when it says an extra, double or
 * repeated dose was taken ('I accidentally took 2 glimepiride tablets', 'galti se do goli
 * kha li', 'गलती से दवा दो बार ले ली'); 'missed-dose' when it says a dose was missed and asks
 * what to do ('I forgot my morning metformin, should I take two tonight?', 'dawai lena bhool
 * gaya, ab kya karun?'); else null. Questions about the record ('did I miss any doses this
 * week?', 'kitni dawai chhooti?') are not. Chat spellings are written out first ('bhul gyi kya kru'; lexicon.ts
 * readChatWords); dialect, Marathi, Gujarati and Punjabi words are in the lists ('भुला गइनी', 'रहगी', 'visarlo',
 * 'do vaari'; decision 100).
 */
export function safetyCase(question: string): SafetyCase | null {
  const text = readChatWords(question);
  const asks = hasPhrase(text, S.ask);
  const aboutRecord = hasPhrase(text, S.dataAsk) && !asks;
  const medicine = hasPhrase(text, MEDICINE_WORDS);
  const more = hasPhrase(text, S.more) || countsDoses(text);
  if (medicine && hasPhrase(text, S.tookPast) && (more || hasPhrase(text, S.accident)) && !aboutRecord) {
    return 'extra-dose';
  }
  if (hasPhrase(text, S.missed) && asks && !hasPhrase(text, S.counting)) return 'missed-dose';
  return null;
}

/**
 * The fixed answer to `kind` in `language`, glucose thresholds in `unit`, with its sources: an
 * extra dose — take no more, call the doctor or pharmacist now, watch for lows after a
 * sulfonylurea or insulin with the 15–15 steps, 112 for fainting or confusion (ADA Standards of
 * Care 2025, §9 and §6); a missed dose — do not double up, follow the doctor or the leaflet, ask
 * the pharmacist (standard patient-leaflet guidance).
 */
export function safetyAnswer(
  kind: SafetyCase,
  language: Language = 'en',
  unit: GlucoseUnit = 'mg/dL',
): { text: string; sources: AssistantSource[] } {
  return kind === 'extra-dose'
    ? {
        text: `${t(language, 'assistant.safety.extra_dose')}\n\n${hypoSteps(unit, language)}`,
        sources: [
          citedSource(language, 'sulfonylurea'),
          citedSource(language, 'hypo'),
          citedSource(language, 'emergency'),
        ],
      }
    : { text: t(language, 'assistant.safety.missed_dose'), sources: [citedSource(language, 'leaflet')] };
}

/** Insulin words: 'insulin', 'basal', 'lantus', 'long acting', 'इंसुलिन' (vocabulary.json records and doseChange). */
const INSULIN_WORDS = [...VOCABULARY.records.insulin, ...S.insulin];

/** True when `question` names insulin ('kal raat lantus bhool gaya', 'forgot my basal'). */
export function namesInsulin(question: string): boolean {
  return hasPhrase(readChatWords(question), INSULIN_WORDS);
}
