/**
 * GET /api/faq: the FAQ screen's list, from the knowledge base (modules/knowledge) in the
 * user's language (profile `language`, else the request's; src/i18n requestLanguage).
 */
import { errorSchema } from '@diacare/contract/common';
import { faqQuerySchema, faqSchema, type FaqArticle } from '@diacare/contract/faq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../i18n/index.ts';
import { knowledgeBase, type Article } from '../knowledge/knowledge.ts';

/** Matches shown for a search: every article that shares a word with it would be too many to scan. */
const MAX_MATCHES = 10;
/** Weaker hits share only a fuzzy fragment with the search (the assistant's own threshold, builtin-engine.ts). */
const MIN_SCORE = 2;

const toFaqArticle = (article: Article, match: number | null): FaqArticle => ({
  id: article.id,
  title: article.title,
  source: article.source,
  section: article.section,
  reviewed: article.reviewed,
  passages: article.passages,
  match,
});

export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/faq',
    {
      schema: {
        tags: ['faq'],
        summary: 'The cited articles in the user’s language; `q` searches them (best first, with the matching passage)',
        querystring: faqQuerySchema,
        response: { 200: faqSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const knowledge = knowledgeBase(language);
      const query = request.query.q ?? '';
      const articles = query
        ? knowledge
            .search(query, MAX_MATCHES)
            .filter((hit) => hit.score >= MIN_SCORE)
            .map((hit) => toFaqArticle(hit.article, hit.article.match ?? 0))
        : [...knowledge.articles]
            .sort((a, b) => a.title.localeCompare(b.title, language))
            .map((article) => toFaqArticle(article, null));
      return { language, query, articles };
    },
  );
};
