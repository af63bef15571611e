/**
 * `npx tsx apps/server/eval/intent-logo.ts [--folds N]`: leave-one-group-out accuracy of the learned
 * intent step and the methods it was compared with (decision 082). Every paraphrase of one
 * intent-example group (an eval label in one language, or one line of intent-examples.tsv) is
 * held out at a time; the rest trains; the held-out questions are scored. `--folds N` holds out
 * every N-th group at once instead (faster, for CI).
 */
import { parseArgs } from 'node:util';
import type { Example } from '../src/modules/assistant/intent-model.ts';
import { compareMethods, perceptron, type Method } from './intent-methods.ts';
import { trainingExamples } from './intent-training.ts';

/**
 * Accuracy (%) of `method` on held-out groups of `examples`: each group alone, or with `folds`,
 * the groups split round-robin into that many held-out sets. Article titles and keywords train
 * but are not scored, nor are questions whose class no other group teaches.
 */
export function leaveGroupsOut(examples: readonly Example[], method: Method, folds = 0) {
  const groups = [...new Set(examples.map((e) => e.group!))].filter((g) => !g.startsWith('article:'));
  const sets =
    folds > 0
      ? Array.from({ length: folds }, (_, i) => groups.filter((_, j) => j % folds === i))
      : groups.map((g) => [g]);
  let right = 0;
  let asked = 0;
  for (const set of sets) {
    const held = new Set(set);
    const rest = examples.filter((e) => !held.has(e.group!));
    const known = new Set(rest.map((e) => e.label));
    const model = method.train(rest);
    for (const e of examples.filter((x) => held.has(x.group!))) {
      if (!known.has(e.label)) continue;
      asked += 1;
      if (method.predict(model, e.text) === e.label) right += 1;
    }
  }
  return { right, asked, percent: Math.round((right / Math.max(asked, 1)) * 1000) / 10 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { folds: { type: 'string', default: '0' }, only: { type: 'string' } } });
  const examples = trainingExamples();
  for (const method of [perceptron, ...compareMethods].filter((m) => !values.only || m.name.includes(values.only))) {
    const started = performance.now();
    const result = leaveGroupsOut(examples, method, Number(values.folds));
    console.log(
      `${method.name.padEnd(70)} ${result.percent}% (${result.right}/${result.asked}) in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
}
