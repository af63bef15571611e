/**
 * The assistant's knowledge base (issue 11): the markdown articles in ./knowledge, each with
 * front matter (title, source, section, reviewed, keywords), searched with MiniSearch
 * (fuzzy and prefix matching, everyday synonyms such as sugar → glucose, BP → blood
 * pressure, tablet → medicine). The build copies the folder next to dist/server.js, so
 * `new URL('./knowledge/', import.meta.url)` finds it both from source and from the bundle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AssistantSource } from '@diacare/contract/assistant';
import MiniSearch from 'minisearch';
import { parse as parseYaml } from 'yaml';

export interface Article {
  id: string;
  title: string;
  /** The publication it cites, e.g. 'ADA Standards of Care in Diabetes 2025'. */
  source: string;
  /** The section of that publication. */
  section: string;
  /** YYYY-MM-DD the team last checked it against its source. */
  reviewed: string;
  keywords: string;
  body: string;
}

/** Everyday words and their standard terms; a query term adds its synonyms. */
export const SYNONYMS: Record<string, string[]> = {
  sugar: ['glucose'],
  sugars: ['glucose'],
  bg: ['glucose'],
  bp: ['blood', 'pressure'],
  tablet: ['medicine'],
  tablets: ['medicine'],
  pill: ['medicine'],
  pills: ['medicine'],
  meds: ['medicine'],
  medication: ['medicine'],
  medications: ['medicine'],
  hypo: ['hypoglycaemia', 'low'],
  hypoglycemia: ['hypoglycaemia'],
  diet: ['food'],
  eat: ['food'],
  eating: ['food'],
  khana: ['food'],
  walk: ['exercise'],
  walking: ['exercise'],
  yoga: ['exercise'],
  fever: ['sick'],
  ill: ['sick'],
  vision: ['eyes'],
  roza: ['ramadan', 'fasting'],
  ramzan: ['ramadan', 'fasting'],
  fast: ['fasting'],
  trip: ['travel'],
};

const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from had has have how i if in into is it its me my of on or our should so than that the their them then there these they this to was we were what when where which who why will with would you your about tell please am did'.split(
    ' ',
  ),
);

/** Lower-cases a term, drops stop words and adds its synonyms (MiniSearch's processTerm). */
export function processTerm(term: string): string[] | null {
  const word = term.toLowerCase();
  if (STOP_WORDS.has(word)) return null;
  return [word, ...(SYNONYMS[word] ?? [])];
}

/** Splits a markdown file into its YAML front matter and body. */
export function parseArticle(id: string, markdown: string): Article {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown);
  if (!match) throw new Error(`knowledge/${id}.md: no front matter`);
  const meta = parseYaml(match[1]!) as Record<string, unknown>;
  for (const field of ['title', 'source', 'section', 'reviewed']) {
    if (!meta[field]) throw new Error(`knowledge/${id}.md: front matter needs '${field}'`);
  }
  return {
    id,
    title: String(meta.title),
    source: String(meta.source),
    section: String(meta.section),
    reviewed: String(meta.reviewed),
    keywords: String(meta.keywords ?? ''),
    body: match[2]!.replace(/\s*\n\s*/g, ' ').trim(),
  };
}

/** Reads every article in `directory` (default: ./knowledge beside this module or the bundle). */
export function loadArticles(directory = new URL('./knowledge/', import.meta.url)): Article[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticle(name.replace(/\.md$/, ''), readFileSync(new URL(name, directory), 'utf8')));
}

export interface KnowledgeHit {
  article: Article;
  score: number;
}

/** A searchable knowledge base over `articles`. */
export function createKnowledgeBase(articles: readonly Article[]) {
  const index = new MiniSearch<Article>({
    fields: ['title', 'keywords', 'body'],
    storeFields: [],
    processTerm,
    searchOptions: {
      boost: { title: 3, keywords: 2 },
      // Typos: one edit in words of 4+ letters, two in words of 8+ ('hypoglycemia', 'excercise').
      fuzzy: (term) => (term.length >= 8 ? 0.25 : term.length >= 4 ? 0.2 : false),
      prefix: (term) => term.length >= 4,
      combineWith: 'OR',
    },
  });
  index.addAll(articles as Article[]);
  const byId = new Map(articles.map((article) => [article.id, article]));

  return {
    articles,
    /** The best matching articles for `query`, best first (empty when nothing matches). */
    search(query: string, limit = 3): KnowledgeHit[] {
      return index
        .search(query)
        .slice(0, limit)
        .map((result) => ({ article: byId.get(String(result.id))!, score: result.score }));
    },
  };
}
export type KnowledgeBase = ReturnType<typeof createKnowledgeBase>;

/** The citation shown under an answer that quotes `article`. */
export function sourceOf(article: Article): AssistantSource {
  return { title: article.source, section: article.section };
}

/** A short excerpt: the article's first sentences up to about `maxChars` characters. */
export function excerpt(article: Article, maxChars = 700): string {
  const sentences = article.body.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [article.body];
  let text = '';
  for (const sentence of sentences) {
    if (text && text.length + sentence.length > maxChars) break;
    text += sentence;
  }
  return text.trim();
}
