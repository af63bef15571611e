/**
 * The learned intent step's training set (decision 082): the labelled eval questions mapped to
 * intent classes, the intent example phrasings (intent-examples.tsv) and each article's title
 * and keywords. Emergencies, dose changes and missed or extra doses are left out: rules answer
 * them first and the model cannot outvote them.
 */
import { readFileSync } from 'node:fs';
import { KNOWLEDGE_DIRECTORIES, loadArticles } from '../src/modules/knowledge/knowledge.ts';
import type { Example } from '../src/modules/assistant/intent-model.ts';
import { loadQuestions, type Question } from './assistant-eval.ts';

const ARTICLES = new Set(loadArticles(KNOWLEDGE_DIRECTORIES.en).map((a) => a.id));

/** The intent class of a labelled question, or null when rules answer it (guard rails). */
export function classOf(q: Pick<Question, 'group' | 'expect'>): string | null {
  if (q.group === 'out-of-scope') return 'other';
  if (q.group === 'education') {
    const slug = q.expect.split('|').find((s) => ARTICLES.has(s)) ?? q.expect.split('|')[0]!;
    return `kb:${slug}`;
  }
  if (q.group !== 'data') return null;
  const match = /^([a-z]+)(?:\.([a-zA-Z]+))?/.exec(q.expect)!;
  const [, subject, measure = ''] = match;
  if (subject === 'glucose' && /^(over|under)$/.test(measure)) return 'glucose.threshold';
  if (subject === 'refill') return 'refill.runOut';
  return `${subject}.${measure}`;
}

/** Every training example with its paraphrase group (label × language for eval questions). */
export function trainingExamples(questions: readonly Question[] = loadQuestions()): Example[] {
  const examples: Example[] = [];
  for (const q of questions) {
    const label = classOf(q);
    if (label) examples.push({ label, text: q.question, group: `eval:${q.expect}:${q.variety}` });
  }
  readFileSync(new URL('../src/modules/assistant/intent-examples.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .forEach((line, i) => {
      const [label, phrasings] = line.split('\t');
      for (const text of phrasings!.split('|')) examples.push({ label: label!, text, group: `example:${i}` });
    });
  for (const language of ['en', 'hi'] as const) {
    for (const article of loadArticles(KNOWLEDGE_DIRECTORIES[language])) {
      const group = `article:${article.id}:${language}`;
      examples.push({ label: `kb:${article.id}`, text: article.title, group });
      for (const keyword of article.keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)) {
        examples.push({ label: `kb:${article.id}`, text: keyword, group });
      }
    }
  }
  return examples;
}
