/**
 * Emergency signs the guard rails read beside their fixed phrases (guard-rails.ts), on the
 * normalised text (language.ts): chest pain with words between ('seene me bahut dard', 'सीने में
 * तेज दर्द'), stroke signs ('face looks drooping', 'एक तरफ का हाथ पैर काम नहीं कर रहा'), and very
 * high glucose with vomiting, fast breathing or drowsiness, which needs urgent care (ADA
 * Standards of Care 2025, §2 and §16). Dialect and Marathi spellings ('छाती में दरद', 'chhatit dukhtay') and
 * Hinglish chat spellings (lexicon.ts readChatWords: 'haath pair nhi chal rha') are read too. Decision 100.
 */

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

/** True when `t` (normalised) tells chest pain or stroke signs. */
export function tellsUrgentSigns(t: string): boolean {
  return CHEST.test(t) || STROKE.test(t);
}

/** `t` without its heart-attack words when it asks about heart attacks in general (risk, silent, why), else `t`. */
export function withoutGeneralHeartAttack(t: string): string {
  return HEART_ATTACK.test(t) && IN_GENERAL.test(t) ? t.replace(new RegExp(HEART_ATTACK.source, 'gu'), ' ') : t;
}

/**
 * True when `t` tells very high glucose — `readingMgDl` (the current reading it states, mg/dL)
 * of 300 or more, or the meter's 'HI' — with vomiting, fast breathing or drowsiness.
 */
export function tellsVeryHighWithSigns(t: string, readingMgDl: number | null): boolean {
  return ((readingMgDl !== null && readingMgDl >= 300) || METER_HIGH.test(t)) && VERY_HIGH_SIGNS.test(t);
}
