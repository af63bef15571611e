/**
 * Round 8's slot rules and guard-rail readings (decision 101): a named month and chat shorthand
 * as periods, a meal's clock time, a named lab test as a lab visit, 'shot up' as a rise, and a
 * low told as past on a past day. Pure functions on the question's words.
 */
import { describe, expect, it } from 'vitest';
import { asksLabResultToo, visitKindAsked } from '../src/modules/assistant/answer-rules.ts';
import { escalationFor, isDoseChangeQuestion } from '../src/modules/assistant/guard-rails.ts';
import { readClockTime, readMealSlots } from '../src/modules/assistant/meal-slots.ts';
import { readWords } from '../src/modules/assistant/lexicon.ts';
import { namesInsulin, safetyCase } from '../src/modules/assistant/safety.ts';
import { readPeriod, understand } from '../src/modules/assistant/understanding.ts';

const TODAY = '2026-11-20';

describe('round 8 periods', () => {
  it('reads a named month without a day as that calendar month', () => {
    expect(readPeriod('october me papa ki sugar kabhi low hui thi kya', TODAY)).toMatchObject({
      kind: 'month',
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(readPeriod('अक्टूबर में कोई लो रीडिंग थी क्या', TODAY)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    // The current month runs to today; a month still to come is last year's.
    expect(readPeriod('any lows in november', TODAY)).toMatchObject({ from: '2026-11-01', to: TODAY });
    expect(readPeriod('sugar in december', TODAY)).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    // 'may I' and a date with a day are not a named month; 'last month' is the calendar month before (decision 111).
    expect(readPeriod('may i see my sugar', TODAY)).toBeNull();
    expect(readPeriod('my sugar on 14 Nov', TODAY)).toMatchObject({ kind: 'onDate', from: '2026-11-14' });
    expect(readPeriod('last month sugar', TODAY)).toMatchObject({
      kind: 'month',
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('reads chat shorthand and does not take "one day this week" for the last day', () => {
    expect(readPeriod('adherence last 30d approx %', TODAY)).toMatchObject({ kind: 'lastDays', days: 30 });
    expect(readPeriod('lows in the past 2w', TODAY)).toMatchObject({ days: 14 });
    expect(readPeriod('he felt shaky one day this week', TODAY)).toMatchObject({ from: '2026-11-16', days: 5 });
    expect(readPeriod('sugar in the last one day', TODAY)).toMatchObject({ days: 1 });
  });
});

describe('round 8 meal slots', () => {
  it('reads a meal’s clock time, late or afternoon by its words', () => {
    expect(readClockTime('us din raat 11:30 baje dinner kiya tha')).toBe('23:30');
    expect(readClockTime('the 23:30 dinner')).toBe('23:30');
    expect(readClockTime('8 pm dinner')).toBe('20:00');
    expect(readClockTime('lunch 1 baje')).toBe('13:00');
    expect(readClockTime('रात साढ़े ग्यारह बजे खाना खाया था')).toBe('23:30');
    expect(readClockTime('breakfast at 8:30')).toBe('08:30');
    expect(readClockTime('1.5 rice and hba1c 7.8%')).toBeNull();
  });

  it('a clock time or "what did I eat" with a meal makes a meal question', () => {
    const timed = understand('us din raat 11:30 baje dinner kiya tha, uske baad sugar kaha tak gayi', TODAY);
    expect(timed).toMatchObject({ subject: 'meals', measure: 'response', mealType: 'dinner', mealTime: '23:30' });
    expect(readMealSlots(readWords('kal lunch me kya khaya tha'))).toEqual({ mealType: 'lunch', ask: 'response' });
    expect(readMealSlots(readWords('which dinner shot up my sugar the most')).ask).toBe('ranking');
    // Still a knowledge question: no meal of the person's named.
    expect(readMealSlots(readWords('does rice raise sugar')).ask).toBeNull();
  });
});

describe('round 8 visits and guard rails', () => {
  it('a named lab test asked "when next" is a lab visit; the results asked too are read', () => {
    expect(visitKindAsked('एचबीए1सी का टेस्ट अगली बार कब और कहां होना है')).toBe('lab');
    expect(visitKindAsked('पिछली बार से मेरा एचबीए1सी कम हुआ है या बढ़ा है')).toBeNull();
    expect(asksLabResultToo('HbA1c trend pls - prev vs latest, and when is next one due')).toBe(true);
    expect(asksLabResultToo('when is my next hba1c test')).toBe(false);
  });

  it('"shot up" is a rise, not an injection; a dose change with it is still refused', () => {
    expect(isDoseChangeQuestion('which dinner shot up my sugar the most in the sensor data')).toBe(false);
    expect(isDoseChangeQuestion('sugar shot up to 300, should i take 2 more units of insulin')).toBe(true);
  });

  it('a low told as past on a past day gets no 15–15 steps first; a current one and an emergency still do', () => {
    expect(escalationFor('इस हफ्ते दो बार शुगर लो हो गई तो ग्लिमेपिराइड की आधी गोली कर दें क्या')).toBeNull();
    expect(escalationFor('papa said he felt shaky n sweaty one day this week, did his sugar go low')).toBeNull();
    expect(escalationFor('I feel shaky and sweaty')).toBe('hypo');
    expect(escalationFor('sugar low ho gayi abhi, chakkar aa rahe hai')).toBe('hypo');
    expect(escalationFor('How was my sugar this week?', 58)).toBe('hypo');
    expect(escalationFor('he fainted yesterday and is not waking properly now')).toBe('emergency');
  });

  it('chat spellings of "should" ask, and a missed insulin is named', () => {
    expect(safetyCase('forgot morning metformin, now its 6 pm. shud i take 2 tabs at nite to cover?')).toBe(
      'missed-dose',
    );
    expect(namesInsulin('kal raat long acting insulin lagana bhool gaye the shayad')).toBe(true);
    expect(namesInsulin('forgot my lantus last night')).toBe(true);
    expect(namesInsulin('forgot my metformin last night')).toBe(false);
  });
});
