/**
 * The assistant's guard rails, pure and outside any model: dose-change refusal, escalation ('Call 112 now', the 15–15
 * rule), numbers only from tool results, ≤ 2,000 characters (docs/product.md, Clinical statements). Patterns match
 * English and Hindi on language.ts's normalised spelling (no nukta, ँ as ं: 'छोड़' is written 'छोड' here).
 */
import { ASSISTANT_MESSAGE_MAX_CHARS, type AssistantSource } from '@diacare/contract/assistant';
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';
import { t } from '../../i18n/index.ts';
import { MEDICINE_HI } from './dose-change-question.ts';
import { normalise } from './medicine-spelling.ts';
import { VOCABULARY, hasPhrase, readChatWords } from './lexicon.ts';
import { mentionedGlucose } from './told-glucose.ts';
import {
  namesPastDay,
  PAST_EVENT,
  tellsUrgentSigns,
  tellsVeryHighWithSigns,
  withoutGeneralHeartAttack,
} from './urgent-signs.ts';
import { citedSource, hypoSteps } from './phrases.ts';

/** The 15–15 steps in `unit` and `language` (phrases.ts). */
export { hypoSteps };
/** Whether a question asks to change a dose (dose-change-question.ts); the guard rails' normalised text. */
export { isDoseChangeQuestion } from './dose-change-question.ts';
export { normalise };

/** The fixed answer to any dose-change question (ask the doctor or pharmacist), in English. */
export const DOSE_CHANGE_REFUSAL = t('en', 'assistant.dose_change.refusal');

/** 'Call 112 now' first (112 is India's national emergency number, ERSS; 108 the ambulance). */
export const EMERGENCY_TEXT = t('en', 'assistant.emergency');

/** The hypoglycaemia steps in mg/dL, in English. */
export const HYPO_STEPS = hypoSteps();

export const SELF_HARM_TEXT = t('en', 'assistant.self_harm');

export const HYPO_SOURCE: AssistantSource = citedSource('en', 'hypo');
export const EMERGENCY_SOURCE: AssistantSource = citedSource('en', 'emergency');

export type Escalation = 'emergency' | 'self-harm' | 'hypo' | null;

const SELF_HARM =
  /\b(kill(ing)? myself|suicid\w*|end (my|it all)|take my (own )?life|hurt(ing)? myself|self[- ]?harm|don't want to (live|be alive)|want to die|better off dead)\b/;
const EMERGENCY =
  /\b(faint(ed|ing)?|pass(ed)? out|passing out|black(ed)? out|unconscious|collaps(e|ed|ing)|seizure|fits?|chest pains?|pain in (my|the) chest|chest (tight|tightness|pressure)|can't breathe|cannot breathe|can not breathe|breathless|short(ness)? of breath|trouble breathing|difficulty breathing|hard to breathe|breathing (trouble|problem|difficult)|not breathing|stroke|unresponsive|won't wake|not waking|(isn't|isnt|is not|hasn't) (waking|woken)|can't wake|cannot wake|not responding|face (is )?droop(ing|ed|s)?|drooping face|slurred speech|speech (is )?slurred|can't lift (his|her|my) arm)\b/;
/** Symptoms and "going low" — not the bare word (so "What is hypoglycaemia?" gets the article). */
const HYPO_SYMPTOMS =
  /\b(shak(y|ing|es)|trembl(e|ing|y)|sweat(y|ing)|clammy|dizz(y|iness)|light-?headed|confus(ed|ion)|feel(ing)? (low|hypo)|going low|(having|had|in) a hypo|i'?m hypo|palpitations?|pounding heart|heart racing|blurr?(y|ed) vision|very hungry|weak and)\b/;

/** The same in Hindi: self-harm, emergencies (fainting, chest pain, breathing, fits, stroke), hypo symptoms. */
const SELF_HARM_HI =
  /(आत्महत्या|खुदकुशी|खुद को (मार|खत्म|नुकसान|चोट)|अपनी जान (दे|ले)|जान दे दूं|जीना नहीं चाहत|जीने का मन नहीं|मर जाना चाहत|मरना चाहत|मर जाऊं)/;
const EMERGENCY_HI =
  /(बेहोश|बेहोस|बेशुद्ध|होश नहीं|होश (कोनी|नइ|नई|नाहीं|ना)|होश खो|गिर पड|दौरा पड|दौरे पड|मिर्गी|सीने में (दर्द|जकडन|भारीपन|दबाव)|छाती में (दर्द|जकडन|भारीपन|दबाव)|सांस (नहीं|लेने में|फूल|रुक)|सांस की (तकलीफ|दिक्कत|परेशानी)|दम घुट|लकवा|स्ट्रोक|मुंह टेढा|मुंह टेढ़ा|चेहरा टेढा|हाथ नहीं उठ|बोल नहीं पा|जाग नहीं|उठ नहीं रह)/;
const HYPO_SYMPTOMS_HI =
  /(कांप|कंपकंपी|पसीना|पसीने|चक्कर|घबराहट|धुंधला|उलझन|बहुत भूख|लो (हो|लग) रह|हाइपो (हो|हुआ)|दिल (तेज|जोर से) धडक|धडकन तेज)/;
/** 'शुगर कम हो गई': going low, unless said as what happens at times ('कम हो जाती है क्या'). */
const GOING_LOW_HI = /शुगर (कम|लो|डाउन) (हो(?!ती)|लग)/;
/**
 * 'ho jati h', 'हो जाती है', 'can it', 'why does': the question asks what happens at times, not that
 * the person is low now ('abhi', 'raha', 'अभी', 'रही' say now). Used only for the going-low words.
 */
const HABITUAL =
  /\b(jati|jaati|jata|jaata|jate|jaate|hoti|hota|sakti|sakta|kyu|kyun|kyon|kyo|why|can|does|do|hone|hoga|hogi)\b|(जाती|जाता|जाते|होती|होता|सकती|सकता|क्यों|होने|होगी|होगा)(?![\p{L}\p{M}])/u;
const NOW = /\b(abhi|raha|rahi|rahe|now|right now|currently|feeling)\b|(अभी|रहा|रही|रहे)(?![\p{L}\p{M}])/u;

const HINGLISH = VOCABULARY.escalation;

/**
 * What must come first in the answer to `text`: 'emergency' (Call 112 now) for a reading
 * under 54 mg/dL, fainting, chest pain or breathing trouble; 'self-harm' for thoughts of
 * self-harm; 'hypo' for hypoglycaemia symptoms, a mentioned value under 70, or
 * `recentLowMgDl` (a reading < 70 mg/dL logged in the last 2 hours); else null.
 */
export function escalationFor(text: string, recentLowMgDl: number | null = null): Escalation {
  const t = normalise(text);
  // Chat spellings written out ('jawab ni de rhi' → 'jawab nahi de rahi') for the phrase lists and patterns.
  const words = readChatWords(t);
  if (SELF_HARM.test(t) || SELF_HARM_HI.test(t) || hasPhrase(words, HINGLISH.selfHarm)) return 'self-harm';
  const value = mentionedGlucose(t);
  // 'why is heart attack risk higher': asked in general, not told (urgent-signs.ts).
  const told = withoutGeneralHeartAttack(t);
  const toldWords = readChatWords(told);
  if (
    EMERGENCY.test(told) ||
    EMERGENCY_HI.test(told) ||
    hasPhrase(toldWords, HINGLISH.emergency) ||
    tellsUrgentSigns(told) ||
    tellsUrgentSigns(toldWords.padded)
  )
    return 'emergency';
  if (tellsVeryHighWithSigns(t, value)) return 'emergency';
  if (value !== null && value < HYPOGLYCAEMIA.veryLow) return 'emergency';
  if (recentLowMgDl !== null && recentLowMgDl < HYPOGLYCAEMIA.veryLow) return 'emergency';
  const habitual = HABITUAL.test(t) && !NOW.test(t);
  // 'he felt shaky one day this week', 'इस हफ्ते दो बार लो हो गई': signs told as past, not now.
  const past = PAST_EVENT.test(t) && !NOW.test(t) && namesPastDay(t, words);
  const goingLow = GOING_LOW_HI.test(t) || hasPhrase(words, HINGLISH.goingLow);
  if (!past && (HYPO_SYMPTOMS.test(t) || HYPO_SYMPTOMS_HI.test(t) || hasPhrase(words, HINGLISH.hypo))) return 'hypo';
  if (goingLow && !habitual && !past) return 'hypo';
  if (value !== null && value < HYPOGLYCAEMIA.low) return 'hypo';
  if (recentLowMgDl !== null) return 'hypo';
  return null;
}

/**
 * A number followed by a dose unit ("500 mg", "10 units", "2 tablets", "2 गोली", "10 यूनिट"):
 * never in a refusal; a glucose in mg/dL is a reading, not a dose. Use with the `u` flag (it reads
 * Devanagari letters after the unit).
 */
export const DOSE_NUMBER =
  /\b\d+(\.\d+)?\s*(mg|mcg|µg|units?|iu|ml|tablets?|pills?|capsules?|puffs?|मिलीग्राम|यूनिट|गोलियां|गोलियाँ|गोली|टैबलेट|कैप्सूल)(?![\p{L}\p{M}\p{N}_]|\/\s*dl(?![\p{L}]))/iu;

const DOSE_INSTRUCTION: RegExp[] = [
  /\b(take|inject|use|have|give yourself)\b.{0,20}\b(\d+(\.\d+)?|one|two|three|four|half|another|an extra|extra)\b.{0,15}\b(mg|mcg|units?|iu|ml|tablets?|pills?|capsules?|doses?|shots?|injections?)\b/,
  /\b(increase|decrease|reduce|lower|raise|double|halve|adjust|change|cut)\b.{0,25}\b(dose|dosage|insulin|units|tablets?|pills?|medicines?|medication|metformin)\b/,
  /\b(stop|skip|quit|pause|discontinue)\b.{0,15}\b(taking|your|the)\b.{0,20}\b(dose|insulin|tablets?|pills?|medicines?|medication|metformin)\b/,
  /\b(start|begin)\b.{0,15}\b(taking|on)\b.{0,20}\b(insulin|tablets?|pills?|medicines?|medication|metformin)\b/,
  /\b(an extra|another|a second|one more)\b.{0,10}\b(dose|tablet|pill|shot|injection)\b/,
  // Hindi: "2 गोली लें", "10 यूनिट लगाइए", "एक और खुराक लें"
  new RegExp(
    String.raw`(\d+(\.\d+)?|एक|दो|तीन|चार|आधी|आधा|एक और|अतिरिक्त|एक्स्ट्रा).{0,10}(mg|मिलीग्राम|यूनिट|गोली|गोलियां|टैबलेट|कैप्सूल|खुराक|डोज).{0,20}(लें|लीजिए|ले लें|लगाएं|लगाइए|लगा लें)`,
  ),
  // "खुराक बढ़ा दें", "इंसुलिन कम करें", "दवा बंद कर दें", "मेटफॉर्मिन छोड़ दें", "इंसुलिन शुरू करें"
  new RegExp(
    String.raw`${MEDICINE_HI}.{0,25}(बढा दें|बढाएं|बढाइए|घटा दें|घटाएं|घटाइए|कम कर दें|कम करें|कम कीजिए|दोगुनी कर|डबल कर|आधी कर|बदल दें|बदलें|बंद कर दें|बंद करें|बंद कीजिए|छोड दें|छोडें|मत लें|शुरू कर दें|शुरू करें|शुरू कीजिए)`,
  ),
];

/** True when a model's `answer` tells the user to take, change, stop, skip or start a dose. */
export function containsDoseInstruction(answer: string): boolean {
  const t = normalise(answer);
  return DOSE_INSTRUCTION.some((pattern) => pattern.test(t));
}

/** Every number written in `text` ("7.5", "128/84" → 128 and 84, "1,200" → 1200). */
export function numbersIn(text: string): number[] {
  return [...text.replace(/(\d),(\d{3})\b/g, '$1$2').matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

/**
 * Numbers in a model's `answer` that appear nowhere in `grounding` (tool results, the
 * retrieved articles, the guard-rail texts, the user's own message). The answer is
 * refused when any remain: figures about the user must come from tool results.
 */
export function ungroundedNumbers(answer: string, grounding: readonly string[]): number[] {
  const allowed = new Set(grounding.flatMap(numbersIn));
  // Small counting words rendered as digits ("1 reading", "2 hours") are harmless.
  for (let n = 0; n <= 10; n += 1) allowed.add(n);
  return numbersIn(answer).filter((n) => !allowed.has(n));
}

/** Cuts `text` to the 2,000-character cap at a word boundary, with an ellipsis. */
export function clampAnswer(text: string, max = ASSISTANT_MESSAGE_MAX_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > max * 0.8 ? space : cut.length)}…`;
}

/**
 * User-written text (medicine names, notes, titles) as it may reach a model: a JSON string
 * value, control characters removed and length bounded, so it is read as data.
 */
export function asData(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, max);
}
