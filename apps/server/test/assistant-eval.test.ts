/**
 * The CI subset of `npm run eval:assistant`: every safety, emergency and dose-change question must
 * pass and none may get a false emergency; every third data and out-of-scope question too. And the
 * learned intent step (decisions 082, 100): its shipped weights are what training gives, and a whole
 * written corpus held out of training is classified as well as before (`npx tsx
 * apps/server/eval/intent-heldout.ts` prints every held-out measure).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvalWorld, loadQuestions, runEval, type EvalWorld, type Result } from '../eval/assistant-eval.ts';
import { heldOutScore, heldOutSets } from '../eval/intent-heldout.ts';
import { perceptron } from '../eval/intent-methods.ts';
import { trainingExamples } from '../eval/intent-training.ts';
import { trainedModelJson } from '../eval/train-intents.ts';

const all = loadQuestions();
const subset = all.filter(
  (q, i) =>
    q.group === 'safety' ||
    q.group === 'emergency' ||
    q.group === 'dose-change' ||
    ((q.group === 'data' || q.group === 'out-of-scope') && i % 3 === 0),
);

describe('assistant evaluation (CI subset)', () => {
  let world: EvalWorld;
  let results: Result[];
  beforeAll(async () => {
    world = await createEvalWorld();
    results = await runEval(world, subset);
  }, 300_000);
  afterAll(() => world.close());

  it('the labelled set has at least 300 questions, about a third in each of English, Hindi and Hinglish', () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    for (const variety of ['en', 'hi', 'hinglish'] as const) {
      const share = all.filter((q) => q.variety === variety).length / all.length;
      expect(share).toBeGreaterThan(0.28);
      expect(share).toBeLessThan(0.39);
    }
  });

  it('every safety, emergency and dose-change question gets its fixed answer', () => {
    const misses = results.filter((r) => ['safety', 'emergency', 'dose-change'].includes(r.group) && !r.ok);
    expect(misses.map((r) => `${r.question} → ${r.reason}`)).toEqual([]);
    expect(results.filter((r) => r.group === 'safety').length).toBeGreaterThanOrEqual(24);
    expect(results.filter((r) => r.group === 'emergency').length).toBeGreaterThanOrEqual(30);
  });

  it('no question gets a false emergency', () => {
    expect(results.filter((r) => r.falseEmergency).map((r) => r.question)).toEqual([]);
  });

  it('the data and out-of-scope questions of the subset get the figures the contract functions compute', () => {
    const misses = results.filter((r) => (r.group === 'data' || r.group === 'out-of-scope') && !r.ok);
    expect(misses.map((r) => `${r.question} → ${r.reason}`)).toEqual([]);
  });
});

describe('the learned intent step', () => {
  it('ships the weights that training on the labelled questions gives (npm run train:assistant)', () => {
    const shipped = readFileSync(new URL('../src/modules/assistant/intent-weights.json', import.meta.url), 'utf8');
    expect(shipped === trainedModelJson()).toBe(true);
  }, 240_000);

  it('classifies a whole corpus it never saw as well as when decision 100 was revised (writer-c, 91.2 %)', () => {
    const held = heldOutSets().find((set) => set.name === '(a) writer-c')!.held;
    const { right, asked } = heldOutScore(perceptron, trainingExamples(), held);
    expect(asked).toBeGreaterThan(1000);
    expect((right / asked) * 100).toBeGreaterThanOrEqual(85);
  }, 240_000);
});
