/**
 * The assistant's knowledge base (issue 11): the markdown articles in ./knowledge, each with
 * front matter (title, source, section, reviewed, keywords), searched with MiniSearch
 * (fuzzy and prefix matching, everyday synonyms such as sugar → glucose, BP → blood
 * pressure, tablet → medicine). The build copies the folder next to dist/server.js, so
 * `new URL('./knowledge/', import.meta.url)` finds it both from source and from the bundle.
 *
 * Hindi (issue 14): ./knowledge/hi holds a Hindi version of every article, citing the same
 * source and section, searched when the user's language is Hindi. MiniSearch's default
 * tokenizer splits on Unicode spaces and punctuation (the danda '।' included) and keeps
 * Devanagari vowel signs inside words; `processHindiTerm` then unifies spellings (nukta,
 * chandrabindu), drops Hindi and English stop words, strips common inflection endings
 * (a light stemmer after Ramanathan & Rao, "A Lightweight Stemmer for Hindi", 2003) and adds
 * everyday synonyms (शुगर → ग्लूकोज़, बीपी → ब्लड प्रेशर, गोली → दवा).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AssistantSource } from '@diacare/contract/assistant';
import MiniSearch from 'minisearch';
import { parse as parseYaml } from 'yaml';
import type { Language } from '../../i18n/index.ts';
import { normaliseSpelling } from './language.ts';

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

/** Hindi stop words (normalised spelling): particles, pronouns, auxiliaries, question words. */
const HINDI_STOP_WORDS = new Set(
  'क्या है हैं था थी थे हो होता होती होते में की का के को से पर और या भी तो ही मैं मुझे मेरा मेरी मेरे मैंने हम आप आपका आपकी आपके अपना अपनी अपने यह ये वह वो इस उस कैसे कैसा कैसी कब कहां क्यों कौन कितना कितनी कितने करें करूं करना करते कर रहा रही रहे चाहिए सकता सकती सकते लिए बारे बताएं बताइए बताओ जी कृपया एक कुछ ने तक'.split(
    ' ',
  ),
);

/** Everyday Hindi words (normalised) and the words the Hindi articles use for them. */
const HINDI_SYNONYMS: Record<string, string[]> = {
  शुगर: ['ग्लूकोज'],
  सुगर: ['शुगर', 'ग्लूकोज'],
  डायबिटीज: ['शुगर'],
  मधुमेह: ['डायबिटीज', 'शुगर'],
  बीपी: ['ब्लड', 'प्रेशर'],
  रक्तचाप: ['ब्लड', 'प्रेशर'],
  गोली: ['दवा'],
  गोलियां: ['दवा'],
  टैबलेट: ['दवा'],
  दवाई: ['दवा'],
  दवाइयां: ['दवा'],
  दवाएं: ['दवा'],
  हाइपो: ['हाइपोग्लाइसीमिया', 'लो'],
  कसरत: ['व्यायाम'],
  योग: ['व्यायाम'],
  सैर: ['व्यायाम'],
  खाएं: ['खाना'],
  खाऊं: ['खाना'],
  डाइट: ['खाना'],
  परहेज: ['खाना'],
  बुखार: ['बीमारी'],
  बीमार: ['बीमारी'],
  नजर: ['आंख'],
  उपवास: ['व्रत'],
  रोजा: ['रमजान', 'व्रत'],
  रमजान: ['रोजा', 'व्रत'],
  सफर: ['यात्रा'],
  पांव: ['पैर'],
};

/** Inflection endings, longest first (vowel signs after a consonant, and infinitive endings; after Ramanathan & Rao 2003). */
const HINDI_SUFFIXES = ['ियों', 'ियां', 'ाओं', 'ाएं', 'ुओं', 'ुएं', 'ों', 'ें', 'ीं', 'ां', 'ूं', 'ना', 'नी', 'ने', 'ो', 'े', 'ी', 'ा'];

/** The stem of a normalised Hindi word: the longest listed ending removed, keeping at least two letters. */
export function hindiStem(word: string): string {
  for (const suffix of HINDI_SUFFIXES) {
    if (word.endsWith(suffix) && [...word.slice(0, -suffix.length)].length >= 2) return word.slice(0, -suffix.length);
  }
  return word;
}

/**
 * MiniSearch's processTerm for the Hindi articles and queries: spelling unified, stop
 * words (Hindi and English) dropped, the stem and its synonyms' stems indexed. Latin words
 * (BP, sugar, HbA1c) go through the English rules.
 */
export function processHindiTerm(term: string): string[] | null {
  const word = normaliseSpelling(term);
  if (!/[\u0900-\u097f]/.test(word)) return processTerm(word);
  if (HINDI_STOP_WORDS.has(word)) return null;
  return [...new Set([word, ...(HINDI_SYNONYMS[word] ?? [])].map(hindiStem))];
}

/** Where each language's articles are (beside this module or the bundle). */
export const KNOWLEDGE_DIRECTORIES: Record<Language, URL> = {
  en: new URL('./knowledge/', import.meta.url),
  hi: new URL('./knowledge/hi/', import.meta.url),
};

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
export function loadArticles(directory: URL = KNOWLEDGE_DIRECTORIES.en): Article[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticle(name.replace(/\.md$/, ''), readFileSync(new URL(name, directory), 'utf8')));
}

export interface KnowledgeHit {
  article: Article;
  score: number;
}

/** A searchable knowledge base over `articles`, written in `language`. */
export function createKnowledgeBase(articles: readonly Article[], language: Language = 'en') {
  const index = new MiniSearch<Article>({
    fields: ['title', 'keywords', 'body'],
    storeFields: [],
    processTerm: language === 'hi' ? processHindiTerm : processTerm,
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
    language,
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

/** A short excerpt: the article's first sentences (ending in . ! ? or the danda ।) up to about `maxChars` characters. */
export function excerpt(article: Article, maxChars = 700): string {
  const sentences = article.body.match(/[^.!?।]+[.!?।]+(\s|$)/g) ?? [article.body];
  let text = '';
  for (const sentence of sentences) {
    if (text && text.length + sentence.length > maxChars) break;
    text += sentence;
  }
  return text.trim();
}
