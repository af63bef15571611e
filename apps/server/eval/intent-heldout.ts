/**
 * `npx tsx apps/server/eval/intent-heldout.ts [--only name] [--logo]`: held-out accuracy of the
 * learned intent step that mimics first sight (decision 100), per language:
 * (a) each training corpus (eval/training/*.tsv) held out whole, the rest trains;
 * (b) each first-sight round's questions (rounds 1–9 in the eval) held out, the rest trains;
 * (c) 5 folds of paraphrase groups (intent-logo.ts), or every group alone with `--logo`.
 * A held-out text is also removed from training wherever else it occurs (same normalised words).
 */
import { parseArgs } from 'node:util';
import type { Example } from '../src/modules/assistant/intent-model.ts';
import { wordsOf } from '../src/modules/assistant/language.ts';
import { loadQuestions } from './assistant-eval.ts';
import { leaveGroupsOut } from './intent-logo.ts';
import { compareMethods, perceptron, type Method } from './intent-methods.ts';
import { classOf, loadCorpora, roundsOfQuestions, trainingExamples } from './intent-training.ts';

type Lang = 'en' | 'hi' | 'hinglish';
interface Tested extends Example {
  lang: Lang;
}
export interface Score {
  right: number;
  asked: number;
  byLang: Record<Lang, [number, number]>;
}

const key = (text: string) => wordsOf(text).join(' ');
/** The language of a corpus row: Devanagari → hi; Latin with a Hinglish word → hinglish; else en. */
const HINGLISH =
  /\b(kya|hai|h|hain|mera|meri|mere|kitna|kitni|kitne|kab|kaise|ka|ki|ke|ko|se|aur|nahi|batao|hua|tha|thi|pichle|aaj|kal|wala|wali|dikhao|sakte|sakta|chahiye|karna|kar|le|lu|raha|rahi|rha|rhi|gaya|gayi|papa|mummy|bhi|abhi|ya|kaun|konsa|kyu|kyun)\b/;
export function languageOf(text: string): Lang {
  if (/[\u0900-\u097f]/.test(text)) return 'hi';
  return HINGLISH.test(text.toLowerCase()) ? 'hinglish' : 'en';
}

/** Trains `method` on `all` without `held` (and without any example with a held-out text), scores `held`. */
export function heldOutScore(method: Method, all: readonly Example[], held: readonly Tested[]): Score {
  const heldTexts = new Set(held.map((e) => key(e.text)));
  const rest = all.filter((e) => !heldTexts.has(key(e.text)));
  const known = new Set(rest.map((e) => e.label));
  const model = method.train(rest);
  const score: Score = { right: 0, asked: 0, byLang: { en: [0, 0], hi: [0, 0], hinglish: [0, 0] } };
  for (const e of held) {
    if (!known.has(e.label)) continue;
    const ok = method.predict(model, e.text) === e.label;
    score.asked += 1;
    score.byLang[e.lang][1] += 1;
    if (ok) {
      score.right += 1;
      score.byLang[e.lang][0] += 1;
    }
  }
  return score;
}

const pct = (r: number, n: number) => (n ? ((r / n) * 100).toFixed(1) : '–');
export const formatScore = (s: Score) =>
  `${pct(s.right, s.asked)}% (${s.right}/${s.asked}; en ${pct(...s.byLang.en)}, hi ${pct(...s.byLang.hi)}, hinglish ${pct(...s.byLang.hinglish)})`;

/** The held-out sets: each corpus, each first-sight round. */
export function heldOutSets(): { name: string; held: Tested[] }[] {
  const questions = loadQuestions();
  const rounds = roundsOfQuestions();
  const sets: { name: string; held: Tested[] }[] = [];
  const corpora = loadCorpora();
  for (const corpus of [...new Set(corpora.map((r) => r.corpus))]) {
    sets.push({
      name: `(a) ${corpus}`,
      held: corpora
        .filter((r) => r.corpus === corpus && !r.label.startsWith('guard:'))
        .map((r) => ({ label: r.label, text: r.question, lang: languageOf(r.question) })),
    });
  }
  for (const round of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    sets.push({
      name: `(b) round ${round}`,
      held: questions
        .filter((q) => rounds.get(`${q.variety}\t${q.question}`) === round && classOf(q))
        .map((q) => ({ label: classOf(q)!, text: q.question, lang: q.variety })),
    });
  }
  return sets;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { only: { type: 'string' }, logo: { type: 'boolean', default: false } } });
  const all = trainingExamples();
  const sets = heldOutSets();
  for (const method of [perceptron, ...compareMethods].filter((m) => !values.only || m.name.includes(values.only))) {
    const started = performance.now();
    console.log(`== ${method.name}`);
    const totals = { a: [0, 0], b: [0, 0] };
    for (const set of sets) {
      const s = heldOutScore(method, all, set.held);
      const t = set.name.startsWith('(a)') ? totals.a : totals.b;
      t[0]! += s.right;
      t[1]! += s.asked;
      console.log(`  ${set.name.padEnd(16)} ${formatScore(s)}`);
    }
    console.log(`  (a) all          ${pct(totals.a[0]!, totals.a[1]!)}%   (b) all ${pct(totals.b[0]!, totals.b[1]!)}%`);
    const logo = leaveGroupsOut(all, method, values.logo ? 0 : 5);
    console.log(`  (c) ${values.logo ? 'LOGO' : '5 folds'}        ${logo.percent}% (${logo.right}/${logo.asked})`);
    console.log(`  ${Math.round((performance.now() - started) / 1000)} s`);
  }
}
