/**
 * Emergency signs the guard rails read beside their fixed phrases (guard-rails.ts), on the
 * normalised text (language.ts): chest pain with words between ('seene me bahut dard', 'सीने में
 * तेज दर्द'), stroke signs ('face looks drooping', 'एक तरफ का हाथ पैर काम नहीं कर रहा'), and very
 * high glucose with vomiting, fast breathing or drowsiness, which needs urgent care (ADA
 * Standards of Care 2025, §2 and §16). Dialect and Marathi spellings ('छाती में दरद', 'chhatit dukhtay') and
 * Hinglish chat spellings (lexicon.ts readChatWords: 'haath pair nhi chal rha') are read too. Decision 100.
 * Round 5 of the first-sight questions (decision 100): a person not answering properly, or a fall or
 * collapse with confusion or no proper answer ('papa fell down … not answering properly'), and a very high
 * reading told as a bound ('sugar 400 se upar', 'sugar above 400') with vomiting or fast breathing.
 * Round 8: a sign or low told as past, on a past day ('he felt shaky one day this week') is not one now.
 * Round 9: talking nonsense, or another person hard to wake ('hard to wake him up', 'जगाने पर भी
 * नहीं उठ रहे'): altered consciousness, 112 first.
 */
import { VOCABULARY, hasPhrase, type Words } from './lexicon.ts';
import { readPeriod } from './understanding.ts';

const CHEST =
  /\b(chest|seene|seena|sine|sina|chhati|chati|chaati|chhaati|chhatit|chatit)\b.{0,30}\b(dard|darad|pain|dabav|dabaav|dabaw|bhaaripan|bharipan|jakdan|jakadan|dukh\w*|tight|tightness|pressure)\b|(सीने|सीना|छाती).{0,20}(दर्द|दरद|जकडन|भारीपन|दबाव|दुख)/u;

const STROKE =
  /\bface\b.{0,15}\bdroop|\b(can't|cannot|cant|unable to|not able to) (speak|talk)\b|\b(one side|ek taraf|ek side)\b.{0,30}\b(weak|numb|not working|kaam nahi|sunn|nahi chal|nahi hil)\b|एक (तरफ|साइड).{0,30}(काम नहीं|कमजोर|सुन्न|नहीं चल|नहीं हिल)|बोल (भी )?नहीं पा/u;

/** 'heart attack' asked about in general ('risk', 'silent', 'why'): the article, not 112. */
const HEART_ATTACK = /\b(heart attack|dil ka daura)\b|(हार्ट अटैक|दिल का दौरा)/u;
const IN_GENERAL =
  /\b(risk|risks|chance|chances|silent|prevent|prevention|why|kyu|kyun|kyon|khatra|symptoms|signs|lakshan|diabetics)\b|(खतरा|जोखिम|क्यों|लक्षण)/u;

const VERY_HIGH_SIGNS =
  /\b(vomit\w*|throwing up|ulti|ultiyan|ultee|breathing (very |so )?(fast|quickly|heavily)|fast breathing|rapid breathing|saans tez|sans tez|saans phool|very drowsy|drowsy|fruity)\b|(उल्टी|सांस तेज|सांस फूल|बहुत नींद|बेसुध)/u;
/** The meter's 'HI' (above its range): 'meter shows HI', 'sugar HI dikha raha'. */
const METER_HIGH =
  /\b(meter|glucometer|sugar|reading)\b.{0,15}\bhi\b.{0,3}\b(dikha|dikh|dikhata|show|shows|showing|aa|aaya|likha|reads|says)\b|\b(shows|showing|reads|says) hi\b/u;

/** Not answering or responding properly, not making sense: someone whose consciousness is altered. */
const NOT_ANSWERING_PROPERLY =
  /\b(answer\w*|repl\w*|respond\w*|talk\w*|speak\w*) (properly|clearly|normally|sensibly)\b|\bnot making (any )?sense\b|\b(theek|thik|sahi|dhang) se (jawab|baat|bol)\w* (nahi|na)\b|(ठीक|सही|ढंग) से (जवाब|बात|बोल)\S* (नहीं|ना)(?![\p{L}\p{M}])/u;
/** Talking nonsense: 'talking nonsense', 'gibberish', 'ulta seedha bol rahe', 'बेतुकी बातें'. */
const NONSENSE =
  /\b(talk\w*|speak\w*|saying|says) (nonsense|gibberish|rubbish)\b|\b(ulta|ulti|ulte)[ -]?(seedha|sidha|seedhi|sidhi)\b.{0,10}\bbol\w*|\bbakwas (kar|bol)\w*|(बेतुकी|ऊटपटांग|उल्टी सीधी|उल्टा सीधा|अजीब अजीब) (बातें|बात|बोल)/u;
/** Another person hard to wake: 'hard to wake him up', 'dad won't wake up', 'utha nahi pa rahe', 'जगाने पर भी नहीं उठ रहे'. */
const HARD_TO_WAKE =
  /\b(hard|difficult|unable|cannot|can't|cant|not able|trying) to (wake|rouse) (him|her|them|papa|dad|daddy|father|mom|mum|mummy|mother|husband|wife|nana|nani|dada|dadi)\b|\b(he|she|papa|dad|father|mom|mummy|mother|husband|wife)( is| isn't| is not|'s)? (not|won't|wont|will not|doesn't|does not)? ?wak(e|ing) up\b(?! early)|\b(utha|jaga|uthane|jagane|uthaane|jagaane) (pe|par|se)? ?(bhi )?(nahi|nhi) (uth|jag|utha|jaga)\w*|\b(uth|jag) (nahi|nhi) (rahe|raha|rahi|pa rahe|paa rahe)\b|(जगाने|उठाने) (पर|से) (भी )?(नहीं|ना) (उठ|जाग)|(उठ|जाग) (नहीं|ही नहीं) (रहे|रहा|रही|पा रहे)/u;
/** The app, a phone or a doctor not answering is not a person's consciousness. */
const NOT_A_PERSON =
  /\b(app|assistant|chatbot|bot|phone|call|calls|doctor|doc|website|site|server|helpline)\b|(ऐप|फोन|डॉक्टर)/u;
/** A fall or collapse: 'fell down', 'has fallen', 'gir gaye', 'गिर गए'. */
const FELL =
  /\b(fell|fallen|falls down|collapsed|gir (gaye|gaya|gayi|gai|gae|gye|gya|pade|pada|padi|padey|pde))\b|गिर (गए|गया|गई|गये|गयी|पडे|पडा|पडी)/u;
/** Speech gone wrong: 'slurring', 'slurred words', 'bol nahi pa rahe', 'लड़खड़ा'. */
const SLURRING = /\bslurr\w*|\bbol nahi pa (rahe|raha|rahi)\b|(ज़ुबान|जुबान|जबान) (लड़खड़ा|लडखडा)/u;
/** Signs of a low with it: sweating, shaking, clammy. */
const LOW_SIGNS = /\b(sweat\w*|shak(y|ing)|trembl\w*|clammy|pasina|paseena|kaanp\w*|kanp\w*)\b|(पसीना|पसीने|काँप|कांप)/u;
/** 'confused about/whether' is a question, not a person's state. */
const CONFUSED_ABOUT = /\bconfus\w* (about|whether|if|by|between)\b/u;
/** With a fall: confused, not answering, drowsy, unresponsive. */
const AFTER_FALL =
  /\b(confused|confusion|disoriented|drowsy|unresponsive|not (answering|responding|replying|talking|speaking)|(jawab|baat) nahi|ulajh\w*)\b|(उलझन|जवाब नहीं|बात नहीं|बेसुध)/u;

/**
 * True when `t` (normalised) tells chest pain or stroke signs, slurred speech, a person not
 * answering properly, talking nonsense or hard to wake, or a fall or low signs (sweating, shaking) with confusion or no proper answer (an emergency: ADA Standards of Care 2025, §6, level 3
 * hypoglycaemia is altered mental status needing help; a collapse needs 112 whatever its cause).
 */
export function tellsUrgentSigns(t: string): boolean {
  if (CHEST.test(t) || STROKE.test(t) || SLURRING.test(t)) return true;
  if (NOT_A_PERSON.test(t)) return false;
  const altered = AFTER_FALL.test(t) && !CONFUSED_ABOUT.test(t);
  if (NOT_ANSWERING_PROPERLY.test(t) || NONSENSE.test(t) || HARD_TO_WAKE.test(t)) return true;
  return altered && (FELL.test(t) || LOW_SIGNS.test(t));
}

/** Breathing trouble told: 'can't breathe', 'saans nahi aa rahi', 'सांस फूल रही'. */
const BREATHING =
  /\b(can't|cannot|can not|cant) breathe|\b(breathless|short(ness)? of breath|(trouble|difficulty) breathing|hard to breathe|not breathing)\b|\b(saans|sans) (nahi|nhi|ruk|phool)\w*|सांस (नहीं|लेने में|फूल|रुक)|सांस की (तकलीफ|दिक्कत|परेशानी)|दम घुट/u;
/** Stroke or heart-attack words told as such: 'stroke', 'face drooping', 'लकवा', 'मुंह टेढ़ा', 'हाथ नहीं उठ'. */
const STROKE_WORDS =
  /\b(stroke|paralys\w*|lakwa|face (is )?droop\w*|drooping face|(muh|munh|muh) tedha|haath nahi uth\w*)\b|लकवा|स्ट्रोक|मुंह (एक तरफ )?टेढ|चेहरा टेढ|हाथ नहीं उठ/u;

/**
 * True when `t` (normalised) tells chest pain, stroke signs or breathing trouble: an emergency whose
 * first aid is not the 15–15 rule for a low (ADA Standards of Care 2025, §6: the rule is for a
 * person who is awake and can swallow with a low reading), so the opening is not followed by it.
 */
export function tellsHeartStrokeOrBreathing(t: string): boolean {
  return (
    CHEST.test(t) ||
    STROKE.test(t) ||
    STROKE_WORDS.test(t) ||
    BREATHING.test(t) ||
    HEART_ATTACK.test(withoutGeneralHeartAttack(t))
  );
}

/** `t` without its heart-attack words when it asks about heart attacks in general (risk, silent, why), else `t`. */
export function withoutGeneralHeartAttack(t: string): string {
  return HEART_ATTACK.test(t) && IN_GENERAL.test(t) ? t.replace(new RegExp(HEART_ATTACK.source, 'gu'), ' ') : t;
}

const GLUCOSE_WORD = String.raw`(\b(sugar|suger|shugar|glucose|reading|level|meter|glucometer|bg|rbs)\b|शुगर|सुगर|ग्लूकोज|रीडिंग|मीटर)`;
const ABOVE_WORD = String.raw`(upar|uppar|oopar|zyada|jyada|jada|adhik|paar|par)\b|(ऊपर|उपर|ज्यादा|अधिक|पार)(?![\p{L}\p{M}])`;
/** A glucose word, then a bound it is above: 'above 400', 'over 400', '400 se upar', '400+', '४००' not read. */
const STATED_ABOVE = [
  new RegExp(String.raw`${GLUCOSE_WORD}.{0,25}?\b(above|over|more than|higher than|beyond|upar|zyada) (\d{3})\b`, 'u'),
  new RegExp(String.raw`${GLUCOSE_WORD}.{0,25}?\b(\d{3}) ?(\+|plus\b|(se|ke|sey|से|के) (${ABOVE_WORD}))`, 'u'),
];

/** The bound, in mg/dL, that the current glucose is told to be above ('sugar 400 se upar' → 400), else null. */
export function statedAboveMgDl(t: string): number | null {
  for (const pattern of STATED_ABOVE) {
    const match = pattern.exec(t);
    const number = match?.slice(1).find((group) => group !== undefined && /^\d{3}$/.test(group));
    if (number) return Number(number);
  }
  return null;
}

/**
 * True when `t` tells very high glucose — `readingMgDl` (the current reading it states, mg/dL)
 * or a bound it is told to be above ('400 se upar', statedAboveMgDl) of 300 or more, or the
 * meter's 'HI' — with vomiting, fast breathing or drowsiness.
 */
export function tellsVeryHighWithSigns(t: string, readingMgDl: number | null): boolean {
  const reading = Math.max(readingMgDl ?? 0, statedAboveMgDl(t) ?? 0);
  return (reading >= 300 || METER_HIGH.test(t)) && VERY_HIGH_SIGNS.test(t);
}

/** A verb telling something that happened: 'felt', 'went', 'हो गई', 'hui thi'. */
export const PAST_EVENT =
  /\b(felt|had|went|was|were|got|happened|hui|huyi|gayi|gai|gaya|tha|thi|the)\b|(हुई|हुआ|हुए|गई|गयी|गया|था|थी|थे|आई|आया)(?![\p{L}\p{M}])/u;

/** True when `t` names a day before today: a period ('this week', 'kal', '3 days ago') or a weekday. */
export function namesPastDay(t: string, words: Words): boolean {
  const kind = readPeriod(t, '2000-01-01')?.kind ?? 'today';
  return kind !== 'today' || hasPhrase(words, VOCABULARY.glucoseValue.weekdays);
}
