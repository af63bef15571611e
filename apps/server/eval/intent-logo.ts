/**
 * `npx tsx apps/server/eval/intent-logo.ts [--test set.tsv]`: leave-one-group-out accuracy of the
 * learned intent step and the methods it was compared with (decision 082): every paraphrase of
 * one intent-example group is held out at a time, the rest trains, the held-out ones are scored.
 */
import { parseArgs } from 'node:util';
import { type Example, predict, train } from '../src/modules/assistant/intent-model.ts';
import { compareMethods, type Method } from './intent-methods.ts';
import { trainingExamples } from './intent-training.ts';

/** Leave-one-group-out accuracy (%) of `method` over `examples` (only groups whose class stays in training count). */
export function leaveOneGroupOut(examples: readonly Example[], method: Method) {
  const groups = [...new Set(examples.map((e) => e.group!))];
  let right = 0;
  let asked = 0;
  for (const group of groups) {
    const held = examples.filter((e) => e.group === group);
    const rest = examples.filter((e) => e.group !== group);
    const known = new Set(rest.map((e) => e.label));
    const model = method.train(rest);
    for (const e of held) {
      // Article titles and keywords train but are not questions: only questions are scored.
      if (!known.has(e.label) || e.group!.startsWith('article:')) continue;
      asked += 1;
      if (method.predict(model, e.text) === e.label) right += 1;
    }
  }
  return { right, asked, percent: Math.round((right / asked) * 1000) / 10 };
}

export const perceptron: Method = {
  name: 'averaged perceptron, word + char 2–4-grams',
  train: (e) => train(e),
  predict: (m, t) => predict(m as ReturnType<typeof train>, t).label,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  parseArgs({ options: {} });
  const examples = trainingExamples().filter((e) => e.group!.startsWith('eval:') || e.group!.startsWith('example:'));
  const all = trainingExamples();
  for (const method of [perceptron, ...compareMethods]) {
    const started = performance.now();
    const result = leaveOneGroupOut(all, method);
    console.log(
      `${method.name.padEnd(48)} LOGO ${result.percent}% (${result.right}/${result.asked}) in ${Math.round(performance.now() - started)} ms; ${examples.length} question examples`,
    );
  }
}
