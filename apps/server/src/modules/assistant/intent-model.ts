/**
 * The learned intent step (decision 082): a multi-class averaged perceptron over word
 * unigrams, word bigrams and character 2–4-grams of each word, so 'sugr', 'shugar' and 'शुगर'
 * share features with the spellings it was trained on. Pure and deterministic: the same
 * examples in the same order give the same weights. No library does character n-grams with
 * a linear model offline in a few kB (decision 082 lists what was tried).
 */
import { conceptsOf, isGeneralQuestion, readIntent } from './intents.ts';
import { skeleton, transliterate } from './hinglish-key.ts';
import { wordsOf } from './language.ts';

/** One training example: its class ('glucose.highest', 'kb:foot-care', 'other') and text. */
export interface Example {
  label: string;
  text: string;
  /** Paraphrases of one intent example share a group (leave-one-group-out). */
  group?: string;
}

/**
 * The feature strings of `text`: w:word, b:word_word, c:char n-gram (digits read as 0), and
 * k:concept for each word the vocabulary places (bp, बीपी and 'blood presure' → k:bp), and
 * what the hand-written rules read (r:tool for each data tool readIntent names, r:general for
 * a general question), so the model learns when to follow them.
 */
export function features(text: string): string[] {
  return featuresWith(FEATURES, text);
}

/** Which feature families features() adds (decision 100 compares them). */
export interface FeatureOptions {
  /** s:skeleton and t:transliteration of each word, sb: skeleton pairs (hinglish-key.ts). */
  keys: boolean;
  /** Leave out the words naming whose figures they are (papa, mummy, उनका): caregivers ask as the person. */
  people: boolean;
}

export const FEATURES: FeatureOptions = { keys: true, people: true };

/** Words naming the person asked about (a caregiver's 'papa ka bp'), left out when `people` is set. */
const PEOPLE = new Set(
  (
    'papa papaji pappa mummy mumma mummyji mom mum mother dad daddy father maa ma amma ammi abbu bapuji pitaji mataji ' +
    'nana nani dada dadi grandpa grandma grandfather grandmother husband wife pati patni unka unki unke uska uski uske ' +
    'his her he she him their they them पापा मम्मी मां माँ पिताजी माताजी बापूजी नाना नानी दादा दादी पति पत्नी उनका उनकी उनके उसका उसकी उसके'
  )
    .split(' ')
    .map((w) => wordsOf(w).join('')),
);

/** features() with the families of `options`. */
export function featuresWith(options: FeatureOptions, text: string): string[] {
  const all = wordsOf(text).map((word) => word.replace(/\d+/g, '0'));
  const words = options.people ? all.filter((word) => !PEOPLE.has(word)) : all;
  const out = new Set<string>();
  if (options.keys) {
    const keys = words.map(skeleton);
    keys.forEach((key, i) => {
      out.add(`s:${key}`);
      if (i > 0) out.add(`sb:${keys[i - 1]}_${key}`);
      const latin = transliterate(words[i]!);
      if (latin !== words[i]) out.add(`w:${latin}`);
    });
  }
  words.forEach((word, i) => {
    out.add(`w:${word}`);
    for (const concept of conceptsOf(word)) out.add(`k:${concept}`);
    if (i > 0) out.add(`b:${words[i - 1]}_${word}`);
    const padded = `<${word}>`;
    const chars = [...padded];
    for (let n = 2; n <= 4; n += 1) {
      for (let j = 0; j + n <= chars.length; j += 1) out.add(`c:${chars.slice(j, j + n).join('')}`);
    }
  });
  const intent = readIntent(text);
  for (const tool of intent.tools) out.add(`r:${tool}`);
  if (intent.tools.length === 0) out.add('r:none');
  if (isGeneralQuestion(words.join(' '))) out.add('r:general');
  return [...out];
}

/** A trained model: the classes, and per known feature its row of weights (one per class). */
export interface IntentModel {
  classes: string[];
  index: Map<string, number>;
  /** Row-major: weights[feature × classes.length + class]. */
  weights: Float64Array;
}

/** A deterministic sequence in [0, 1) (mulberry32) for the training order. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Trains an averaged perceptron on `examples` for `epochs` passes in a seeded shuffled order.
 * Deterministic. `featuresOf` defaults to features().
 */
export function train(examples: readonly Example[], epochs = 12, featuresOf = features): IntentModel {
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const index = new Map<string, number>();
  const rows = examples.map((e) => ({
    y: classIndex.get(e.label)!,
    x: featuresOf(e.text).map((f) => index.get(f) ?? (index.set(f, index.size), index.size - 1)),
  }));
  const k = classes.length;
  const w = new Float64Array(index.size * k);
  // Averaging with lazy totals: total += w × (steps since that weight last changed).
  const total = new Float64Array(index.size * k);
  const stamp = new Float64Array(index.size * k);
  const random = sequence(82);
  const order = rows.map((_, i) => i);
  const s = new Float64Array(k);
  let step = 1;
  const bump = (at: number, delta: number) => {
    total[at]! += w[at]! * (step - stamp[at]!);
    stamp[at] = step;
    w[at]! += delta;
  };
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const i of order) {
      const r = rows[i]!;
      s.fill(0);
      for (const f of r.x) for (let c = 0; c < k; c += 1) s[c]! += w[f * k + c]!;
      const guess = argmax(s);
      if (guess !== r.y) {
        for (const f of r.x) {
          bump(f * k + r.y, 1);
          bump(f * k + guess, -1);
        }
      }
      step += 1;
    }
  }
  const weights = new Float64Array(index.size * k);
  for (let at = 0; at < weights.length; at += 1) weights[at] = (total[at]! + w[at]! * (step - stamp[at]!)) / step;
  return { classes, index, weights };
}

function argmax(values: Float64Array): number {
  let best = 0;
  for (let i = 1; i < values.length; i += 1) if (values[i]! > values[best]!) best = i;
  return best;
}

/** The model's class for `text`, with the margin over the runner-up (0 when nothing is known). */
export function predict(
  model: IntentModel,
  text: string,
  featuresOf = features,
): { label: string; margin: number; runnerUp: string } {
  const k = model.classes.length;
  const s = new Float64Array(k);
  for (const f of featuresOf(text)) {
    const at = model.index.get(f);
    if (at !== undefined) for (let c = 0; c < k; c += 1) s[c]! += model.weights[at * k + c]!;
  }
  const best = argmax(s);
  const rest = Float64Array.from(s);
  rest[best] = -Infinity;
  const second = argmax(rest);
  return { label: model.classes[best]!, margin: s[best]! - s[second]!, runnerUp: model.classes[second]! };
}

/** A model as stored (intent-weights.json): per feature, [class, weight × 1000 rounded, …]. */
export interface StoredModel {
  classes: string[];
  features: Record<string, number[]>;
}

/** Stored weights (× 1000) below this are left out: the file stays under 2 MB (decision 100). */
const MIN_STORED = 20;

/** `model` in its stored form: weights kept to 3 decimals, those under 0.02 left out. */
export function storeModel(model: IntentModel): StoredModel {
  const k = model.classes.length;
  const stored: StoredModel = { classes: model.classes, features: {} };
  for (const [feature, at] of [...model.index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const row: number[] = [];
    for (let c = 0; c < k; c += 1) {
      const value = Math.round(model.weights[at * k + c]! * 1000);
      if (Math.abs(value) >= MIN_STORED) row.push(c, value);
    }
    if (row.length) stored.features[feature] = row;
  }
  return stored;
}

/** The model a stored form describes. */
export function loadModel(stored: StoredModel): IntentModel {
  const k = stored.classes.length;
  const entries = Object.entries(stored.features);
  const index = new Map(entries.map(([feature], i) => [feature, i]));
  const weights = new Float64Array(entries.length * k);
  entries.forEach(([, row], i) => {
    for (let j = 0; j < row.length; j += 2) weights[i * k + row[j]!] = row[j + 1]! / 1000;
  });
  return { classes: stored.classes, index, weights };
}
