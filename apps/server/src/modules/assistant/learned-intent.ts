/**
 * The learned intent step at run time (decision 082): the averaged perceptron of
 * intent-model.ts as trained at build time (`npm run train:assistant` writes
 * intent-weights.json), and the slot rules read beside it (a number and its role).
 */
import { readFileSync } from 'node:fs';
import { loadModel, predict, type IntentModel, type StoredModel } from './intent-model.ts';
import { wordsOf } from './language.ts';

let model: IntentModel | null = null;

/**
 * The trained model, read from intent-weights.json by the first question (once per process).
 * Not imported: compiled into the bundle as a literal it held about 50 MB resident from start
 * (decision 109). The build copies the file beside dist/server.js, so the same relative URL
 * finds it from the source and from the bundle.
 */
export function intentModel(): IntentModel {
  return (model ??= loadModel(
    JSON.parse(readFileSync(new URL('./intent-weights.json', import.meta.url), 'utf8')) as StoredModel,
  ));
}

/** Below this margin the learned class is not trusted and the rules' reading stands. */
export const MIN_MARGIN = 0.5;

/**
 * The intent class of `question` ('glucose.highest', 'kb:foot-care', 'other', …) and how far
 * ahead of the runner-up it scored.
 */
export function classifyIntent(question: string): { label: string; margin: number } {
  const { label, margin } = predict(intentModel(), question);
  return { label, margin };
}

/** A number the question compares readings with: 'above 180', '180 se upar', '180 से ऊपर', 'below 70'. */
export interface Threshold {
  value: number;
  side: 'above' | 'below';
}

const ABOVE = new Set([
  'above',
  'over',
  'upar',
  'uper',
  'jyada',
  'zyada',
  'ziada',
  'ऊपर',
  'उपर',
  'ज्यादा',
  'अधिक',
  'exceeded',
  'crossed',
  'cross',
  'paar',
  'पार',
]);
const BELOW = new Set(['below', 'under', 'neeche', 'niche', 'kam', 'नीचे', 'कम', 'less']);

/**
 * The threshold `question` names, or null: a number of 2–3 digits with a direction word within
 * two words of it ('more than 180', '180 se upar', '> 180'). Never a reading of the user's.
 */
export function readThreshold(question: string): Threshold | null {
  const symbol = /([<>≥≤])=?\s*(\d{2,3})\b/.exec(question);
  if (symbol) return { value: Number(symbol[2]), side: symbol[1] === '>' || symbol[1] === '≥' ? 'above' : 'below' };
  const words = wordsOf(question);
  for (let i = 0; i < words.length; i += 1) {
    if (!/^\d{2,3}$/.test(words[i]!)) continue;
    const near = [words[i - 2], words[i - 1], words[i + 1], words[i + 2]];
    if (near.some((w) => w && ABOVE.has(w)) || (words[i - 2] === 'more' && words[i - 1] === 'than')) {
      return { value: Number(words[i]), side: 'above' };
    }
    if (near.some((w) => w && BELOW.has(w)) || (words[i - 2] === 'less' && words[i - 1] === 'than')) {
      return { value: Number(words[i]), side: 'below' };
    }
  }
  return null;
}
