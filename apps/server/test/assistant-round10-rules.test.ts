/**
 * Readings added after first-sight round 10 (apps/server/eval/first-sight.md): a weekday, two dates
 * and 'so far' as periods (period-words.ts), a new amount said as a number ('1000 kar du') as a dose
 * change, the 15–15 steps only after an emergency that may be a low, a whole article quoted where it
 * fits (decision 110), and, through the API, each dose named with its medicine and two meal contexts
 * compared without a personal word. Round 11: the next doctor visit and lab test both when both are
 * asked, a lab test's goal, 'since monday', 'instead of one', and after 'Call 112 now' only the
 * article on what is happening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksLabGoal, visitKindAsked } from '../src/modules/assistant/answer-rules.ts';
import { articleBesideRefusal } from '../src/modules/assistant/dose-change-answer.ts';
import { escalationFor, isDoseChangeQuestion } from '../src/modules/assistant/guard-rails.ts';
import { emergencyArticle, emergencyMayBeLow, emergencyOpening } from '../src/modules/assistant/escalation-opening.ts';
import { hypoSteps } from '../src/modules/assistant/phrases.ts';
import { readPeriod, understand } from '../src/modules/assistant/understanding.ts';
import { knowledgeBase, quoteArticle } from '../src/modules/knowledge/knowledge.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

// SEED_TODAY is Friday 2026-11-20.
const period = (q: string) => readPeriod(q, SEED_TODAY);

describe('round 10 periods', () => {
  it('reads a weekday as its latest date on or before today, in English, Hinglish and Hindi', () => {
    for (const q of ['what was sugar on tuesday', 'mangalwar ko sugar kitni thi', 'मंगलवार को शुगर कितनी थी']) {
      expect(period(q), q).toMatchObject({ kind: 'onDate', from: '2026-11-17', to: '2026-11-17' });
    }
    expect(period('sugar on friday')).toMatchObject({ from: SEED_TODAY });
    expect(period('sugar last friday')).toMatchObject({ from: '2026-11-13' });
    // 'wed' alone in a long sentence is not Wednesday; a date still wins over a weekday.
    expect(period('my son got wed last year and i ate sweets, is my sugar ok')).toBeNull();
    expect(period('sugar on 14 nov, a saturday')).toMatchObject({ from: '2026-11-14' });
  });

  it('reads two dates as a range, the month named once or twice', () => {
    for (const q of [
      '1 nov se 10 nov tak sugar ka average kya tha',
      'average between 1 and 10 nov',
      '1 से 10 नवंबर तक औसत',
      'nov 1 to nov 10 readings',
    ]) {
      expect(period(q), q).toMatchObject({ kind: 'between', from: '2026-11-01', to: '2026-11-10', days: 10 });
    }
    // 'from 10 Nov' alone is still since then; a range running past today is not one.
    expect(period('since 10 nov')).toMatchObject({ kind: 'since', from: '2026-11-10', to: SEED_TODAY });
    expect(period('10 nov to 30 nov')?.kind).not.toBe('between');
  });

  it("reads 'so far' as all the data, unless another period is named", () => {
    for (const q of [
      'मैंने अब तक कितनी बार दवाई मिस की है',
      'how many doses have i missed so far',
      'abhi tak kitni dawai miss hui',
    ]) {
      expect(period(q), q).toMatchObject({ kind: 'all', to: SEED_TODAY });
    }
    expect(period('this month so far')).toMatchObject({ kind: 'since', from: '2026-11-01' });
  });
});

describe('round 10 guard rails', () => {
  it('a new amount said as a number beside a medicine is a dose change', () => {
    expect(isDoseChangeQuestion('doctor ne metformin 500 diya h par asar nhi ho rha 1000 kar du kya khud se')).toBe(
      true,
    );
    expect(isDoseChangeQuestion('metformin 1000 kar lu?')).toBe(true);
    // A number that is a reading, with no medicine, is not.
    expect(isDoseChangeQuestion('sugar 250 aa rhi h kya karu')).toBe(false);
  });

  it('the 15–15 steps follow an emergency only when it may be a low', () => {
    for (const q of [
      'पापा को सीने में बहुत तेज दर्द हो रहा है पसीना आ रहा है जल्दी बताओ क्या करूं',
      'मम्मी का मुंह एक तरफ टेढ़ा हो गया हाथ नहीं उठ रहा बोल भी नहीं पा रही',
      'sugar 480 aa rhi h ulti ho rhi h bar bar bahut neend aa rhi h saans bhi tez chal rhi',
      "dad can't breathe properly",
    ]) {
      expect(escalationFor(q), q).toBe('emergency');
      expect(emergencyMayBeLow(q), q).toBe(false);
    }
    for (const q of ['papa is unconscious', 'meter shows 40 and he is confused', 'he fainted and is not waking']) {
      expect(emergencyMayBeLow(q), q).toBe(true);
    }
    // A low logged in the last 2 hours keeps the steps whatever is told.
    expect(emergencyMayBeLow('chest pain', 52)).toBe(true);
  });
});

describe('round 11 readings', () => {
  const read = (q: string) => understand(q, SEED_TODAY, ['Metformin', 'Glimepiride']);

  it('reads both visits, a lab goal, a weekday since, a split yesterday and another amount', () => {
    expect(visitKindAsked('when is my next doctor appointment and the blood test also')).toBe('both');
    expect(visitKindAsked('when is my next hba1c test')).toBe('lab');
    const goal = 'what hba1c should i aim for';
    expect(asksLabGoal(goal, read(goal))).toBe(true);
    expect(asksLabGoal('what was my last hba1c', read('what was my last hba1c'))).toBe(false);
    expect(period('did i miss any tablet since monday')).toMatchObject({ kind: 'since', from: '2026-11-16' });
    expect(period('what was my sugar level yester day all the readings')).toMatchObject({ kind: 'yesterday' });
    expect(isDoseChangeQuestion('should i take to metformin tablets tonight instead of one')).toBe(true);
  });

  it('a fasting reading beside a dose change is not the fasting article; a religious fast is', () => {
    const kb = knowledgeBase('en');
    expect(articleBesideRefusal('subah wala insulin 8 unit se 12 kar du kya? aaj fasting 189 aayi', kb)).toBeNull();
    expect(articleBesideRefusal('navratri fasting me metformin band kar du kya', kb)?.id).toBe('fasting');
  });

  it('after "Call 112 now": the low first aid only when it may be a low, and only the article on what is happening', () => {
    expect(emergencyOpening('en', false)).not.toMatch(/glucagon/);
    expect(emergencyOpening('en', true)).toMatch(/glucagon/);
    expect(emergencyArticle('papa ki sugar 450+ aa rhi h 2 din se ulti ho rhi h aur bahut neend me h')).toBe(
      'high-sugar',
    );
    expect(emergencyArticle('पापा का मुंह एक तरफ टेढ़ा हो गया है बोल नहीं पा रहे हाथ भी नहीं उठ रहा')).toBe(
      'heart-and-cholesterol',
    );
    expect(emergencyArticle('my father fainted')).toBeNull();
  });
});

describe('an article quoted whole where it fits (decision 110)', () => {
  it('puts the matched passage first and the rest after, once each', () => {
    const article = knowledgeBase('en').article('sick-days', 'call the doctor vomiting 8 hours')!;
    const { text, whole } = quoteArticle(article);
    expect(whole).toBe(true);
    expect(text.startsWith(article.passages[article.match!]!.slice(0, 40))).toBe(true);
    for (const passage of article.passages) expect(text.split(passage).length - 1).toBe(1);
    expect(quoteArticle(article, 200).whole).toBe(false);
  });
});

describe('round 10 answers through the API', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', { clock: createTestClock(SEED_NOW) });
    user = await signIn(t.app, { name: 'Round 10', email: 'round10@example.com', timezone: SEED_ZONE });
    await seedUser(user, t.clock);
  });
  afterAll(() => t.close());

  it('names the medicine of each dose on a day, and opens chest pain with 112 but no 15–15 steps', async () => {
    const day = await ask(user, '15 नवंबर को मैंने दवाइयां ली थीं क्या');
    expect(day.answer.content).toMatch(/“(Metformin|Glimepiride)” 15 नव॰/);
    const chest = await ask(user, 'papa ko seene me bahut dard ho raha hai aur pasina aa raha hai');
    expect(chest.answer.content.startsWith('Call 112 now')).toBe(true);
    expect(chest.answer.content).not.toContain(hypoSteps('mg/dL', 'en'));
    // 'neend' (sleep) after an emergency is not the sleep article.
    const high = await ask(user, 'papa ki sugar 450+ aa rhi h ulti ho rhi h aur bahut neend me h');
    expect(high.answer.content.startsWith('Call 112 now')).toBe(true);
    expect(high.answer.content).toContain(knowledgeBase('en').articles.find((a) => a.id === 'high-sugar')!.title);
    expect(high.answer.content).not.toContain(knowledgeBase('en').articles.find((a) => a.id === 'sleep')!.title);
  });

  it('answers an average and an extreme asked together, over the same period', async () => {
    const { answer } = await ask(user, '1 nov se 10 nov tak sugar ka avg kya h aur sabse kam kitni thi');
    // Either measure may come first (the learned class picks the answer, the other is added).
    expect(answer.content).toMatch(/from 1 Nov to 10 Nov: average \d+ mg\/dL/);
    expect(answer.content).toMatch(/lowest glucose reading from 1 Nov to 10 Nov was \d+ mg\/dL/);
  });

  it('compares two meal contexts of readings without a personal word', async () => {
    const { answer } = await ask(user, 'fasting wali sugar jyada rehti h ya khane ke baad wali');
    expect(answer.content).toMatch(/fasting glucose .* average \d+ mg\/dL/);
    expect(answer.content).toMatch(/after-meal glucose .* average \d+ mg\/dL/);
    expect(answer.sources).toEqual([]);
  });
});
