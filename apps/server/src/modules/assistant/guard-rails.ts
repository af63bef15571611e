/**
 * The assistant's guard rails (issue 11, item 4): pure functions, the same for both
 * engines and outside any model. Texts cite their source (../shared/clinical-sources.md).
 *
 * - Dose changes: questions about starting, stopping, skipping, doubling or changing a dose
 *   or insulin units get DOSE_CHANGE_REFUSAL (plus the user's own facts, never dose numbers);
 *   a model answer that gives a dose instruction is replaced by it.
 * - Escalation: a message describing a very low (< 54 mg/dL), fainting, chest pain,
 *   breathing trouble or self-harm puts 'Call 112 now' first; hypoglycaemia symptoms or a
 *   reading < 70 mg/dL in the last 2 hours put the "15–15 rule" first.
 * - A model answer may state only numbers found in the tool results and retrieved context.
 * - Answers are at most 2,000 characters.
 */
import { ASSISTANT_MESSAGE_MAX_CHARS, type AssistantSource } from '@diacare/contract/assistant';
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';

/** The fixed answer to any dose-change question (issue 11: ask the doctor or pharmacist). */
export const DOSE_CHANGE_REFUSAL =
  'I can’t tell you to start, stop, skip, double or change a medicine dose or insulin units — ' +
  'that decision needs your doctor or pharmacist, who know your full history. Please ask them before you change anything.';

/** 'Call 112 now' first (112 is India's national emergency number, ERSS; 108 the ambulance). */
export const EMERGENCY_TEXT =
  'Call 112 now (or 108 for an ambulance). This may be an emergency: do not wait for an answer here. ' +
  'If the person is unconscious or cannot swallow, give nothing by mouth; use glucagon only if it is prescribed and someone trained is there.';

/** The hypoglycaemia steps, the ADA "15–15 rule" (ADA Standards of Care 2025, §6). */
export const HYPO_STEPS =
  `A glucose under ${HYPOGLYCAEMIA.low} mg/dL is low (hypoglycaemia). If you are awake and can swallow: ` +
  'take 15–20 g of fast-acting glucose (glucose tablets, half a glass of fruit juice or regular soft drink, or 3–4 teaspoons of sugar in water), ' +
  `check again after 15 minutes and repeat if still under ${HYPOGLYCAEMIA.low} mg/dL; once you are back in range, eat a meal or snack. ` +
  `Get help — call 112 — if you are under ${HYPOGLYCAEMIA.veryLow} mg/dL and not improving, feel faint or confused, or cannot swallow, and tell your doctor about any low.`;

export const SELF_HARM_TEXT =
  'Call 112 now if you might act on thoughts of harming yourself, or tell someone you trust who can stay with you. ' +
  'You do not have to go through this alone.';

export const HYPO_SOURCE: AssistantSource = {
  title: 'ADA Standards of Care in Diabetes 2025',
  section: '§6 Glycemic Goals and Hypoglycemia',
};
export const EMERGENCY_SOURCE: AssistantSource = {
  title: 'Government of India, Emergency Response Support System',
  section: '112 national emergency number; 108 ambulance',
};

/** Lower-case, apostrophes unified, whitespace collapsed: what the patterns below read. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim();
}

const MEDICINE_WORDS = String.raw`(dose|doses|dosage|dosing|insulin|units?|tablets?|pills?|capsules?|medicines?|medications?|meds|drugs?|metformin|glimepiride|gliclazide|sitagliptin|vildagliptin|empagliflozin|dapagliflozin|pioglitazone|glipizide|teneligliptin|voglibose|semaglutide|liraglutide|mg|ml|jab|injections?|shots?)`;
const CHANGE_WORDS = String.raw`(stop|stopping|start|starting|skip|skipping|double|doubling|halve|half|increase|increasing|decrease|decreasing|reduce|reducing|lower|raise|raising|change|changing|adjust|adjusting|cut|cutting|quit|quitting|come off|get off|drop|dropping|extra|more|less|fewer|leave out|miss out|taper|switch|swap|add|up my|bump)`;

const DOSE_CHANGE_PATTERNS: RegExp[] = [
  // "should I stop my metformin", "can I skip my insulin", "is it ok to double my dose"
  new RegExp(String.raw`\b${CHANGE_WORDS}\b.{0,40}\b${MEDICINE_WORDS}\b`),
  // "my dose: should I increase it", "insulin units — more or less?"
  new RegExp(String.raw`\b${MEDICINE_WORDS}\b.{0,40}\b${CHANGE_WORDS}\b`),
  // "how much insulin should I take", "how many units/tablets should I take"
  new RegExp(String.raw`\bhow (much|many)\b.{0,30}\b${MEDICINE_WORDS}\b`),
  // "what dose should I take", "which dosage is right for me"
  /\b(what|which|right|correct|best|ideal)\b.{0,20}\b(dose|dosage|units)\b/,
  // "can I take two tablets", "should I take 20 units", "should I take another pill"
  new RegExp(
    String.raw`\b(take|inject|have)\b.{0,12}\b(\d+|one|two|three|four|another|an extra|a second|extra)\b.{0,12}\b${MEDICINE_WORDS}\b`,
  ),
  // "is 500 mg too much", "is 10 units enough"
  /\b\d+(\.\d+)?\s*(mg|units?|iu|ml|mcg)\b.{0,30}\b(too|enough|ok|okay|safe|right|fine)\b/,
  // "I missed my dose, what should I do?", "what do I do if I forget my insulin" (take it late? double?)
  /\b(what (should|do|can) i do|should i|can i|now what)\b.{0,40}\b(miss|missed|forgot|forget|forgotten)\b.{0,20}\b(dose|tablets?|pills?|insulin|medicines?|meds)\b/,
  /\b(missed|forgot|forgotten)\b.{0,30}\b(dose|tablets?|pills?|insulin|medicines?|meds)\b.{0,40}\b(what (should|do|can) i|should i|can i|now what)\b/,
  // "do I still need my tablets", "can I go without insulin"
  new RegExp(
    String.raw`\b(still need|go without|do without|not take|not taking|don't take|stop taking|take off)\b.{0,30}\b${MEDICINE_WORDS}?`,
  ),
];

/**
 * True when `text` asks whether to start, stop, skip, double or change a dose or insulin
 * units, however phrased. Questions about what was taken ("did I take my tablets") are not.
 */
export function isDoseChangeQuestion(text: string): boolean {
  const t = normalise(text);
  if (/\b(did i|have i|when did i|what time did i)\b.{0,20}\b(take|taken|took|miss|missed)\b/.test(t)) {
    if (!/\b(should|can|could|may|must|ok|okay|safe)\b/.test(t)) return false;
  }
  // Reminders, refills and pill counts are questions about data, not about changing a dose.
  if (/\b(pills? left|refill|how many (pills|tablets) (do i have|are left|left))\b/.test(t)) return false;
  // 'what should I eat' and similar: no medicine word → not a dose question.
  return DOSE_CHANGE_PATTERNS.some((pattern) => pattern.test(t));
}

export type Escalation = 'emergency' | 'self-harm' | 'hypo' | null;

const SELF_HARM =
  /\b(kill(ing)? myself|suicid\w*|end (my|it all)|take my (own )?life|hurt(ing)? myself|self[- ]?harm|don't want to (live|be alive)|want to die|better off dead)\b/;
const EMERGENCY =
  /\b(faint(ed|ing)?|pass(ed)? out|passing out|black(ed)? out|unconscious|collaps(e|ed|ing)|seizure|fits?|chest pains?|pain in (my|the) chest|chest (tight|tightness|pressure)|can't breathe|cannot breathe|can not breathe|breathless|short(ness)? of breath|trouble breathing|difficulty breathing|hard to breathe|breathing (trouble|problem|difficult)|not breathing|stroke|unresponsive|won't wake)\b/;
/** Symptoms and "going low" — not the bare word (so "What is hypoglycaemia?" gets the article). */
const HYPO_SYMPTOMS =
  /\b(shak(y|ing|es)|trembl(e|ing|y)|sweat(y|ing)|clammy|dizz(y|iness)|light-?headed|confus(ed|ion)|feel(ing)? (low|hypo)|going low|(having|had|in) a hypo|i'?m hypo|palpitations?|pounding heart|heart racing|blurr?(y|ed) vision|very hungry|weak and)\b/;

/** A glucose value in mg/dL the user mentions ("my sugar is 48", "reading 52 mg/dl"). */
function mentionedGlucose(t: string): number | null {
  const match =
    /\b(sugar|glucose|reading|level|bg|rbs|fbs)\b[^0-9]{0,15}(\d{2,3})\b/.exec(t) ??
    /\b(\d{2,3})\s*mg\s*\/?\s*dl\b/.exec(t);
  if (!match) return null;
  const value = Number(match[match.length - 1]);
  return value >= 20 && value <= 600 ? value : null;
}

/**
 * What must come first in the answer to `text`: 'emergency' (Call 112 now) for a reading
 * under 54 mg/dL, fainting, chest pain or breathing trouble; 'self-harm' for thoughts of
 * self-harm; 'hypo' for hypoglycaemia symptoms, a mentioned value under 70, or
 * `recentLowMgDl` (a reading < 70 mg/dL logged in the last 2 hours); else null.
 */
export function escalationFor(text: string, recentLowMgDl: number | null = null): Escalation {
  const t = normalise(text);
  if (SELF_HARM.test(t)) return 'self-harm';
  const value = mentionedGlucose(t);
  if (EMERGENCY.test(t)) return 'emergency';
  if (value !== null && value < HYPOGLYCAEMIA.veryLow) return 'emergency';
  if (recentLowMgDl !== null && recentLowMgDl < HYPOGLYCAEMIA.veryLow) return 'emergency';
  if (HYPO_SYMPTOMS.test(t)) return 'hypo';
  if (value !== null && value < HYPOGLYCAEMIA.low) return 'hypo';
  if (recentLowMgDl !== null) return 'hypo';
  return null;
}

/** The text that opens an escalated answer, with its sources. */
export function escalationPreamble(escalation: Escalation): { text: string; sources: AssistantSource[] } | null {
  if (escalation === 'self-harm') return { text: SELF_HARM_TEXT, sources: [EMERGENCY_SOURCE] };
  if (escalation === 'emergency') {
    return { text: `${EMERGENCY_TEXT}\n\n${HYPO_STEPS}`, sources: [EMERGENCY_SOURCE, HYPO_SOURCE] };
  }
  if (escalation === 'hypo') return { text: HYPO_STEPS, sources: [HYPO_SOURCE] };
  return null;
}

/** A number followed by a dose unit ("500 mg", "10 units", "2 tablets"): never in a refusal. */
export const DOSE_NUMBER = /\b\d+(\.\d+)?\s*(mg|mcg|µg|units?|iu|ml|tablets?|pills?|capsules?|puffs?)\b/i;

const DOSE_INSTRUCTION: RegExp[] = [
  /\b(take|inject|use|have|give yourself)\b.{0,20}\b(\d+(\.\d+)?|one|two|three|four|half|another|an extra|extra)\b.{0,15}\b(mg|mcg|units?|iu|ml|tablets?|pills?|capsules?|doses?|shots?|injections?)\b/,
  /\b(increase|decrease|reduce|lower|raise|double|halve|adjust|change|cut)\b.{0,25}\b(dose|dosage|insulin|units|tablets?|pills?|medicines?|medication|metformin)\b/,
  /\b(stop|skip|quit|pause|discontinue)\b.{0,15}\b(taking|your|the)\b.{0,20}\b(dose|insulin|tablets?|pills?|medicines?|medication|metformin)\b/,
  /\b(start|begin)\b.{0,15}\b(taking|on)\b.{0,20}\b(insulin|tablets?|pills?|medicines?|medication|metformin)\b/,
  /\b(an extra|another|a second|one more)\b.{0,10}\b(dose|tablet|pill|shot|injection)\b/,
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
