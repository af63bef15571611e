/**
 * GET /api/faq: the cited articles in the user's language, and searches of them. The full list stays
 * in the saved query cache, so offline the screen still lists and filters what it has seen;
 * searches are dropped a minute after leaving. Decision 040.
 */
import type { Faq } from '@diacare/contract/faq';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How long an unwatched search's answer is kept (ms). */
const SEARCH_GC_MS = 60_000;

export const faqKeys = {
  search: (language: string, query: string) => ['faq', language, query] as const,
};

/** The articles (query '' ) or the matches of `query`, in `language` (the key changes with it). */
export const getFaqQueryOptions = (language: string, query: string) =>
  queryOptions({
    queryKey: faqKeys.search(language, query),
    queryFn: () => api.get<Faq>('/api/faq', query ? { q: query } : undefined),
    staleTime: 60 * 60 * 1000,
    ...(query ? { gcTime: SEARCH_GC_MS } : {}),
  });

/**
 * The offline stand-in for a search: the articles of `faq` whose title or text contains every
 * word of `query` (case-insensitive), each pointing at its first passage that contains the
 * first word. Plainer than the server's search (no synonyms or typo tolerance).
 */
export function filterArticles(faq: Faq, query: string): Faq {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const articles = faq.articles.flatMap((article) => {
    const texts = [article.title, ...article.passages].map((text) => text.toLocaleLowerCase());
    if (!words.every((word) => texts.some((text) => text.includes(word)))) return [];
    const first = article.passages.findIndex((passage) => passage.toLocaleLowerCase().includes(words[0]!));
    return [{ ...article, match: Math.max(first, 0) }];
  });
  return { ...faq, query, articles };
}
