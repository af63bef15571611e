/**
 * The assistant answers from the clinical record through the API: the last HbA1c with the
 * one before (English, Hindi, Hinglish), the insulin units logged yesterday by type, no
 * result yet; and a question asking how much insulin to take is still refused, with no number.
 */
import { formatShortDate, shiftDate } from '@diacare/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSE_CHANGE_REFUSAL } from '../src/modules/assistant/guard-rails.ts';
import { understand } from '../src/modules/assistant/understanding.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

const year = SEED_TODAY.slice(0, 4);
const en = (daysAgo: number) => `${formatShortDate(shiftDate(SEED_TODAY, -daysAgo), 'en-IN')} ${year}`;
const hi = (daysAgo: number) => `${formatShortDate(shiftDate(SEED_TODAY, -daysAgo), 'hi-IN')} ${year}`;

describe('answers from lab results and insulin doses', () => {
  let t: TestApp;
  let user: SignedInUser;
  let counter = 0;
  const newUser = () => signIn(t.app, { name: 'Ravi', email: `records${++counter}@example.com`, timezone: SEED_ZONE });

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await newUser();
    await seedUser(user, t.clock, 8);
  });
  afterAll(() => t.close());

  it('reads which lab test and whether it asks for insulin units', () => {
    expect(understand('what was my last HbA1c?', SEED_TODAY)).toMatchObject({ subject: 'labs', labTest: 'hba1c' });
    expect(understand('my last ldl cholesterol', SEED_TODAY)).toMatchObject({ labTest: 'ldl_cholesterol' });
    expect(understand('kal kitna insulin liya', SEED_TODAY)).toMatchObject({
      subject: 'insulin',
      aboutMe: true,
      period: { kind: 'yesterday' },
    });
    expect(understand('did I take my insulin today?', SEED_TODAY).subject).toBe('doses');
  });

  it('the last HbA1c and the one before, in English, Hinglish and Hindi', async () => {
    const english = await ask(user, 'what was my last HbA1c?');
    expect(english.answer.content).toBe(
      `Your last HbA1c was 7.1 % on ${en(12)}. The one before was 7.8 % on ${en(95)}. It has come down since then.`,
    );
    expect(english.answer.links.map((l) => l.href)).toEqual(['/reports']);
    const hinglish = await ask(user, 'mera last hba1c kitna tha');
    expect(hinglish.answer.content).toContain('Your last HbA1c was 7.1 %');
    await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const hindi = await ask(user, 'मेरा पिछला HbA1c कितना था?');
    expect(hindi.answer.content).toBe(
      `आपका पिछला HbA1c 7.1 % था (${hi(12)})। उससे पहले 7.8 % था (${hi(95)})। तब से यह कम हुआ है।`,
    );
    await user.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'en' } });
  });

  it('the insulin logged yesterday: total, by type and each dose with its time, in English and Hinglish', async () => {
    const yesterday = formatShortDate(shiftDate(SEED_TODAY, -1), 'en-IN');
    const expected =
      `Yesterday (${yesterday}) you logged 32.5 U of insulin in 3 doses (rapid 14.5 U, long 18 U). ` +
      'The doses: 8 U rapid at 08:00, 6.5 U rapid at 13:30, 18 U long at 22:00.';
    expect((await ask(user, 'how much insulin did I take yesterday?')).answer.content).toBe(expected);
    expect((await ask(user, 'kal kitna insulin liya')).answer.content).toBe(expected);
    const today = await ask(user, 'how much insulin have I taken today');
    expect(today.answer.content).toContain('you logged 8 U of insulin in 1 dose (rapid 8 U)');
    expect(today.answer.links.map((l) => l.href)).toEqual(['/reports/history/insulin']);
  });

  it('no result yet says so; asking how much insulin to take is refused with no number', async () => {
    const empty = await newUser();
    expect((await ask(empty, 'what was my last hba1c?')).answer.content).toBe(
      'You have no HbA1c result saved yet. Add it under Lab results on Reports.',
    );
    expect((await ask(empty, 'kal kitna insulin liya')).answer.content).toContain('you logged no insulin');
    for (const question of ['How many units of insulin should I take?', 'aaj kitna insulin lu']) {
      const { answer } = await ask(user, question);
      expect(answer.content.startsWith(DOSE_CHANGE_REFUSAL), question).toBe(true);
      expect(answer.content, question).not.toMatch(/\d+(\.\d+)? ?U\b/);
    }
  });
});
