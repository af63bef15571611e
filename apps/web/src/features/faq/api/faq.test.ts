import type { Faq } from '@diacare/contract/faq';
import { describe, expect, it } from 'vitest';
import { filterArticles } from './faq';

const article = (id: string, title: string, passages: string[]) => ({
  id,
  title,
  source: 'ADA Standards of Care in Diabetes 2025',
  section: '§5',
  reviewed: '2026-11-26',
  passages,
  match: null,
});
const faq: Faq = {
  language: 'en',
  query: '',
  articles: [
    article('fruits', 'Fruits', ['Choose whole fruit.', 'Mango can be eaten in a small portion.']),
    article('sleep', 'Sleep', ['Short sleep makes glucose harder to manage.']),
  ],
};

describe('the offline FAQ filter', () => {
  it('keeps the articles that contain every word and points at the passage with the first', () => {
    const result = filterArticles(faq, 'MANGO portion');
    expect(result.articles.map((a) => a.id)).toEqual(['fruits']);
    expect(result.articles[0]!.match).toBe(1);
    expect(result.query).toBe('MANGO portion');
  });

  it('matches titles too, and nothing when a word is missing', () => {
    expect(filterArticles(faq, 'sleep').articles.map((a) => a.id)).toEqual(['sleep']);
    expect(filterArticles(faq, 'mango rice').articles).toEqual([]);
  });
});
