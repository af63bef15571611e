/**
 * GET /api/faq: the assistant's cited articles as the FAQ, in the user's language.
 * `?q=` searches them the way the assistant does and returns the matches, best first, each
 * with the passage that matched; without `q`, every article in title order.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { LANGUAGES } from './users.ts';

/** The longest search text accepted (characters, after trimming). */
export const FAQ_QUERY_MAX_LENGTH = 200;

export const faqQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(FAQ_QUERY_MAX_LENGTH, { error: vmsg('validation.max_chars', { max: FAQ_QUERY_MAX_LENGTH }) })
    .optional(),
});
export type FaqQuery = z.infer<typeof faqQuerySchema>;

export const faqArticleSchema = z.object({
  /** The article's slug, e.g. 'fruits'. */
  id: z.string(),
  title: z.string(),
  /** The publication it cites and its section. */
  source: z.string(),
  section: z.string(),
  /** YYYY-MM-DD the team last checked it against its source. */
  reviewed: z.string(),
  /** The article's paragraphs, in order. */
  passages: z.array(z.string()),
  /** With `q`: the index in `passages` of the paragraph that best matched; else null. */
  match: z.number().int().min(0).nullable(),
});
export type FaqArticle = z.infer<typeof faqArticleSchema>;

export const faqSchema = z.object({
  language: z.enum(LANGUAGES),
  /** The search text as applied ('' when none). */
  query: z.string(),
  articles: z.array(faqArticleSchema),
});
export type Faq = z.infer<typeof faqSchema>;
