/**
 * The learned intent step's training set (decision 082, 100): the labelled eval questions mapped
 * to intent classes, the intent example phrasings (intent-examples.tsv), the labelled training
 * corpora (eval/training/*.tsv, lines `label<TAB>question`) and each article's title and
 * keywords. Emergencies, dose changes and missed or extra doses are left out: rules answer them
 * first and the model cannot outvote them (corpus rows labelled `guard:…` test the guard rails).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadArticles } from '../src/modules/knowledge/knowledge.ts';
import type { Example } from '../src/modules/assistant/intent-model.ts';
import { loadQuestions, type Question, type Variety } from './assistant-eval.ts';

const ARTICLES = new Set(loadArticles('en').map((a) => a.id));

/** The intent class of a labelled question, or null when rules answer it (guard rails). */
export function classOf(q: Pick<Question, 'group' | 'expect'>): string | null {
  if (q.group === 'out-of-scope') return 'other';
  if (q.group === 'education') {
    // 'foot-care#0' names the passage too: the class is the article.
    const slugs = q.expect.split('|').map((s) => s.split('#')[0]!);
    const slug = slugs.find((s) => ARTICLES.has(s)) ?? slugs[0]!;
    return `kb:${slug}`;
  }
  if (q.group !== 'data') return null;
  // 'labs.hba1c@all' → labs.hba1c; 'glucose.over180@7' and 'glucose.under70' → glucose.threshold.
  const match = /^([a-z]+)(?:\.([a-zA-Z0-9]+))?/.exec(q.expect)!;
  const [, subject, measure = ''] = match;
  if (subject === 'glucose' && /^(over|under)\d*$/.test(measure)) return 'glucose.threshold';
  if (subject === 'refill') return 'refill.runOut';
  // 'at what time is the night tablet': the writers' corpora label it as today's doses (a rule answers it first).
  if (subject === 'doses' && measure === 'schedule') return 'doses.today';
  return `${subject}.${measure}`;
}

/** A labelled corpus row (eval/training/*.tsv): its file's name, line number, label and question. */
export interface CorpusRow {
  corpus: string;
  line: number;
  label: string;
  question: string;
}

const CORPORA = new URL('./training/', import.meta.url);

/** Every row of the labelled training corpora, in file-name then line order ('#' starts a comment). */
export function loadCorpora(): CorpusRow[] {
  let files: string[];
  try {
    files = readdirSync(CORPORA)
      .filter((f) => f.endsWith('.tsv'))
      .sort();
  } catch {
    return [];
  }
  return files.flatMap((file) =>
    readFileSync(new URL(file, CORPORA), 'utf8')
      .split('\n')
      .map((line, i) => ({ line: line.replace(/\r$/, ''), i }))
      .filter(({ line }) => line.trim() && !line.startsWith('#') && !line.startsWith('label\t'))
      .map(({ line, i }) => {
        const [label, question] = line.split('\t');
        if (!label || !question) throw new Error(`training/${file}:${i + 1}: expected label<TAB>question`);
        return { corpus: file.replace(/\.tsv$/, ''), line: i + 1, label: label.trim(), question: question.trim() };
      }),
  );
}

/** The first-sight round (1, 2, …) each eval question was added with, by `${variety}\t${question}`; 0 for none. */
export function roundsOfQuestions(): Map<string, number> {
  const rounds = new Map<string, number>();
  for (const variety of ['en', 'hi', 'hinglish'] as Variety[]) {
    let round = 0;
    for (const line of readFileSync(new URL(`./questions-${variety}.tsv`, import.meta.url), 'utf8').split('\n')) {
      const marker = /^# first-sight round (\d+)/.exec(line);
      if (marker) round = Number(marker[1]);
      else if (line.trim() && !line.startsWith('#')) rounds.set(`${variety}\t${line.split('\t')[2]}`, round);
    }
  }
  return rounds;
}

/** The example phrasings of intent-examples.tsv, one paraphrase group per line. */
function intentExamples(): Example[] {
  const examples: Example[] = [];
  readFileSync(new URL('../src/modules/assistant/intent-examples.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .forEach((line, i) => {
      const [label, phrasings] = line.split('\t');
      for (const text of phrasings!.split('|')) examples.push({ label: label!, text, group: `example:${i}` });
    });
  return examples;
}

/** The articles' titles and keywords in English and Hindi, one group per article and language. */
function articleExamples(): Example[] {
  const examples: Example[] = [];
  for (const language of ['en', 'hi'] as const) {
    for (const article of loadArticles(language)) {
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

/** The classes the model may learn: every eval and example class and every article. */
export function knownClasses(questions: readonly Question[] = loadQuestions()): Set<string> {
  return new Set([
    ...questions.map(classOf).filter((c): c is string => c !== null),
    ...intentExamples().map((e) => e.label),
    ...[...ARTICLES].map((id) => `kb:${id}`),
  ]);
}

/**
 * Every training example with its paraphrase group (label × language for eval questions, a line
 * of intent-examples.tsv, `corpus:<name>:<line>` for a corpus row). Corpus rows whose label is a
 * guard rail (`guard:…`) or no known class are left out.
 */
export function trainingExamples(
  questions: readonly Question[] = loadQuestions(),
  corpora: readonly CorpusRow[] = loadCorpora(),
): Example[] {
  const examples: Example[] = [];
  for (const q of questions) {
    const label = classOf(q);
    if (label) examples.push({ label, text: q.question, group: `eval:${q.expect}:${q.variety}` });
  }
  examples.push(...intentExamples());
  const classes = knownClasses(questions);
  for (const row of corpora) {
    if (classes.has(row.label)) {
      examples.push({ label: row.label, text: row.question, group: `corpus:${row.corpus}:${row.line}` });
    }
  }
  examples.push(...articleExamples());
  return examples;
}
