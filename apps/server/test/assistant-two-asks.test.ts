/**
 * Questions that ask several things at once (ask-clauses.ts, decision 112): each clause that asks
 * about the person's own records gets its answer beside the main one, read with what it leaves out
 * from the whole question; a date range, a decimal or a clause that asks nothing of its own is not cut.
 * Also the periods and lows read from rounds 14 and 15. Through the real HTTP server and a seeded PGlite
 * user (figures: test/support/assistant-seed.ts).
 */
import { describe, expect, it } from 'vitest';
import { askClauses, otherAsks } from '../src/modules/assistant/ask-clauses.ts';
import { comparedPeriods } from '../src/modules/assistant/read-period.ts';
import { understand } from '../src/modules/assistant/understanding.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_TODAY, seededAssistantApp } from './support/assistant-seed.ts';

const MEDICINES = ['Metformin', 'Glimepiride'];
const asksOf = (q: string) => otherAsks(q, understand(q, SEED_TODAY, MEDICINES), SEED_TODAY, MEDICINES);

describe('the clauses of a question', () => {
  it('cuts at punctuation and joining words, not between two dates nor in a decimal', () => {
    expect(askClauses('TIR last 10d? also # highs')).toEqual(['tir last 10d', '# highs']);
    expect(askClauses('औसत कितनी रही और सबसे ज़्यादा कब थी')).toEqual(['औसत कितनी रही', 'सबसे ज़्यादा कब थी']);
    expect(askClauses('did dad miss tablets between 9th and 15th nov')).toEqual([
      'did dad miss tablets between 9th and 15th nov',
    ]);
    expect(askClauses('my a1c went from 7.8 to 7.1 - is that good')).toEqual([
      'my a1c went from 7.8 to 7.1 - is that good',
    ]);
  });

  it('keeps a clause only when it asks something of its own about the records', () => {
    // 'is that a lot' names nothing of its own: one ask.
    expect(asksOf('how many lows this month and is that a lot')).toEqual([]);
    // 'sabse kam' inherits the sugar and the ten days.
    const [lowest] = asksOf('mera fasting sugar pichhle das din ka average aur sabse kam batao').filter(
      (a) => a.measure === 'lowest',
    );
    expect(lowest).toMatchObject({ subject: 'glucose', period: { days: 10 } });
    // '# highs' is a count above 180 mg/dL over the same period.
    expect(asksOf('TIR last 10d? also # highs')).toContainEqual(
      expect.objectContaining({ measure: 'threshold', threshold: { value: 180, side: 'above', mgDl: true } }),
    );
  });
});

describe('periods and lows read from fresh questions', () => {
  it('reads "since start", "the first day", a day in words, and lows with no sugar word', () => {
    expect(understand('hypos since start? dates + values pls', SEED_TODAY)).toMatchObject({
      subject: 'glucose',
      measure: 'lows',
      period: { kind: 'all' },
    });
    expect(understand('weight now and the first day what was it', SEED_TODAY).period.kind).toBe('all');
    expect(understand('sugar twelve november what it was morning', SEED_TODAY).period).toMatchObject({
      kind: 'onDate',
      from: '2026-11-12',
    });
    expect(
      understand('how many times have i gone below 70 since i started using the app. is that normal', SEED_TODAY),
    ).toMatchObject({ subject: 'glucose', measure: 'lows' });
  });
});

describe('two periods compared', () => {
  it('reads two periods on each side of vs, aur, than, की तुलना में; single days only with a comparing word', () => {
    expect(comparedPeriods('fbs avg 9-15 nov vs 16-20 nov?', SEED_TODAY)).toMatchObject({
      earlier: { from: '2026-11-09', to: '2026-11-15' },
      later: { from: '2026-11-16', to: '2026-11-20' },
    });
    expect(comparedPeriods('last week aur is week mein sugar better hui', SEED_TODAY)).toMatchObject({
      earlier: { from: '2026-11-09', to: '2026-11-15' },
      later: { from: '2026-11-16', to: SEED_TODAY },
    });
    expect(comparedPeriods('bp avg nov vs oct', SEED_TODAY)).toMatchObject({ earlier: { from: '2026-10-01' } });
    expect(comparedPeriods('last week vs this week fasting sugar? also any lows this month', SEED_TODAY)).toMatchObject(
      {
        earlier: { from: '2026-11-09' },
        later: { from: '2026-11-16' },
      },
    );
    expect(comparedPeriods('sugar yesterday and today', SEED_TODAY)).toBeNull();
    expect(comparedPeriods('did dad miss tablets between 9th and 15th nov', SEED_TODAY)).toBeNull();
    expect(comparedPeriods('fasting in the past 7 days compared to the 7 days before that', SEED_TODAY)).toBeNull();
  });
});

describe('several asks answered, through the API', () => {
  const app = seededAssistantApp('pglite');

  it('time in range and the count of highs', async () => {
    const { answer } = await ask(app.user, 'TIR last 10d? also # highs');
    expect(answer.content).toMatch(/time in range \(70–180 mg\/dL\) \d+%/);
    expect(answer.content).toMatch(/In the last 10 days \(including today\), \d+ readings? above 180 mg\/dL/);
  });

  it('pills left and the next appointment, in English and Hindi', async () => {
    const { answer } = await ask(
      app.user,
      'how many metformin tabs do i have left, will they last till my appointment with dr mehta',
    );
    expect(answer.content).toContain('Your “Metformin” pills last until');
    expect(answer.content).toContain('Your next appointment is “Diabetes review”');
    const hindi = await ask(app.user, 'मेरा HbA1c लास्ट कितना आया था और अगला टेस्ट कब है?');
    expect(hindi.answer.content).toContain('आपका पिछला HbA1c');
    expect(hindi.answer.content).toContain('“HbA1c test”');
  });

  it('blood pressure of two months and glucose of two weeks compared, as one answer', async () => {
    const bp = await ask(app.user, 'bp avg nov vs oct');
    expect(bp.answer.content).toMatch(
      /^Your average blood pressure from 1 Nov to 20 Nov was \d+\/\d+ mmHg from \d+ readings, against \d+\/\d+ mmHg from \d+ readings from 1 Oct to 31 Oct: (lower|higher) now\.$/,
    );
    const weeks = await ask(app.user, 'last week aur is week mein papa ki sugar better hui ya nahi? avg batao');
    expect(weeks.answer.content).toMatch(
      /^Your average glucose since 16 Nov was \d+ mg\/dL from \d+ readings, against/,
    );
    expect(weeks.answer.content).toContain('from 9 Nov to 15 Nov');
    // Beside the comparison, what it does not answer: the lows of this month.
    const more = await ask(app.user, 'last week vs this week fasting sugar? also any lows this month');
    expect(more.answer.content).toMatch(/^Your average fasting glucose since 16 Nov was/);
    expect(more.answer.content).toContain('\n\nSince 1 Nov, ');
  });

  it('an average and the highest since the start, each paragraph once', async () => {
    const { answer } = await ask(app.user, 'app शुरू करने से अब तक मेरी औसत शुगर कितनी रही और सबसे ज़्यादा कब थी');
    expect(answer.content).toContain('सबसे ज़्यादा शुगर');
    expect(answer.content).toContain('का औसत');
    const paragraphs = answer.content.split('\n\n');
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
  });
});
