/**
 * The assistant's guard rails, pure and outside any model: dose-change refusal, escalation ('Call 112 now', the 15–15
 * rule), numbers only from tool results, ≤ 2,000 characters (docs/product.md, Clinical statements). Patterns match
 * English and Hindi on language.ts's normalised spelling (no nukta, ँ as ं: 'छोड़' is written 'छोड' here).
 */
import { ASSISTANT_MESSAGE_MAX_CHARS, type AssistantSource } from '@diacare/contract/assistant';
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';
import { t } from '../../i18n/index.ts';
import { normaliseSpelling } from './language.ts';
import { medicineSpelling } from './medicine-spelling.ts';
import { VOCABULARY, hasPhrase, readChatWords, readWords } from './lexicon.ts';
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

/** The fixed answer to any dose-change question (ask the doctor or pharmacist), in English. */
export const DOSE_CHANGE_REFUSAL = t('en', 'assistant.dose_change.refusal');

/** 'Call 112 now' first (112 is India's national emergency number, ERSS; 108 the ambulance). */
export const EMERGENCY_TEXT = t('en', 'assistant.emergency');

/** The hypoglycaemia steps in mg/dL, in English. */
export const HYPO_STEPS = hypoSteps();

export const SELF_HARM_TEXT = t('en', 'assistant.self_harm');

export const HYPO_SOURCE: AssistantSource = citedSource('en', 'hypo');
export const EMERGENCY_SOURCE: AssistantSource = citedSource('en', 'emergency');

/**
 * Lower-case, apostrophes unified, Devanagari spellings unified, whitespace collapsed, and a medicine
 * name typed with a slip written as its name (medicineSpelling): what the patterns below read.
 */
export function normalise(text: string): string {
  return normaliseSpelling(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\p{L}\p{M}]{6,}/gu, medicineSpelling);
}

/** Hindi medicine words (normalised spelling), for the Hindi patterns. */
const MEDICINE_HI = String.raw`(दवा|दवाई|दवाइयां|दवाईयां|दवाएं|दवाओं|दवाइयों|गोली|गोलियां|गोलियों|टैबलेट|टेबलेट|कैप्सूल|खुराक|खुराकें|डोज|डोस|इंसुलिन|इन्सुलिन|यूनिट|इंजेक्शन|मेटफॉर्मिन|मेटफार्मिन|ग्लिमेपिराइड)`;
/** Hindi change verbs: stop, start, skip, increase, decrease, double, halve, change, extra. */
const CHANGE_HI = String.raw`(बंद|शुरू|छोड|बढा|बढाऊं|घटा|घटाऊं|कम कर|कम लूं|ज्यादा|डबल|दोगुन|दुगन|दुगुन|आधी|आधा|बदल|एक्स्ट्रा|अतिरिक्त|एक और|दूसरी)`;
/** Asking for permission or advice: should I, may I, is it OK. */
const ASK_HI = String.raw`(कर दूं|कर दीं|कर द्यूं|कर दंव|लूं|ले लूं|ले सकता|ले सकती|ले सकते|लेनी चाहिए|लेना चाहिए|लेने चाहिए|लगाऊं|लगा सकता|लगा सकती|लगानी चाहिए|चाहिए|क्या करूं|क्या करें|क्या करना|अब क्या)`;

const MEDICINE_WORDS = String.raw`(dose|doses|dosage|dosing|insulin|basal|bolus|lantus|glargine|tresiba|degludec|novorapid|humalog|actrapid|mixtard|sulfonylureas?|units?|tablets?|tabs?|pills?|capsules?|medicines?|medications?|meds|drugs?|metformin|glimepiride|gliclazide|sitagliptin|vildagliptin|empagliflozin|dapagliflozin|pioglitazone|glipizide|teneligliptin|voglibose|semaglutide|liraglutide|mg|ml|jab|injections?|shots?)`;
const CHANGE_WORDS = String.raw`(stop|stopping|start|starting|skip|skipping|double|doubling|halve|half|increase|increasing|decrease|decreasing|reduce|reducing|lower|raise|raising|change|changing|adjust|adjusting|cut|cutting|quit|quitting|come off|get off|drop|dropping|extra|more|less|fewer|leave out|miss out|taper|switch|swap|add|up my|bump|hold|holding|pause)`;

const DOSE_CHANGE_PATTERNS: RegExp[] = [
  // "should I stop my metformin", "can I skip my insulin", "is it ok to double my dose"
  new RegExp(String.raw`\b${CHANGE_WORDS}\b.{0,40}\b${MEDICINE_WORDS}\b`),
  // "my dose: should I increase it", "insulin units — more or less?"
  new RegExp(String.raw`\b${MEDICINE_WORDS}\b.{0,40}\b${CHANGE_WORDS}\b`),
  // "how much insulin should I take", "how many units/tablets should I take"
  new RegExp(String.raw`\bhow (much|many)\b.{0,30}\b${MEDICINE_WORDS}\b`),
  // "can I make metformin 1000 at night", "should I go to glimepiride 2": a medicine with a new amount
  new RegExp(String.raw`\b(can|should|may|shall|could) i\b.{0,30}\b${MEDICINE_WORDS}\b.{0,6}\b\d+`),
  // "metformin 500 se 1000 kar du", "insulin 10 to 14 units": from one amount to another
  new RegExp(String.raw`\b${MEDICINE_WORDS}\b.{0,20}\b\d+\s*(mg|units?)?\s*(se|to|->)\s*\d+`),
  // "my doctor gave 10 units, can i take 14": an amount asked for with a medicine word before it
  new RegExp(
    String.raw`\b${MEDICINE_WORDS}\b.{0,40}\b(can|should|may|shall|could) i (take|inject|have|give|use|go to|make it)\b.{0,4}\d+`,
  ),
  // "what dose should I take", "which dosage is right for me"
  /\b(what|which|right|correct|best|ideal)\b.{0,20}\b(dose|dosage|units)\b/,
  // "can I take two tablets", "should I take 20 units", "should I take another pill"
  new RegExp(
    String.raw`\b(take|inject|have)\b.{0,12}\b(\d+|one|two|three|four|another|an extra|a second|extra)\b.{0,12}\b${MEDICINE_WORDS}\b`,
  ),
  // "should i take to metformin tablets tonight instead of one" (voice typing 'two'): another amount than usual
  new RegExp(String.raw`\b${MEDICINE_WORDS}\b.{0,40}\binstead of (one|1|a single|the usual|my usual)\b`),
  // "is 500 mg too much", "is 10 units enough"
  /\b\d+(\.\d+)?\s*(mg|units?|iu|ml|mcg)\b.{0,30}\b(too|enough|ok|okay|safe|right|fine)\b/,
  // "I missed my dose, what should I do?", "what do I do if I forget my insulin" (take it late? double?)
  /\b(what (should|do|can) i do|(should|shd|shud|shld) i|can i|now what)\b.{0,40}\b(miss|missed|forgot|forget|forgotten)\b.{0,20}\b(dose|tablets?|tabs?|pills?|insulin|medicines?|meds|metformin|glimepiride)\b/,
  /\b(missed|forgot|forgotten)\b.{0,30}\b(dose|tablets?|tabs?|pills?|insulin|medicines?|meds|metformin|glimepiride)\b.{0,40}\b(what (should|do|can) i|(should|shd|shud|shld) i|can i|now what)\b/,
  // "do I still need my tablets", "can I go without insulin"
  new RegExp(
    String.raw`\b(still need|go without|do without|not take|not taking|don't take|stop taking|take off)\b.{0,30}\b${MEDICINE_WORDS}?`,
  ),
  // Hindi: "क्या मैं मेटफॉर्मिन बंद कर दूं?", "इंसुलिन की खुराक बढ़ा दूं?", "दवा छोड़ सकता हूं?"
  new RegExp(String.raw`${MEDICINE_HI}.{0,30}${CHANGE_HI}`),
  // "बंद कर दूं अपनी दवा?", "डबल डोज़ ले लूं?"
  new RegExp(String.raw`${CHANGE_HI}.{0,30}${MEDICINE_HI}`),
  // "कितनी इंसुलिन लूं?", "खुराक कितनी होनी चाहिए?"
  new RegExp(String.raw`(कितनी|कितना|कितने).{0,30}${MEDICINE_HI}.{0,25}${ASK_HI}`),
  new RegExp(String.raw`${MEDICINE_HI}.{0,25}(कितनी|कितना|कितने).{0,25}(${ASK_HI}|होनी|सही)`),
  // "क्या मैं दो गोली ले सकता हूं?", "20 यूनिट लगाऊं?"
  new RegExp(String.raw`(\d+|एक|दो|तीन|चार|पांच).{0,6}${MEDICINE_HI}.{0,20}${ASK_HI}`),
  // "कौन सी खुराक सही है?", "सही डोज़ क्या है?"
  /((कौन सी|कौनसी|सही|ठीक) (खुराक|डोज|डोस|मात्रा)|(खुराक|डोज|डोस|मात्रा).{0,20}(सही|ठीक)(?![\p{L}\p{M}]))/u,
  // "500 mg ज्यादा तो नहीं?", "10 यूनिट ठीक है?"
  /\d+(\.\d+)?\s*(mg|मिलीग्राम|यूनिट|units?).{0,30}(ज्यादा|काफी|ठीक|सही|सुरक्षित)/,
  // "सुबह की दवा भूल गया, अब क्या करूं?"
  new RegExp(String.raw`${MEDICINE_HI}.{0,40}(भूल|छूट).{0,40}${ASK_HI}`),
  new RegExp(String.raw`(भूल|छूट).{0,40}${MEDICINE_HI}.{0,40}${ASK_HI}`),
  // "क्या अब भी दवा की ज़रूरत है?", "बिना इंसुलिन के रह सकता हूं?", "दवा न लूं तो?"
  new RegExp(String.raw`(अब भी|अभी भी).{0,20}${MEDICINE_HI}.{0,20}(जरूरत|जरूरी)`),
  new RegExp(String.raw`(बिना.{0,3}${MEDICINE_HI}|${MEDICINE_HI}.{0,5}(के बिना|बिना))`),
  new RegExp(String.raw`${MEDICINE_HI}.{0,15}(न लूं|ना लूं|नहीं लूं|न लें|मत लूं)`),
  // "मेटफॉर्मिन से पेट खराब रहता है, क्या मैं इसे छोड़ दूं?": the medicine named, then 'it' to stop or change
  new RegExp(String.raw`${MEDICINE_HI}.{0,80}(इसे|इसको|उसे|उसको)\s?${CHANGE_HI}`),
];

const ILLNESS =
  /\b(fever|flu|vomit\w*|diarrh\w*|loose motions?|sick|ill|unwell|bukhar|bukhaar|ulti|dast|infection)\b|(बुखार|उल्टी|दस्त|बीमार|जुकाम|संक्रमण|इन्फेक्शन)/u;
const CONTINUE_WHILE_ILL =
  /\b(keep taking|keep on taking|continue|carry on|still take|go on taking|lete rahe|lete rahen|lete rahu|leta rahu|leti rahu|lete rehna|leta rahun|jaari|jari)\b|(लेते रहें|लेते रहे|लेता रहूं|लेती रहूं|लेते रहना|जारी)/u;
const AMOUNT_CHANGE =
  /\b(double|increase|more|extra|less|reduce|decrease|halve|half|\d+\s*(units?|mg|tablets?|pills?))\b|(बढा|घटा|डबल|दोगुन|ज्यादा|एक्स्ट्रा|आधी|आधा|कम कर|\d+\s*(यूनिट|गोली))/u;

/**
 * True when `text` asks whether to start, stop, skip, double or change a dose or insulin
 * units, however phrased. Questions about what was taken ("did I take my tablets") are not.
 */
export function isDoseChangeQuestion(text: string): boolean {
  // 'which dinner shot up my sugar': a rise, not an injection.
  const t = normalise(text).replace(/\b(shot|shoots|shooting) up\b/g, 'rose');
  if (
    /\b(did i|have i|when did i|what time did i)\b.{0,20}\b(take|taken|took|miss|missed|skip|skipped|forget|forgot)\b/.test(
      t,
    )
  ) {
    if (!/\b(should|can|could|may|must|ok|okay|safe)\b/.test(t)) return false;
  }
  // "क्या मैंने आज दवा ली?", "मैंने कोई खुराक छोड़ी?": what was taken, unless asking permission.
  if (/मैंने/.test(t) && /(ली|लीं|लिया|लिये|लिए|छोडी|छोडा|छोडीं|भूला|भूली|भूले|छूटी|छूटा)(?![\p{L}\p{M}])/u.test(t)) {
    if (!/(सकता|सकती|सकते|चाहिए|दूं|लूं|करूं|ठीक|सही)/.test(t)) return false;
  }
  // Reminders, refills and pill counts are questions about data, not about changing a dose.
  if (
    /\b(pills? left|refill|how many (pills|tablets) (do i have|are left|left)|do i have left|days left|run out|running out)\b/.test(
      t,
    )
  ) {
    return false;
  }
  if (/(रिफिल|बची|बचीं|बचे|बाकी हैं|खत्म होने|शुरू करने के बाद|शुरू होने के बाद)/.test(t)) return false;
  // 'how many units did I inject this week', 'tablets left', 'my next dose', 'since starting glimepiride': the record.
  if (
    /\b(left|remaining|buy more|next dose|since starting|since i started)\b/.test(t) ||
    (/\b(did|have i|has|used|injected|in (the )?(last|past)|this (week|wk|month)|yesterday|today)\b/.test(t) &&
      !/\b(should|shd|shud|shld|can|could|may|must|shall|ok|okay|safe|need to)\b/.test(t))
  ) {
    return false;
  }
  // 'fever: keep taking my medicine or stop?': whether to go on while ill is the sick-day rules' question (the
  // sick-days article: do not stop on your own, call the doctor), unless it names an amount to change.
  if (ILLNESS.test(t) && CONTINUE_WHILE_ILL.test(t) && !AMOUNT_CHANGE.test(t)) return false;
  // 'what should I eat' and similar: no medicine word → not a dose question.
  return DOSE_CHANGE_PATTERNS.some((pattern) => pattern.test(t)) || isHinglishDoseChange(t);
}

const HINGLISH_MEDICINE = [
  ...VOCABULARY.concepts.medicine,
  ...Object.values(VOCABULARY.medicineNames).flat(),
  ...VOCABULARY.doseChange.medicine,
];

/** A new amount said as a number to make it: '1000 kar du', '2 kr lu' (the number is the new amount). */
const AMOUNT_TO_MAKE = / \d+(\.\d+)? (mg )?(kar|kr|karu|karun|karke|karna|kardu|krdu) /;

/**
 * Hinglish (vocabulary.json doseChange): a medicine word, a change or amount word (or a number to
 * make it: '500 … 1000 kar du kya') and an asking word.
 */
function isHinglishDoseChange(t: string): boolean {
  const words = readChatWords(t);
  return (
    hasPhrase(words, HINGLISH_MEDICINE) &&
    (hasPhrase(words, VOCABULARY.doseChange.change) || AMOUNT_TO_MAKE.test(words.padded)) &&
    hasPhrase(words, VOCABULARY.doseChange.ask)
  );
}

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
