/**
 * The knowledge base the assistant, the FAQ and the weekly tips read: articles with front matter in ./articles
 * (Hindi in ./articles/hi), searched with MiniSearch; Hindi terms normalised, stop words dropped, endings stemmed;
 * synonyms in articles/vocabulary.yaml. An article's citation (source and section) is text of the
 * server catalogs, `knowledge.<id>.source` and `.section` (locales/knowledge), in the reader's
 * language: published titles stay as published, the words around them are translated (decision
 * 095). The build copies ./articles next to dist/server.js, so `new URL('./articles/',
 * import.meta.url)` works from both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AssistantSource } from '@diacare/contract/assistant';
import MiniSearch from 'minisearch';
import { parse as parseYaml } from 'yaml';
import { isMessageId, t, type Language } from '../../i18n/index.ts';
import { normaliseSpelling } from '../assistant/language.ts';

export interface Article {
  id: string;
  title: string;
  /** The publication it cites in the article's language, e.g. 'ADA Standards of Care in Diabetes 2025' (`knowledge.<id>.source`). */
  source: string;
  /** The section of that publication in the article's language (`knowledge.<id>.section`). */
  section: string;
  /** YYYY-MM-DD the team last checked it against its source. */
  reviewed: string;
  keywords: string;
  /** The whole text, paragraphs joined by spaces. */
  body: string;
  /** The paragraphs of the body (blank-line separated in the file): what answers quote. */
  passages: string[];
  /** One short sentence for the weekly Health Tip push (front matter `tip`), or '' when it has none. */
  tip: string;
  /** On a search hit: the index in `passages` of the passage that best matched the query. */
  match?: number;
}

/** The synonym tables of articles/vocabulary.yaml (data: everyday, Hinglish and Hindi words). */
interface Vocabulary {
  english: Record<string, string[]>;
  hinglish_hindi: Record<string, string[]>;
  hindi: Record<string, string[]>;
  hinglish_stop_words: string;
}
const vocabulary = parseYaml(
  readFileSync(new URL('./articles/vocabulary.yaml', import.meta.url), 'utf8'),
) as Vocabulary;

/** Everyday and Hinglish words and their standard terms; a query term adds its synonyms. */
export const SYNONYMS: Record<string, string[]> = vocabulary.english;

const STOP_WORDS = new Set([
  ...vocabulary.hinglish_stop_words.split(/\s+/),
  ...'a an and are as at be but by can do does for from had has have how i if in into is it its me my of on or our should so than that the their them then there these they this to was we were what when where which who why will with would you your about tell please am did s t'.split(
    ' ',
  ),
]);

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

/** Everyday Hindi words (keys normalised) and the words the Hindi articles use for them. */
const HINDI_SYNONYMS: Record<string, string[]> = Object.fromEntries(
  Object.entries(vocabulary.hindi).map(([word, synonyms]) => [
    normaliseSpelling(word),
    synonyms.map(normaliseSpelling),
  ]),
);

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
  if (!/[\u0900-\u097f]/.test(word)) {
    const english = processTerm(word);
    const hindi = (vocabulary.hinglish_hindi[word] ?? []).map((synonym) => hindiStem(normaliseSpelling(synonym)));
    return english && [...english, ...hindi];
  }
  if (HINDI_STOP_WORDS.has(word)) return null;
  return [...new Set([word, ...(HINDI_SYNONYMS[word] ?? [])].map(hindiStem))];
}

/** Where each language's articles are (beside this module or the bundle). */
export const KNOWLEDGE_DIRECTORIES: Record<Language, URL> = {
  en: new URL('./articles/', import.meta.url),
  hi: new URL('./articles/hi/', import.meta.url),
};

/**
 * The citation of article `id` in `language`, from the catalogs.
 * @throws when the catalogs hold no `knowledge.<id>.source` or `.section`: every article cites its source.
 */
function citationOf(id: string, language: Language): Pick<Article, 'source' | 'section'> {
  const source = `knowledge.${id}.source`;
  const section = `knowledge.${id}.section`;
  if (!isMessageId(source) || !isMessageId(section)) {
    throw new Error(`articles/${id}.md: needs '${source}' and '${section}' in locales/knowledge`);
  }
  return { source: t(language, source), section: t(language, section) };
}

/** Splits a markdown file into its YAML front matter and body; its citation in `language` from the catalogs. */
export function parseArticle(id: string, markdown: string, language: Language = 'en'): Article {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown);
  if (!match) throw new Error(`articles/${id}.md: no front matter`);
  const meta = parseYaml(match[1]!) as Record<string, unknown>;
  for (const field of ['title', 'reviewed']) {
    if (!meta[field]) throw new Error(`articles/${id}.md: front matter needs '${field}'`);
  }
  const passages = match[2]!
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
  return {
    id,
    title: String(meta.title),
    ...citationOf(id, language),
    reviewed: String(meta.reviewed),
    keywords: String(meta.keywords ?? ''),
    body: passages.join(' '),
    passages,
    tip: String(meta.tip ?? '').trim(),
  };
}

/** Reads every article in `language` (its KNOWLEDGE_DIRECTORIES folder beside this module or the bundle). */
export function loadArticles(language: Language = 'en'): Article[] {
  const directory = KNOWLEDGE_DIRECTORIES[language];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticle(name.replace(/\.md$/, ''), readFileSync(new URL(name, directory), 'utf8'), language));
}

export interface KnowledgeHit {
  /** The article, with `match` set to the passage that best answers the query. */
  article: Article;
  score: number;
  /** That passage's text (`article.passages[article.match]`). */
  passage: string;
}

/** One paragraph of an article, indexed on its own so that an answer quotes the relevant one. */
interface PassageDocument {
  id: string;
  article: string;
  index: number;
  text: string;
}

/** Search options shared by the article and passage indexes. */
const SEARCH_OPTIONS = {
  // Typos: one edit in words of 4+ letters, two in words of 8+ ('hypoglycemia', 'excercise').
  fuzzy: (term: string) => (term.length >= 8 ? 0.25 : term.length >= 4 ? 0.2 : false),
  prefix: (term: string) => term.length >= 4,
  combineWith: 'OR' as const,
};

/**
 * A searchable knowledge base over `articles`, written in `language`. Articles are ranked on
 * title, keywords and body (so scores and thresholds stay per article); within the best
 * articles, a second index over the paragraphs picks the passage to quote (the first when no
 * paragraph shares a word with the query).
 */
export function createKnowledgeBase(articles: readonly Article[], language: Language = 'en') {
  const processTermFor = language === 'hi' ? processHindiTerm : processTerm;
  const index = new MiniSearch<Article>({
    fields: ['title', 'keywords', 'body'],
    storeFields: [],
    processTerm: processTermFor,
    searchOptions: { ...SEARCH_OPTIONS, boost: { title: 3, keywords: 2 } },
  });
  index.addAll(articles as Article[]);
  // Passages index each word once and expand synonyms only in the query: expanding on both
  // sides counts a word that has synonyms ('eat' → food) twice and outweighs the rarer word
  // the question is about ('mango').
  const passageIndex = new MiniSearch<PassageDocument>({
    fields: ['text'],
    storeFields: ['article', 'index'],
    processTerm: (term) => processTermFor(term)?.[0] ?? null,
    searchOptions: { ...SEARCH_OPTIONS, processTerm: processTermFor },
  });
  passageIndex.addAll(
    articles.flatMap((article) =>
      article.passages.map((text, i) => ({ id: `${article.id}#${i}`, article: article.id, index: i, text })),
    ),
  );
  const byId = new Map(articles.map((article) => [article.id, article]));

  /** The index of `article`'s passage that best matches `query` (0 when none does). */
  function bestPassage(article: Article, query: string): number {
    // An earlier paragraph wins a near tie: articles open with what a thing is.
    let best = { index: 0, score: 0 };
    for (const result of passageIndex.search(query, { filter: (r) => r.article === article.id })) {
      const score = result.score / (1 + 0.15 * Number(result.index));
      if (score > best.score) best = { index: Number(result.index), score };
    }
    return best.index;
  }

  return {
    language,
    articles,
    /** The article `id` with `match` set to its passage that best answers `query`, or null. */
    article(id: string, query: string): Article | null {
      const article = byId.get(id);
      return article ? { ...article, match: bestPassage(article, query) } : null;
    },
    /** The best matching articles for `query`, best first, each with its best passage (empty when nothing matches). */
    search(query: string, limit = 3): KnowledgeHit[] {
      return index
        .search(query)
        .slice(0, limit)
        .map((result) => {
          const article = byId.get(String(result.id))!;
          const match = bestPassage(article, query);
          return { article: { ...article, match }, score: result.score, passage: article.passages[match] ?? '' };
        });
    },
  };
}
export type KnowledgeBase = ReturnType<typeof createKnowledgeBase>;

/** The citation shown under an answer that quotes `article`. */
export function sourceOf(article: Article): AssistantSource {
  return { title: article.source, section: article.section };
}

/** A passage's whole sentences (ending in . ! ? or the danda ।) of about `maxChars` characters. */
function sentencesWithin(passage: string, maxChars: number): string {
  const sentences = passage.match(/[^.!?।]+[.!?।]+(\s|$)/g) ?? [passage];
  let text = '';
  for (const sentence of sentences) {
    if (text && text.length + sentence.length > maxChars) break;
    text += sentence;
  }
  return text.trim();
}

/**
 * What an answer quotes (quoteArticle): the passage a search matched (`article.match`, else the first), then
 * the article's other passages in their order while whole ones fit in about `maxChars`
 * characters, one paragraph each — a question often asks more than its matched passage holds
 * (why and what to do, the food and the portion; decision 110). Returns the text and whether
 * every passage was quoted.
 */
export function quoteArticle(article: Article, maxChars = 1200): { text: string; whole: boolean } {
  const first = article.match ?? 0;
  const lead = sentencesWithin(article.passages[first] ?? article.body, maxChars);
  const parts = [lead];
  let length = lead.length;
  let whole = lead === (article.passages[first] ?? article.body).trim();
  for (const [i, passage] of article.passages.entries()) {
    if (i === first) continue;
    if (length + passage.length > maxChars) {
      whole = false;
      continue;
    }
    parts.push(passage.trim());
    length += passage.length;
  }
  return { text: parts.join('\n\n'), whole };
}

/** The matched passage alone, cut to whole sentences of about `maxChars` characters. */
export function excerpt(article: Article, maxChars = 700): string {
  return sentencesWithin(article.passages[article.match ?? 0] ?? article.body, maxChars);
}

/** A weekly Health Tip: the article it comes from and its `tip` sentence. */
export interface HealthTip {
  articleId: string;
  text: string;
}

const tipsByLanguage = new Map<Language, HealthTip[]>();

/** The shipped articles' tips in `language`, in article-id order (read once per process). */
export function healthTips(language: Language): HealthTip[] {
  let tips = tipsByLanguage.get(language);
  if (!tips) {
    tips = loadArticles(language)
      .filter((article) => article.tip)
      .map((article) => ({ articleId: article.id, text: article.tip }));
    tipsByLanguage.set(language, tips);
  }
  return tips;
}

const sharedKnowledge: Partial<Record<Language, KnowledgeBase>> = {};
/** The shipped knowledge base in `language`, read once per process. */
export function knowledgeBase(language: Language = 'en'): KnowledgeBase {
  return (sharedKnowledge[language] ??= createKnowledgeBase(loadArticles(language), language));
}
