/**
 * understanding.ts as a pure function: English, Hindi and Hinglish, mixed
 * and with typos, read into subject, measure and period (dates in the user's zone, given as
 * `today`), medicine, time of day and meal; and readPeriod's calendar rules.
 */
import { describe, expect, it } from 'vitest';
import { readPeriod, understand, type Understanding } from '../src/modules/assistant/understanding.ts';

const TODAY = '2026-11-20';
const MEDICINES = ['Metformin', 'Glimepiride 1 mg'];

type Expect = Partial<Omit<Understanding, 'period'>> & { period?: Partial<Understanding['period']> };

describe('understand', () => {
  it.each<[string, Expect]>([
    [
      'what was my highest sugar in the last 30 days?',
      { subject: 'glucose', measure: 'highest', period: { kind: 'lastDays', days: 30, from: '2026-10-22' } },
    ],
    [
      'lowest suger this week',
      { subject: 'glucose', measure: 'lowest', period: { kind: 'since', from: '2026-11-16' } },
    ],
    [
      'what was my sugar 3 days ago?',
      { subject: 'glucose', measure: 'onDay', period: { kind: 'daysAgo', from: '2026-11-17', to: '2026-11-17' } },
    ],
    [
      'how many lows this month?',
      { subject: 'glucose', measure: 'lows', period: { kind: 'since', from: '2026-11-01' } },
    ],
    [
      'my fasting sugar average since 1 Nov',
      {
        subject: 'glucose',
        measure: 'average',
        meal: 'fasting',
        period: { kind: 'since', from: '2026-11-01', to: TODAY },
      },
    ],
    ['is my sugar improving?', { subject: 'glucose', measure: 'trend' }],
    ['how many readings did I log in the last 14 days', { subject: 'glucose', measure: 'count', period: { days: 14 } }],
    ['what is my time in range', { subject: 'glucose', measure: 'timeInRange' }],
    ['my bp on 14 nov', { subject: 'bp', measure: 'onDay', period: { kind: 'onDate', from: '2026-11-14' } }],
    [
      'highest bp last month',
      { subject: 'bp', measure: 'highest', period: { kind: 'month', from: '2026-10-01', to: '2026-10-31' } },
    ],
    ['what is my bmi', { subject: 'weight' }],
    [
      'how many evening metformin doses did I miss in the last 7 days?',
      { subject: 'doses', measure: 'missed', medicine: 'Metformin', timeOfDay: 'evening', period: { days: 7 } },
    ],
    ['did I miss any glimepiride this week?', { subject: 'doses', measure: 'missed', medicine: 'Glimepiride 1 mg' }],
    [
      'did i take my metformn yesterday',
      { subject: 'doses', measure: 'taken', medicine: 'Metformin', period: { kind: 'yesterday', from: '2026-11-19' } },
    ],
    ['when will my metformin run out?', { subject: 'refill', measure: 'runOut', medicine: 'Metformin' }],
    ['When is my next appointment?', { subject: 'appointment' }],
    ['what was my last hba1c', { subject: 'labs', aboutMe: true }],
    // Hinglish
    ['mera sugar kaisa hai?', { subject: 'glucose', measure: 'summary', aboutMe: true, periodNamed: false }],
    ['pichle hafte ka average sugar kitna tha?', { subject: 'glucose', measure: 'average', period: { days: 7 } }],
    ['mera weight kitna hai', { subject: 'weight', aboutMe: true }],
    [
      'meri sugar kal kitni thi',
      { subject: 'glucose', measure: 'onDay', period: { kind: 'yesterday', from: '2026-11-19' } },
    ],
    [
      'sabse kam sugar kab thi is mahine',
      { subject: 'glucose', measure: 'lowest', period: { kind: 'since', from: '2026-11-01' } },
    ],
    ['2 din pehle ki shakkar', { subject: 'glucose', measure: 'onDay', period: { kind: 'daysAgo', n: 2 } }],
    // A meal's reading on a named day is a glucose reading, with no glucose word.
    [
      '16 tarik ko 51 kaise aa gaya tha lunch ke baad tha na',
      { subject: 'glucose', measure: 'onDay', meal: 'after', period: { kind: 'onDate', from: '2026-11-16' } },
    ],
    ['pichle 30 din me kitni baar sugar low hui', { subject: 'glucose', measure: 'lows', period: { days: 30 } }],
    [
      'subah ki dawai kitni baar bhool gaya is hafte',
      { subject: 'doses', measure: 'missed', timeOfDay: 'morning', period: { from: '2026-11-16', days: 5 } },
    ],
    ['metformin ki goliyan kab khatam hongi', { subject: 'refill', measure: 'runOut', medicine: 'Metformin' }],
    [
      'khali pet sugar ka ausat pichle mahine',
      { subject: 'glucose', measure: 'average', meal: 'fasting', period: { from: '2026-10-01', days: 31 } },
    ],
    // Hindi
    ['पिछले 30 दिनों में मेरी सबसे ज़्यादा शुगर कितनी थी?', { subject: 'glucose', measure: 'highest', period: { days: 30 } }],
    [
      '3 दिन पहले मेरी शुगर क्या थी?',
      { subject: 'glucose', measure: 'onDay', period: { kind: 'daysAgo', from: '2026-11-17' } },
    ],
    [
      'इस महीने मेरी शुगर कितनी बार लो हुई?',
      { subject: 'glucose', measure: 'lows', period: { kind: 'since', from: '2026-11-01' } },
    ],
    [
      'पिछले हफ्ते मेरी शाम की मेटफॉर्मिन कितनी बार छूटी?',
      { subject: 'doses', measure: 'missed', medicine: 'Metformin', timeOfDay: 'evening' },
    ],
    ['मेरी मेटफॉर्मिन कब खत्म होगी?', { subject: 'refill', measure: 'runOut', medicine: 'Metformin' }],
    // Not about the user's data
    ['What is HbA1c?', { aboutMe: false }],
    ['what is a normal fasting sugar?', { aboutMe: false }],
    ['can I eat mango?', { aboutMe: false, subject: null }],
    ['kya main chawal kha sakta hoon?', { aboutMe: false, subject: null }],
    ['सामान्य बीपी क्या होता है?', { aboutMe: false }],
    // Two months compared: the later is the period, the earlier comparedWith.
    [
      'Were my fasting numbers better in October or now in November?',
      {
        meal: 'fasting',
        period: { kind: 'month', from: '2026-11-01', to: TODAY },
        comparedWith: { kind: 'month', from: '2026-10-01', to: '2026-10-31', days: 31 },
      },
    ],
    ['इस महीने कितनी खुराक छूटीं? पूरी लिस्ट बताओ', { subject: 'doses', measure: 'missed', listAll: true }],
  ])('“%s”', (question, expected) => {
    const { period, ...rest } = expected;
    const understood = understand(question, TODAY, MEDICINES);
    expect(understood).toMatchObject(rest);
    if (period) expect(understood.period).toMatchObject(period);
  });

  it('a question with no period reads the last 7 days including today, marked as not named', () => {
    expect(understand('my highest sugar', TODAY)).toMatchObject({
      periodNamed: false,
      period: { kind: 'default', from: '2026-11-14', to: TODAY, days: 7 },
    });
  });
});

describe('readPeriod', () => {
  it.each([
    ['today', { kind: 'today', from: TODAY, to: TODAY }],
    ['aaj', { kind: 'today', from: TODAY }],
    ['yesterday', { kind: 'yesterday', from: '2026-11-19' }],
    ['कल', { kind: 'yesterday', from: '2026-11-19' }],
    ['parson', { kind: 'daysAgo', from: '2026-11-18', n: 2 }],
    ['5 days ago', { kind: 'daysAgo', from: '2026-11-15', n: 5 }],
    ['teen din pehle', { kind: 'daysAgo', from: '2026-11-17', n: 3 }],
    ['last 2 weeks', { kind: 'lastDays', from: '2026-11-07', days: 14 }],
    ['last 90 days', { kind: 'lastDays', from: '2026-08-23', days: 90 }],
    ['since 2026-11-10', { kind: 'since', from: '2026-11-10', to: TODAY, days: 11 }],
    ['on 25 dec', { kind: 'onDate', from: '2025-12-25' }], // a future date is last year's
    ['14/11', { kind: 'onDate', from: '2026-11-14' }],
    ['1 nov se', { kind: 'since', from: '2026-11-01' }],
    // Calendar weeks (Monday first) and months (decision 111); 'the last month', 'past week' are rolling.
    ['this week', { kind: 'since', from: '2026-11-16', to: TODAY, days: 5 }],
    ['इस हफ्ते', { kind: 'since', from: '2026-11-16' }],
    ['last week', { kind: 'between', from: '2026-11-09', to: '2026-11-15' }],
    ['गत सप्ताह', { kind: 'between', from: '2026-11-09', to: '2026-11-15' }],
    ['pichle mahine', { kind: 'month', from: '2026-10-01', to: '2026-10-31', days: 31 }],
    ['in the last month', { kind: 'lastDays', days: 30 }],
    ['past week', { kind: 'lastDays', days: 7 }],
    ['since I joined the app', { kind: 'all', to: TODAY }],
    ['शुरू से अब तक', { kind: 'all', to: TODAY }],
  ] as const)('“%s” → %j', (text, expected) => {
    expect(readPeriod(text, TODAY)).toMatchObject(expected);
  });

  it.each(['2 tablets', 'my sugar', 'sugar 120', 'at 10:30'])('“%s” names no period', (text) => {
    expect(readPeriod(text, TODAY)).toBeNull();
  });

  it('month ends and year turns: dates are calendar dates, not instants', () => {
    expect(readPeriod('yesterday', '2026-03-01')).toMatchObject({ from: '2026-02-28' });
    expect(readPeriod('last 7 days', '2027-01-03')).toMatchObject({ from: '2026-12-28', to: '2027-01-03' });
    // January's last month is last year's December; a Monday's week is that day; a Sunday's started six days before.
    expect(readPeriod('last month', '2027-01-03')).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
    expect(readPeriod('this week', '2026-11-23')).toMatchObject({ from: '2026-11-23', to: '2026-11-23', days: 1 });
    expect(readPeriod('last week', '2026-11-23')).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(readPeriod('this week', '2026-11-22')).toMatchObject({ from: '2026-11-16', to: '2026-11-22', days: 7 });
    expect(readPeriod('last month', '2027-03-15')).toMatchObject({ from: '2027-02-01', to: '2027-02-28', days: 28 });
  });

  it('a trend or a weight change compares rolling periods: last month is the last 30 days there', () => {
    expect(readPeriod('last month', TODAY, true)).toMatchObject({ kind: 'lastDays', days: 30 });
    expect(understand('is my sugar getting better or worse compared to last month', TODAY).period).toMatchObject({
      days: 30,
      to: TODAY,
    });
    expect(understand('weight kam hua kya pichle mahine se', TODAY).period).toMatchObject({ days: 30, to: TODAY });
    expect(understand('this week sugar getting better?', TODAY).period).toMatchObject({ from: '2026-11-16' });
  });
});
