/**
 * Issue 23's safety rules: numbers are readings only when stated as current (no false emergencies),
 * emergencies in three languages, the extra- and missed-dose answers, Hinglish dose changes refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOSE_CHANGE_REFUSAL,
  DOSE_NUMBER,
  EMERGENCY_TEXT,
  escalationFor,
  isDoseChangeQuestion,
  mentionedGlucose,
} from '../src/modules/assistant/guard-rails.ts';
import { safetyCase } from '../src/modules/assistant/safety.ts';
import { safetyTexts } from '../src/modules/assistant/safety-texts.ts';
import { assistantTexts } from '../src/modules/assistant/texts.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

describe('a number is a glucose value only when stated as the current reading', () => {
  it.each([
    'what was my highest sugar in the last 30 days?',
    'how many lows in the last 30 days',
    'what was my sugar 3 days ago?',
    'my sugar on 25 Nov',
    'how many readings below 54 mg/dl this month',
    'how many times was my sugar under 54 in the last 30 days',
    'pichle 30 din ka sugar average kitna tha?',
    'sugar 2 din pehle kitni thi',
    'I took 2 tablets of metformin',
    'sugar check at 10:30',
    'पिछले 30 दिनों में मेरी सबसे ज़्यादा शुगर कितनी थी?',
    'शुगर 3 दिन पहले कितनी थी',
    'my sugar for the last 45 days',
    'sugar readings in the past 50 days',
    'sugar 50 se kam kitni baar hui',
    'what does a reading of 45 mean',
    'my sugar was 45 last week',
    'mera sugar kal 45 tha',
  ])('“%s” has no glucose value and no escalation', (question) => {
    expect(mentionedGlucose(question)).toBeNull();
    expect(escalationFor(question)).toBeNull();
  });

  it.each([
    ['my sugar is 45', 45, 'emergency'],
    ['sugar 52 hai', 52, 'emergency'],
    ['meri sugar abhi 48 hai', 48, 'emergency'],
    ['sugar level 50 aa gayi', 50, 'emergency'],
    ['मेरी शुगर अभी 48 है', 48, 'emergency'],
    ['reading 52 mg/dl', 52, 'emergency'],
    ['just checked, 50 mg/dl', 50, 'emergency'],
    ['my sugar is 62, what do I do', 62, 'hypo'],
    ['sugar 65 hai kya karu', 65, 'hypo'],
    ['my sugar is 120', 120, null],
    ['my sugar was 45 this morning', 45, 'emergency'],
    ['sugar 45 hai, kal se chakkar aa rahe hain', 45, 'emergency'],
  ] as const)('“%s” is a reading of %i → %s', (question, value, kind) => {
    expect(mentionedGlucose(question)).toBe(value);
    expect(escalationFor(question)).toBe(kind);
  });

  it.each([
    ['papa behosh ho gaye', 'emergency'],
    ['seene mein dard ho raha hai', 'emergency'],
    ['saans lene mein takleef ho rahi hai', 'emergency'],
    ['mummy ko daura pad gaya', 'emergency'],
    ['mujhe chakkar aa raha hai aur pasina', 'hypo'],
    ['ghabrahat ho rahi hai', 'hypo'],
    ['lagta hai sugar low ho rahi hai', 'hypo'],
    ['main marna chahta hoon', 'self-harm'],
    ['jeene ka mann nahi karta', 'self-harm'],
  ] as const)('Hinglish “%s” → %s', (question, kind) => {
    expect(escalationFor(question)).toBe(kind);
  });
});

describe('safetyCase', () => {
  it.each([
    ['I accidentally took 2 glimepiride tablets, what should I do?', 'extra-dose'],
    ['I took my insulin twice', 'extra-dose'],
    ['took an extra metformin by mistake', 'extra-dose'],
    ['galti se do goli kha li', 'extra-dose'],
    ['maine dawai 2 baar le li', 'extra-dose'],
    ['गलती से मैंने दवा दो बार ले ली', 'extra-dose'],
    ['I forgot my morning metformin, should I take two tonight?', 'missed-dose'],
    ['I missed my morning dose, what should I do?', 'missed-dose'],
    ['dawai lena bhool gaya, ab kya karun?', 'missed-dose'],
    ['subah ki goli bhool gayi kya abhi le lu', 'missed-dose'],
    ['सुबह की दवा लेना भूल गई, अब क्या करूँ?', 'missed-dose'],
    ['did I miss any glimepiride this week?', null],
    ['how many evening metformin doses did I miss in the last 7 days?', null],
    ['kitni dawai chhooti is hafte', null],
    ['Did I take my medicines today?', null],
    ['I took my tablets at 2 pm', null],
    ['Can I take two tablets tonight?', null],
  ] as const)('“%s” → %s', (question, kind) => {
    expect(safetyCase(question)).toBe(kind);
  });

  it('the texts give no dose number and cite their sources in both languages', () => {
    for (const language of ['en', 'hi'] as const) {
      const t = safetyTexts(language);
      // The 15–15 steps that follow name glucose in mg/dL, never a dose.
      expect(t.extraDose('mg/dL').split('\n\n')[0]).not.toMatch(DOSE_NUMBER);
      expect(t.missedDose).not.toMatch(DOSE_NUMBER);
      expect(t.extraDose('mg/dL')).toContain('112');
      expect(t.extraDose('mmol/L')).toContain(assistantTexts(language).hypoStepsIn('mmol/L'));
      expect(t.extraDoseSources[0]!.section).toContain('§9');
      expect(t.missedDoseSources[0]!.title.length).toBeGreaterThan(10);
    }
  });
});

describe('Hinglish dose-change questions stay refused', () => {
  it.each(['kya main metformin band kar du?', 'insulin badha du kya', 'kitni goli lu?', 'dawai chhod du?'])(
    '“%s” is a dose-change question',
    (question) => expect(isDoseChangeQuestion(question)).toBe(true),
  );
  it.each(['meri dawai kitni bachi hai', 'kya maine aaj dawai li', 'mera sugar kaisa hai', 'dawai kab khatam hogi'])(
    '“%s” is not',
    (question) => expect(isDoseChangeQuestion(question)).toBe(false),
  );
});

describe('safety answers through the API', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await signIn(t.app, { name: 'Kiran', email: 'safety@example.com', timezone: SEED_ZONE });
    await seedUser(user, 8);
  });
  afterAll(() => t.close());

  it('an extra dose taken: take no more, call the doctor or pharmacist, watch for lows; cited; no dose number', async () => {
    const { answer } = await ask(user, 'I accidentally took 2 glimepiride tablets, what should I do?');
    expect(answer.content).toBe(safetyTexts('en').extraDose('mg/dL'));
    expect(answer.content.split('\n\n')[0]).not.toMatch(DOSE_NUMBER);
    expect(answer.sources).toEqual(safetyTexts('en').extraDoseSources);
    expect(answer.links.map((l) => l.href)).toEqual(['/medications']);
  });

  it('a missed dose in Hinglish: do not double up', async () => {
    const { answer } = await ask(user, 'subah ki metformin bhool gaya, kya raat ko do le lu?');
    expect(answer.content).toBe(safetyTexts('en').missedDose);
  });

  it('the highest-sugar question is not an emergency; a stated low is', async () => {
    const { answer } = await ask(user, 'what was my highest sugar in the last 30 days?');
    expect(answer.content).not.toContain(EMERGENCY_TEXT);
    const low = await ask(user, 'meri sugar abhi 48 hai');
    expect(low.answer.content.startsWith(EMERGENCY_TEXT)).toBe(true);
    const refused = await ask(user, 'kya main metformin band kar du?');
    expect(refused.answer.content.startsWith(DOSE_CHANGE_REFUSAL)).toBe(true);
  });
});
