/**
 * Whether a question asks to start, stop, skip, double or change a dose (guard rails, decision 038):
 * English and Hindi patterns on the guard rails' normalised spelling (medicine-spelling.ts normalise),
 * Hinglish by vocabulary.json `doseChange`; questions about the record (what was taken, pills left) are not.
 */
import { VOCABULARY, hasPhrase, readChatWords, readWords } from './lexicon.ts';
import { normalise } from './medicine-spelling.ts';

/** Hindi medicine words (normalised spelling), for the Hindi patterns here and in guard-rails.ts. */
export const MEDICINE_HI = String.raw`(दवा|दवाई|दवाइयां|दवाईयां|दवाएं|दवाओं|दवाइयों|गोली|गोलियां|गोलियों|टैबलेट|टेबलेट|कैप्सूल|खुराक|खुराकें|डोज|डोस|इंसुलिन|इन्सुलिन|यूनिट|इंजेक्शन|मेटफॉर्मिन|मेटफार्मिन|ग्लिमेपिराइड|मेटफारमिन|मेटफोर्मिन|मेटफोरमिन|ग्लिमिपिराइड|गलिमेपिराइड|ग्लिमीपिराइड)`;
/** Hindi change verbs: stop, start, skip, increase, decrease, double, halve, change, extra. */
const CHANGE_HI = String.raw`(बंद|शुरू|छोड|बढा|बढाऊं|घटा|घटाऊं|कम कर|कम लूं|ज्यादा|डबल|दोगुन|दुगन|दुगुन|आधी|आधा|बदल|एक्स्ट्रा|अतिरिक्त|एक और|दूसरी|की जगह|के बजाय|के बदले)`;
/** Asking for permission or advice: should I, may I, is it OK; at a word's start ('पहले लें' is not 'ले लें'). */
const ASK_HI = String.raw`(?<![\p{L}\p{M}])(कर दूं|कर दीं|कर द्यूं|कर दंव|कर दें|कर लें|दे दूं|दे दें|खा लें|खा लूं|खिला दें|खिला दूं|लगा दें|लगा लें|ले लें|लें क्या|दें क्या|लूं|ले लूं|ले सकता|ले सकती|ले सकते|लेनी चाहिए|लेना चाहिए|लेने चाहिए|लगाऊं|लगा सकता|लगा सकती|लगानी चाहिए|चाहिए|क्या करूं|क्या करें|क्या करना|अब क्या)`;

/** English medicine words; 'jab' only after a word that makes it a noun ('my jab'): Hinglish 'jab se' is 'since'. */
const MEDICINE_WORDS = String.raw`(dose|doses|dosage|dosing|insulin|basal|bolus|lantus|glargine|tresiba|degludec|novorapid|humalog|actrapid|mixtard|sulfonylureas?|units?|tablets?|tabs?|pills?|capsules?|medicines?|medications?|meds|drugs?|metformin|glimepiride|gliclazide|sitagliptin|vildagliptin|empagliflozin|dapagliflozin|pioglitazone|glipizide|teneligliptin|voglibose|semaglutide|liraglutide|mg|ml|(?<=\b(?:my|the|a|his|her|your|this|that|next|last|insulin|flu|weekly|daily|extra|another|second) )jab|jabs|injections?|shots?)`;
const CHANGE_WORDS = String.raw`(stop|stopping|start|starting|skip|skipping|double|doubling|halve|half|increase|increasing|decrease|decreasing|reduce|reducing|lower|raise|raising|change|changing|adjust|adjusting|cut|cutting|quit|quitting|come off|get off|drop|dropping|extra|more|less|fewer|leave out|miss out|taper|switch|swap|add|up my|bump|hold|holding|pause)`;

/** 'bump metformin to 1000', 'make glimepiride 2', 'insulin to 14': a medicine named with the amount to make it. */
const NEW_AMOUNT = new RegExp(
  String.raw`\b(bump|increase|raise|up|decrease|reduce|lower|cut|change|switch|adjust|make|move|shift|double|halve)\b.{0,30}\b${MEDICINE_WORDS}\b.{0,15}\d+|\b${MEDICINE_WORDS} (to|->) ?\d+`,
);

const DOSE_CHANGE_PATTERNS: RegExp[] = [
  NEW_AMOUNT,
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
  // "मेटफॉर्मिन 1000 दे दें क्या", "ग्लिमेपिराइड 2 ले लें?": a medicine with the amount to give or take
  new RegExp(String.raw`${MEDICINE_HI}.{0,6}\d+.{0,15}${ASK_HI}`, 'u'),
  // "कितनी इंसुलिन लूं?", "खुराक कितनी होनी चाहिए?"
  new RegExp(String.raw`(कितनी|कितना|कितने).{0,30}${MEDICINE_HI}.{0,25}${ASK_HI}`, 'u'),
  new RegExp(String.raw`${MEDICINE_HI}.{0,25}(कितनी|कितना|कितने).{0,25}(${ASK_HI}|होनी|सही)`, 'u'),
  // "क्या मैं दो गोली ले सकता हूं?", "20 यूनिट लगाऊं?"
  new RegExp(String.raw`(\d+|एक|दो|तीन|चार|पांच).{0,6}${MEDICINE_HI}.{0,20}${ASK_HI}`, 'u'),
  // "कौन सी खुराक सही है?", "सही डोज़ क्या है?"
  /((कौन सी|कौनसी|सही|ठीक) (खुराक|डोज|डोस|मात्रा)|(खुराक|डोज|डोस|मात्रा).{0,20}(सही|ठीक)(?![\p{L}\p{M}]))/u,
  // "500 mg ज्यादा तो नहीं?", "10 यूनिट ठीक है?"
  /\d+(\.\d+)?\s*(mg|मिलीग्राम|यूनिट|units?).{0,30}(ज्यादा|काफी|ठीक|सही|सुरक्षित)/,
  // "सुबह की दवा भूल गया, अब क्या करूं?"
  new RegExp(String.raw`${MEDICINE_HI}.{0,40}(भूल|छूट).{0,40}${ASK_HI}`, 'u'),
  new RegExp(String.raw`(भूल|छूट).{0,40}${MEDICINE_HI}.{0,40}${ASK_HI}`, 'u'),
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
  // 'क्या मैंने आज दवा ली?', 'इन्होंने पिछले महीने कितनी गोली छोड़ी थी', 'papa ne kal goli li thi': what was
  // taken or missed, told with its doer ('ने') or as past ('थी'), unless asking permission.
  if (TOLD_TAKEN_HI.test(t) && !ASKS_HI.test(t)) return false;
  if (tellsTakenHinglish(t)) return false;
  // 'metformin 500 ki jagah 1000 de di', 'पर्चे में 1000 … ऐप में 500': which strength to take is a dose question.
  if (namesTwoStrengths(t)) return true;
  // Reminders, refills and pill counts are questions about data, not about changing a dose.
  if (
    /\b(pills? left|refill|how many (pills|tablets) (do i have|are left|left)|do i have left|days left|run out|running out)\b/.test(
      t,
    )
  ) {
    return false;
  }
  if (/(रिफिल|बची|बचीं|बचे|बाकी हैं|खत्म होने|शुरू करने के बाद|शुरू होने के बाद)/.test(t)) return false;
  // 'glimepiride adherence kitna %? missed doses ki dates': how regularly it was taken is the record.
  if (
    /\badherence\b|%|\bpercent(age)?\b|नियमितता|प्रतिशत/u.test(t) &&
    !/\b(double|extra|increase|reduce|badha\w*|ghata\w*)\b|डबल|बढ़ा|घटा/u.test(t)
  )
    return false;
  if (asksPillsLeftHinglish(t)) return false;
  // 'how many units did I inject this week', 'tablets left', 'my next dose', 'since starting glimepiride': the
  // record, unless it names a new amount for a medicine ('fbs 189 today. bump metformin to 1000?').
  if (
    /\b(left|remaining|buy more|next dose|since starting|since i started)\b/.test(t) ||
    (/\b(did|have i|has|used|injected|in (the )?(last|past)|this (week|wk|month)|yesterday|today)\b/.test(t) &&
      !/\b(should|shd|shud|shld|can|could|may|must|shall|ok|okay|safe|need to)\b/.test(t) &&
      !NEW_AMOUNT.test(t))
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
/** A number to take or give: 'glimepiride 2 le lein', '3 goli de du' (the number is the amount). */
const AMOUNT_TO_TAKE =
  / \d+(\.\d+)? (mg |goli |goliyan |tablet |tablets |unit |units )?(le|lu|lun|lein|len|de|du|dun|dein|kha|khila|laga|lagau|lagaun) /;
/** 'kitne baje', 'kis time': a clock time asked, not an amount ('raat wali goli kitne baje deni hai'). */
const CLOCK_TIME = / (kitne|kitni|kitna|kis) (baje|bje|time|samay|waqt|vakt) /g;

/**
 * Hinglish (vocabulary.json doseChange): a medicine word, a change or amount word (or a number to
 * make or take: '500 … 1000 kar du kya', 'glimepiride 2 le lein') and an asking word; a clock time
 * ('kitne baje') is no amount.
 */
function isHinglishDoseChange(t: string): boolean {
  const read = readChatWords(t);
  const words = { ...read, padded: read.padded.replace(CLOCK_TIME, ' ') };
  return (
    hasPhrase(words, HINGLISH_MEDICINE) &&
    (hasPhrase(words, DC.change) || AMOUNT_TO_MAKE.test(words.padded) || AMOUNT_TO_TAKE.test(words.padded)) &&
    hasPhrase(words, DC.ask)
  );
}

/** Perfective verbs of taking or missing a dose: 'ली', 'छोड़ी', 'छूटा', 'भूले', 'खाई'. */
const TOOK_HI = String.raw`(ली|लीं|लिया|लिये|लिए|छोडी|छोडा|छोडीं|छोडे|भूला|भूली|भूले|छूटी|छूटा|छूटीं|छूटे|खाई|खाया|खाईं|लगाई|लगाया)(?![\p{L}\p{M}])`;
/**
 * A dose told as taken or missed: with its doer ('मैंने … ली', 'इन्होंने … छोड़ी', 'पापा ने … ली') or as past
 * ('छोड़ी थी', 'छूट गई थी').
 */
const TOLD_TAKEN_HI = new RegExp(
  String.raw`(मैंने|[\p{L}\p{M}]*ोंने|हमने|आपने|तुमने|(?<![\p{L}\p{M}])ने)(?![\p{L}\p{M}]).*${TOOK_HI}|${TOOK_HI}.{0,12}(था|थी|थे|थीं)(?![\p{L}\p{M}])|(गई|गया|गए|गईं|दी|दिया) (था|थी|थे|थीं)(?![\p{L}\p{M}])`,
  'u',
);
/** Asking in Hindi: 'सकता', 'चाहिए', 'दूं', 'ठीक', or a request ('करें', 'लें', 'दें': 'फिर शुरू करें?'). */
const ASKS_HI = new RegExp(
  String.raw`(सकता|सकती|सकते|चाहिए|दूं|लूं|करूं|ठीक|सही)|(?<![\p{L}\p{M}])(करें|लें|दें)(?![\p{L}\p{M}])`,
  'u',
);
const DC = VOCABULARY.doseChange;

/**
 * 'papa ne pichle mahine kitni goli chhodi thi', 'kal goli li thi kya', 'jab se metformin start kiya sugar
 * kaisi hai': the record (what was taken, or since a medicine was started), unless asking permission.
 */
function tellsTakenHinglish(t: string): boolean {
  const words = readChatWords(t);
  if (hasPhrase(words, DC.since) && !hasPhrase(words, DC.ask)) return true;
  return hasPhrase(words, DC.toldTaken) && !hasPhrase(words, DC.permission);
}

/** Hinglish change words that change an amount, not the counting ones ('kitni', 'kaun si'). */
const CHANGING = DC.change.filter((word) => !DC.counting.includes(word));

/**
 * 'papa ki goli kitni bachi h? order kar du', 'goliyan khatam hone wali hain': pills left or their
 * ordering, unless it names a change ('khatam hai toh ek extra le lu?').
 */
function asksPillsLeftHinglish(t: string): boolean {
  const words = readChatWords(t);
  return (
    hasPhrase(words, [...VOCABULARY.concepts.refill, ...DC.pillsLeft]) &&
    !hasPhrase(words, CHANGING) &&
    !AMOUNT_CHANGE.test(t)
  );
}

const STRENGTH_TOKEN = /^(\d+(?:\.\d+)?)(mg|मिलीग्राम)?$/;
const NOT_A_STRENGTH_AFTER = new Set([...DC.notStrengthAfter, ...Object.values(VOCABULARY.months).flat()]);
const GLUCOSE_WORDS = new Set(VOCABULARY.glucoseValue.glucoseWords);

/**
 * True when `t` (normalised) names one medicine with two different strengths and a word that sets them
 * against each other ('chemist ne metformin 500 ki jagah 1000 de di', 'पर्चे में मेटफॉर्मिन 1000 लिखा है पर
 * ऐप में 500', 'prescription says glimepiride 2 but the app 1 mg'): which one to take is the doctor's or
 * pharmacist's to confirm. A number that is a time, period, count, year or glucose reading is no strength.
 */
export function namesTwoStrengths(t: string): boolean {
  const words = readWords(t);
  const named = Object.values(VOCABULARY.medicineNames).filter((names) => hasPhrase(words, names)).length;
  if (named > 1 || (named === 0 && !hasPhrase(words, HINGLISH_MEDICINE))) return false;
  if (!hasPhrase(words, DC.instead)) return false;
  const strengths = new Set<number>();
  words.words.forEach((word, i) => {
    const number = STRENGTH_TOKEN.exec(word);
    if (!number || NOT_A_STRENGTH_AFTER.has(words.words[i + 1] ?? '')) return;
    if ([words.words[i - 1], words.words[i - 2]].some((before) => GLUCOSE_WORDS.has(before ?? ''))) return;
    const value = Number(number[1]);
    if (value > 0 && (value < 1900 || value > 2100)) strengths.add(value);
  });
  return strengths.size >= 2;
}
