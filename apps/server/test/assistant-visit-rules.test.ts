/**
 * Round 7's slot rules (decision 101): the date of a visit of a kind, every medicine with its
 * times, and a meal's 'se pehle' that is not 'since'. Pure functions on the question's words.
 */
import { describe, expect, it } from 'vitest';
import { asksScheduleList, visitKindAsked } from '../src/modules/assistant/answer-rules.ts';
import { understand } from '../src/modules/assistant/understanding.ts';

const TODAY = '2026-11-20';
const MEDICINES = ['Metformin', 'Glimepiride'];

describe('visit and schedule rules', () => {
  it('reads the kind of visit asked, not a past result or how often', () => {
    expect(visitKindAsked('मेरा एचबीए1सी टेस्ट कब है')).toBe('lab');
    expect(visitKindAsked('hba1c test kab hai aur khali pet jana padega kya')).toBe('lab');
    expect(visitKindAsked('डॉक्टर मेहता से मिलने में कितने दिन बचे हैं')).toBe('doctor');
    expect(visitKindAsked('when was my last hba1c')).toBeNull();
    expect(visitKindAsked('when should I see a doctor')).toBeNull();
    expect(visitKindAsked('how often should hba1c be tested')).toBeNull();
  });

  it('asks every medicine with its times only with a times phrase', () => {
    const list = 'meri saari dawaiyan aur unka time batao';
    expect(asksScheduleList(list, understand(list, TODAY, MEDICINES))).toBe(true);
    const taken = 'dawai time pe le raha hu ki nahi';
    expect(asksScheduleList(taken, understand(taken, TODAY, MEDICINES))).toBe(false);
  });

  it.each([
    ['what medicines am I taking?', true],
    ['list my medications', true],
    ['which medicines do I take and when?', true],
    ['मेरी दवाइयों की लिस्ट बताओ', true],
    ['मेरी दवाएं कौन सी हैं?', true],
    ['meri dawaiyon ki list batao', true],
    ['did I take my medicines today?', false],
    ['which medicine is best for sugar?', false],
  ])('asks for the list of my medicines: “%s” → %s', (question, expected) => {
    expect(asksScheduleList(question, understand(question, TODAY, MEDICINES))).toBe(expected);
  });

  it("reads '18 tareek ko lunch se pehle' as that day, '10 nov se' as since", () => {
    expect(understand('18 tareek ko lunch se pehle sugar kya thi', TODAY).period).toMatchObject({
      kind: 'onDate',
      from: '2026-11-18',
    });
    expect(understand('10 nov se meri sugar', TODAY).period).toMatchObject({ kind: 'since', from: '2026-11-10' });
  });
});
