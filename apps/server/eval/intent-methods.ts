/**
 * The methods the learned intent step was compared with (decision 082), over cached features:
 * the averaged perceptron with all features, with words only, without the rule features,
 * multinomial naive Bayes, and nearest neighbour (cosine).
 */
import { features, featuresWith, predict, train, type Example } from '../src/modules/assistant/intent-model.ts';

export interface Method {
  name: string;
  train(examples: readonly Example[]): unknown;
  predict(model: unknown, text: string): string;
}

const cache = new Map<string, string[]>();
/** features() of `text`, computed once per process. */
export const cachedFeatures = (text: string) => {
  let x = cache.get(text);
  if (!x) cache.set(text, (x = features(text)));
  return x;
};
const only = (keep: (f: string) => boolean) => (text: string) => cachedFeatures(text).filter(keep);

const perceptronOver = (name: string, featuresOf: (text: string) => string[]): Method => ({
  name,
  train: (examples) => train(examples, 12, featuresOf),
  predict: (model, text) => predict(model as ReturnType<typeof train>, text, featuresOf).label,
});

interface Bayes {
  classes: string[];
  prior: Map<string, number>;
  counts: Map<string, Map<string, number>>;
  totals: Map<string, number>;
  vocabulary: number;
}

const bayes: Method = {
  name: 'multinomial naive Bayes, all features',
  train(examples) {
    const counts = new Map<string, Map<string, number>>();
    const totals = new Map<string, number>();
    const prior = new Map<string, number>();
    const vocabulary = new Set<string>();
    for (const e of examples) {
      prior.set(e.label, (prior.get(e.label) ?? 0) + 1);
      const c = counts.get(e.label) ?? new Map<string, number>();
      counts.set(e.label, c);
      for (const f of cachedFeatures(e.text)) {
        vocabulary.add(f);
        c.set(f, (c.get(f) ?? 0) + 1);
        totals.set(e.label, (totals.get(e.label) ?? 0) + 1);
      }
    }
    return { classes: [...prior.keys()].sort(), prior, counts, totals, vocabulary: vocabulary.size } satisfies Bayes;
  },
  predict(model, text) {
    const m = model as Bayes;
    const x = cachedFeatures(text);
    let best = m.classes[0]!;
    let bestScore = -Infinity;
    for (const c of m.classes) {
      let score = Math.log(m.prior.get(c)!);
      const counts = m.counts.get(c)!;
      const total = m.totals.get(c)! + m.vocabulary;
      for (const f of x) score += Math.log(((counts.get(f) ?? 0) + 1) / total);
      if (score > bestScore) [best, bestScore] = [c, score];
    }
    return best;
  },
};

const nearest: Method = {
  name: 'nearest neighbour (cosine), all features',
  train: (examples) => examples.map((e) => ({ label: e.label, x: new Set(cachedFeatures(e.text)) })),
  predict(model, text) {
    const rows = model as { label: string; x: Set<string> }[];
    const x = cachedFeatures(text);
    let best = rows[0]!.label;
    let bestScore = -1;
    for (const r of rows) {
      let shared = 0;
      for (const f of x) if (r.x.has(f)) shared += 1;
      const score = shared / Math.sqrt(x.length * r.x.size || 1);
      if (score > bestScore) [best, bestScore] = [r.label, score];
    }
    return best;
  },
};

/** The shipped method: the averaged perceptron over every feature. */
export const perceptron = perceptronOver(
  'averaged perceptron, shipped: words + char 2–4-grams + concepts + rules + spelling keys, people left out',
  cachedFeatures,
);

const cachedWith = (options: Parameters<typeof featuresWith>[0]) => {
  const own = new Map<string, string[]>();
  return (text: string) => {
    let x = own.get(text);
    if (!x) own.set(text, (x = featuresWith(options, text)));
    return x;
  };
};

export const compareMethods: Method[] = [
  perceptronOver(
    'averaged perceptron, decision 082 features (no keys, people kept)',
    cachedWith({ keys: false, people: false }),
  ),
  perceptronOver('averaged perceptron, + spelling keys (people kept)', cachedWith({ keys: true, people: false })),
  perceptronOver('averaged perceptron, + people left out (no keys)', cachedWith({ keys: false, people: true })),
  perceptronOver(
    'averaged perceptron, words + char n-grams (no concepts, no rules)',
    only((f) => /^[wbc]:/.test(f)),
  ),
  perceptronOver(
    'averaged perceptron, words and word pairs only',
    only((f) => /^[wb]:/.test(f)),
  ),
  bayes,
  nearest,
];
