/**
 * The methods the learned intent step was compared with (decision 082), over the same
 * features: multinomial naive Bayes, nearest neighbour (cosine), and word-only perceptron.
 */
import { features, predict, train, type Example } from '../src/modules/assistant/intent-model.ts';
import { wordsOf } from '../src/modules/assistant/language.ts';

export interface Method {
  name: string;
  train(examples: readonly Example[]): unknown;
  predict(model: unknown, text: string): string;
}

interface Bayes {
  classes: string[];
  prior: Map<string, number>;
  counts: Map<string, Map<string, number>>;
  totals: Map<string, number>;
  vocabulary: number;
}

const bayes: Method = {
  name: 'multinomial naive Bayes, word + char 2–4-grams',
  train(examples) {
    const counts = new Map<string, Map<string, number>>();
    const totals = new Map<string, number>();
    const prior = new Map<string, number>();
    const vocabulary = new Set<string>();
    for (const e of examples) {
      prior.set(e.label, (prior.get(e.label) ?? 0) + 1);
      const c = counts.get(e.label) ?? new Map<string, number>();
      counts.set(e.label, c);
      for (const f of features(e.text)) {
        vocabulary.add(f);
        c.set(f, (c.get(f) ?? 0) + 1);
        totals.set(e.label, (totals.get(e.label) ?? 0) + 1);
      }
    }
    return { classes: [...prior.keys()].sort(), prior, counts, totals, vocabulary: vocabulary.size } satisfies Bayes;
  },
  predict(model, text) {
    const m = model as Bayes;
    const x = features(text);
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
  name: 'nearest neighbour (cosine), word + char 2–4-grams',
  train: (examples) => examples.map((e) => ({ label: e.label, x: new Set(features(e.text)) })),
  predict(model, text) {
    const rows = model as { label: string; x: Set<string> }[];
    const x = new Set(features(text));
    let best = rows[0]!.label;
    let bestScore = -1;
    for (const r of rows) {
      let shared = 0;
      for (const f of x) if (r.x.has(f)) shared += 1;
      const score = shared / Math.sqrt(x.size * r.x.size || 1);
      if (score > bestScore) [best, bestScore] = [r.label, score];
    }
    return best;
  },
};

/** The perceptron on whole words only (what character n-grams add). */
const wordsOnly: Method = {
  name: 'averaged perceptron, words only',
  train: (examples) =>
    train(
      examples.map((e) => ({
        ...e,
        text: wordsOf(e.text)
          .map((w) => `${w}`)
          .join(' '),
      })),
    ),
  predict: (model, text) => predict(model as ReturnType<typeof train>, text).label,
};

export const compareMethods: Method[] = [bayes, nearest, wordsOnly];
