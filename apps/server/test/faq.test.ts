/**
 * GET /api/faq: the assistant's cited articles as the FAQ, in the user's language;
 * `q` searches them as the assistant does and points at the passage that answers.
 */
import { FAQ_QUERY_MAX_LENGTH, type Faq } from '@diacare/contract/faq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as translate, type MessageId } from '../src/i18n/index.ts';
import { loadArticles } from '../src/modules/knowledge/knowledge.ts';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const english = loadArticles();
const hindi = loadArticles('hi');

describe.each(DRIVERS)('the FAQ on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const newUser = async (language: 'en' | 'hi') => {
    const user = await signIn(t.app, { name: 'Asha Rao', email: `faq${++counter}@example.com` });
    const set = await user.request({ method: 'PUT', url: '/api/users/me', payload: { language } });
    expect(set.statusCode).toBe(200);
    return user;
  };
  const faq = async (user: SignedInUser, q?: string) => {
    const response = await user.request({ url: q === undefined ? '/api/faq' : `/api/faq?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Faq;
  };
  /** The passage a result points at. */
  const matched = (list: Faq, index = 0) => list.articles[index]!.passages[list.articles[index]!.match!]!;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('lists every article in English, in title order, each with its source, section and review date', async () => {
    const list = await faq(await newUser('en'));
    expect(list.language).toBe('en');
    expect(list.query).toBe('');
    expect(list.articles.map((a) => a.id).sort()).toEqual(english.map((a) => a.id).sort());
    const titles = list.articles.map((a) => a.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    const fruits = list.articles.find((a) => a.id === 'fruits')!;
    const source = english.find((a) => a.id === 'fruits')!;
    expect(fruits).toEqual({
      id: 'fruits',
      title: source.title,
      source: source.source,
      section: source.section,
      reviewed: source.reviewed,
      passages: source.passages,
      match: null,
    });
  });

  it('searches in English and Hinglish, best first, pointing at the passage that answers', async () => {
    const user = await newUser('en');
    const mango = await faq(user, 'mango');
    expect(mango.query).toBe('mango');
    expect(mango.articles[0]!.id).toBe('fruits');
    expect(matched(mango)).toMatch(/^Mango can be eaten/);
    const rice = await faq(user, 'kya main chawal kha sakta hoon?');
    expect(rice.articles[0]!.id).toBe('rice-and-rotis');
    expect(matched(rice)).toMatch(/rice/);
    expect((await faq(user, '  What is HbA1c?  ')).articles[0]!.id).toBe('hba1c');
  });

  it('a Hindi user gets the Hindi articles, searched in Devanagari or Latin letters', async () => {
    const user = await newUser('hi');
    const list = await faq(user);
    expect(list.language).toBe('hi');
    expect(list.articles).toHaveLength(hindi.length);
    for (const article of list.articles) {
      expect(article.title).toMatch(/[\u0900-\u097f]/);
      // The citation is the Hindi catalog's: the section in Hindi, published titles as published.
      expect(article.section, article.id).toBe(translate('hi', `knowledge.${article.id}.section` as MessageId));
      expect(article.section, article.id).toMatch(/[\u0900-\u097f]/);
      expect(article.source, article.id).toBe(translate('hi', `knowledge.${article.id}.source` as MessageId));
    }
    const mango = await faq(user, 'आम');
    expect(mango.articles[0]!.id).toBe('fruits');
    expect(matched(mango)).toContain('आम');
    expect(mango.articles[0]!.source).toContain('ICMR Guidelines for Management of Type 2 Diabetes 2018');
    expect(mango.articles[0]!.source).toContain('पोषण चिकित्सा');
    expect((await faq(user, 'neend')).articles[0]!.id).toBe('sleep');
  });

  it('a search that matches nothing is an empty list, not an error', async () => {
    const list = await faq(await newUser('en'), 'qwxzvbnm');
    expect(list.articles).toEqual([]);
  });

  it(`a search over ${FAQ_QUERY_MAX_LENGTH} characters is a 400 naming q`, async () => {
    const user = await newUser('en');
    const response = await user.request({ url: `/api/faq?q=${'a'.repeat(FAQ_QUERY_MAX_LENGTH + 1)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^q: /);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ url: '/api/faq' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('detail');
  });
});
