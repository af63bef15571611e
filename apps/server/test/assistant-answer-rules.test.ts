/**
 * The slot rules that answer before the learned step (answer-rules.ts) and what they give through
 * the API: blood pressure judged against the 130/80 goal, short forms, a named medicine against
 * food, 'I can't help with that' for other subjects; a dose-change refusal with the article it
 * names and a strength as saved; in the language asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as i18n } from '../src/i18n/index.ts';
import {
  articleForToldReading,
  asksBpGoal,
  asksDoseTime,
  asksWhatToBring,
  doubtsStrength,
  foodTimingArticle,
  isOffTopic,
  shortFormTool,
} from '../src/modules/assistant/answer-rules.ts';
import { knowledgeBase } from '../src/modules/knowledge/knowledge.ts';
import { DOSE_CHANGE_REFUSAL, DOSE_NUMBER } from '../src/modules/assistant/guard-rails.ts';
import { t as translate } from '../src/i18n/index.ts';
import { understand } from '../src/modules/assistant/understanding.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

const read = (q: string) => understand(q, SEED_TODAY, ['Metformin', 'Glimepiride']);
const title = (id: string, language: 'en' | 'hi' = 'en') =>
  knowledgeBase(language).articles.find((a) => a.id === id)!.title;

describe('answer rules (pure)', () => {
  it('reads a blood-pressure judgement, not the article’s “what is normal” nor the highest', () => {
    for (const q of ['is papa’s BP normal?', 'bp theek hai kya', 'मेरा बीपी ठीक है क्या?', 'पापा का बीपी नॉर्मल है?']) {
      expect(asksBpGoal(q, read(q)), q).toBe(true);
    }
    for (const q of [
      'what is normal bp',
      'is 130/80 normal bp',
      'इस महीने सबसे ज़्यादा बीपी कितना था?',
      'is my sugar ok',
    ]) {
      expect(asksBpGoal(q, read(q)), q).toBe(false);
    }
  });

  it('reads short forms as the person’s figures', () => {
    expect(shortFormTool('bp?')).toBe('bloodPressure');
    expect(shortFormTool('बीपी?')).toBe('bloodPressure');
    expect(shortFormTool('papa ka bp')).toBe('bloodPressure');
    expect(shortFormTool('wt')).toBe('weight');
    expect(shortFormTool('weight?')).toBe('weight');
    expect(shortFormTool('pills left')).toBe('refills');
    expect(shortFormTool('goli bachi?')).toBe('refills');
    expect(shortFormTool('diabetes?')).toBeNull();
    expect(shortFormTool('what is bp')).toBeNull();
    expect(shortFormTool('pills?')).toBeNull();
  });

  it('sends a named medicine against food to its article, and other subjects to “I can’t help”', () => {
    expect(foodTimingArticle('glimepiride before or after food?', read('glimepiride'))).toBe('medicines');
    expect(foodTimingArticle('ग्लिमेपिराइड खाने से पहले लेनी है या बाद में?', read('x'))).toBe('medicines');
    expect(foodTimingArticle('metformin khane ke baad ya pehle', read('x'))).toBe('metformin');
    expect(foodTimingArticle('sugar after food', read('x'))).toBeNull();
    expect(isOffTopic('which SIP fund best for 5 yrs')).toBe(true);
    expect(isOffTopic('gehu me kaunsa khaad daalu')).toBe(true);
    expect(isOffTopic('गेहूं में कौन सी खाद डालें?')).toBe(true);
    expect(isOffTopic('can i eat wheat roti')).toBe(false);
    expect(isOffTopic('does cricket practice lower my sugar')).toBe(false);
  });
});

describe('answer rules after first-sight round 6 (pure)', () => {
  it('reads a doubted strength of the person’s medicine, not a strength in another question', () => {
    for (const q of ['why does the app say glimepiride 500 mg, isnt that a lot', 'glimepiride 500 mg sahi hai kya']) {
      expect(doubtsStrength(q, read(q)), q).toBe(true);
    }
    for (const q of ['glimepiride 500 mg', 'is 500 mg a lot', 'metformin 500 mg before or after food']) {
      expect(doubtsStrength(q, read(q)), q).toBe(false);
    }
  });

  it('reads the clock time of the person’s tablets, not of a dose taken, insulin or a visit', () => {
    for (const q of [
      'रात वाली शुगर की गोली कितने बजे देनी है? मैं याद दिला दूँगी',
      'what time is the evening tablet',
      'metformin kitne baje leni hai',
      'when do I give papa his night tablet',
    ]) {
      expect(asksDoseTime(q, read(q)), q).toBe(true);
    }
    for (const q of [
      'kal kitne baje goli li thi',
      'what time did I take my tablets yesterday',
      'insulin kitne baje lagana hai',
      'what time is my appointment',
      'did i take morng tab today',
    ]) {
      expect(asksDoseTime(q, read(q)), q).toBe(false);
    }
  });

  it('reads what to bring to a visit, and what to do with a told reading', () => {
    expect(asksWhatToBring('उस दिन कौन कौन सी रिपोर्ट साथ ले जाएँ')).toBe(true);
    expect(asksWhatToBring('next appointment kab hai aur kya kya le jaun')).toBe(true);
    expect(asksWhatToBring('when is my next appointment')).toBe(false);
    expect(articleForToldReading('what do I do if my sugar is 320', 320)).toBe('high-sugar');
    expect(articleForToldReading('अगर कभी शुगर 300 आ जाए तो क्या करना चाहिए?', 300)).toBe('high-sugar');
    expect(articleForToldReading('sugar 55 aa gayi kya karu', 55)).toBe('hypoglycaemia');
    expect(articleForToldReading('my sugar is 320', 320)).toBeNull();
    expect(articleForToldReading('sugar 120 hai kya karu', 120)).toBeNull();
  });

  it('a glucose in mg/dL is not a dose number', () => {
    expect('64 mg/dL').not.toMatch(DOSE_NUMBER);
    expect('500 mg').toMatch(DOSE_NUMBER);
    expect('500 mg/day').toMatch(DOSE_NUMBER);
  });
});

describe('answers the rules give', () => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await signIn(t.app, { name: 'Ravi', email: 'rules@example.com', timezone: SEED_ZONE });
    await seedUser(user, t.clock, 8);
  });
  afterAll(() => t.close());

  it('an emergency opening is not followed by “not understood” nor a low reading by the high-glucose article', async () => {
    const fell = await ask(user, 'papa fell down in the shop he is sweating and not answering properly what do i do');
    expect(fell.answer.content.startsWith(translate('en', 'assistant.emergency'))).toBe(true);
    expect(fell.answer.content).not.toContain(translate('en', 'assistant.capabilities'));
    const low = await ask(user, 'meter me abhi 30 aaya but kuch feel nahi ho raha ye sahi h kya');
    expect(low.answer.content.startsWith(translate('en', 'assistant.emergency'))).toBe(true);
    expect(low.answer.content).not.toContain(`${title('high-sugar')}: `);
  });

  it('blood pressure judged against the goal, with its source, in English and Hindi', async () => {
    const { answer } = await ask(user, 'papa ka bp normal h kya');
    expect(answer.content).toMatch(
      /^Your latest blood pressure is \d+\/\d+ mmHg \(.+\): that is (within|above) the usual goal/,
    );
    expect(answer.content).toContain('under 130/80 mmHg');
    expect(answer.content).toMatch(/the average was \d+\/\d+ mmHg from \d+ readings/);
    expect(answer.content).toContain('Your doctor may set a different goal');
    expect(answer.sources[0]!.title).toContain('ADA Standards of Care');
    const hindi = await ask(user, 'पापा का बीपी नॉर्मल है?');
    expect(hindi.answer.content).toMatch(/^आपका पिछला ब्लड प्रेशर \d+\/\d+ mmHg है/);
    expect(hindi.answer.content).toContain('130/80 mmHg से कम');
    const period = await ask(user, 'pichle 2 hafte ka bp theek hai kya');
    expect(period.answer.content).toContain('The readings, newest first:');
  });

  it('short forms give the figures, not the article', async () => {
    expect((await ask(user, 'bp?')).answer.content).toMatch(/^Your latest blood pressure is/);
    expect((await ask(user, 'wt')).answer.content).toMatch(/^Your latest weight is/);
    expect((await ask(user, 'pills left')).answer.content).toContain('Pills left:');
  });

  it('glimepiride against food reaches the medicines article; other subjects “I can’t help with that”', async () => {
    expect((await ask(user, 'glimepiride before or after food?')).answer.content).toMatch(
      new RegExp(`^${title('medicines')}: Whether a tablet is taken before, with or after food`),
    );
    expect((await ask(user, 'which fertiliser is best for wheat')).answer.content).toBe(
      i18n('en', 'assistant.out_of_scope'),
    );
    expect((await ask(user, 'गेहूं में कौन सी खाद डालें?')).answer.content).toBe(i18n('hi', 'assistant.out_of_scope'));
  });

  it('a dose change with a home remedy: the refusal and the home-remedies point', async () => {
    const { answer } = await ask(user, 'karela aur methi le raha hu, dawai band kar du?');
    expect(answer.content.startsWith(DOSE_CHANGE_REFUSAL)).toBe(true);
    expect(answer.content).toContain(`${title('home-remedies')}: Karela, methi or jamun are not a substitute`);
    expect(answer.sources.map((s) => s.title)).toContain(
      knowledgeBase('en').articles.find((a) => a.id === 'home-remedies')!.source,
    );
    const hindi = await ask(user, 'करेला और मेथी दाना से शुगर ठीक हो जाती है क्या? दवाई बंद कर दूं?');
    expect(hindi.answer.content.startsWith(translate('hi', 'assistant.dose_change.refusal'))).toBe(true);
    expect(hindi.answer.content).toContain(`${title('home-remedies', 'hi')}: `);
  });

  it('a strength asked about: the strength as saved, to check with the doctor or pharmacist, no advice', async () => {
    const { answer } = await ask(
      user,
      'app me glimepiride 500 mg likha h, chemist bola itni power aati hi nahi. sahi h kya?',
    );
    expect(answer.content.startsWith(DOSE_CHANGE_REFUSAL)).toBe(true);
    expect(answer.content).toContain('Your Medications list has “Glimepiride” saved with the strength “500 mg”.');
    expect(answer.content).toContain('check the strength with your doctor or pharmacist');
    // The facts part still shows no dose number; no strength is suggested.
    expect(answer.content.split('“500 mg”').length).toBe(2);
    const other = await ask(user, 'should I stop metformin?');
    expect(other.answer.content).not.toContain('500');
    // Not a dose change: the strength as saved alone.
    const doubt = await ask(user, 'why does the app say glimepiride 500 mg, isnt that a lot');
    expect(doubt.answer.content).toBe(
      i18n('en', 'assistant.medicine.saved_strength', { medicine: '“Glimepiride”', strength: '500 mg' }),
    );
  });

  it('a dose change naming glimepiride: that it can cause lows (medicines article) and the recorded lows', async () => {
    const { answer } = await ask(user, 'glimepiride aadhi kar du kya lows aa rahe hai');
    expect(answer.content.startsWith(DOSE_CHANGE_REFUSAL)).toBe(true);
    expect(answer.content).toContain(
      `${title('medicines')}: Tablets such as glimepiride and gliclazide (sulfonylureas) can cause low sugar`,
    );
    expect(answer.content).toContain('64 mg/dL on 18 Nov');
    expect(answer.content).toContain('51 mg/dL on 16 Nov');
    expect(answer.content).not.toMatch(DOSE_NUMBER);
    const other = await ask(user, 'should I stop metformin?');
    expect(other.answer.content).not.toContain(`${title('medicines')}: `);
    expect(other.answer.content).not.toContain('mg/dL');
    const hindi = await ask(user, 'ग्लिमेपिराइड आधी कर दूं क्या?');
    expect(hindi.answer.content).toContain(`${title('medicines', 'hi')}: `);
    expect(hindi.answer.content).toContain('ग्लिमेपिराइड और ग्लिक्लाजाइड');
  });

  it('the clock time of the night tablet: the times saved in Medications, then today’s doses', async () => {
    const { answer } = await ask(user, 'रात वाली शुगर की गोली कितने बजे देनी है? मैं याद दिला दूँगी');
    expect(answer.content.split('\n\n')[0]).toBe(
      i18n('hi', 'assistant.schedule.doses', { when: 'रात', doses: '“Metformin” 20:00 बजे' }),
    );
    expect(answer.content).toContain('अगली: “Metformin” 20:00 बजे।');
    const morning = await ask(user, 'what time is the morning tablet');
    expect(morning.answer.content).toMatch(/^Your morning medicine times in Medications: /);
    expect(morning.answer.content).toContain('“Glimepiride” at 09:00');
    expect(morning.answer.content).toContain('“Metformin” at 08:00');
    expect(morning.answer.content).not.toContain('20:00;');
  });

  it('what to bring to the next visit: the appointment, then the check-ups article on the doctor report', async () => {
    const { answer } = await ask(user, 'next appointment kab hai aur kya kya le jaun');
    expect(answer.content).toMatch(/^Your next appointment is /);
    expect(answer.content).toContain(
      `${title('check-ups')}: DiaCare can remind you of appointments, and its doctor report brings your readings and medicines to the visit.`,
    );
    expect(answer.sources.map((s) => s.section)).toEqual([
      knowledgeBase('en').articles.find((a) => a.id === 'check-ups')!.section,
    ]);
  });

  it('what to do with a high reading, how often a test is done: the passage that answers it, with when to call 112', async () => {
    const hindi = await ask(user, 'अगर कभी शुगर 300 आ जाए तो क्या करना चाहिए? अभी तो नहीं आई पर डर लगता है');
    expect(hindi.answer.content.startsWith(`${title('high-sugar', 'hi')}: एक बार की ज़्यादा रीडिंग`)).toBe(true);
    expect(hindi.answer.content).toContain('112 पर कॉल करें');
    expect(hindi.answer.content.startsWith(translate('hi', 'assistant.emergency'))).toBe(false);
    const english = await ask(user, 'what do I do if my sugar is 320');
    expect(english.answer.content.startsWith(`${title('high-sugar')}: A single high reading often has a reason`)).toBe(
      true,
    );
    expect(english.answer.content).toContain('needs urgent care: call 112.');
    const often = await ask(user, 'hba1c test kitne mahine me karwana chahiye');
    expect(often.answer.content).toContain('about every 3 months when your treatment has changed');
  });

  it('a reading told with its day and meal: that day’s readings, the low named', async () => {
    const { answer } = await ask(user, '16 tarik ko 51 kaise aa gaya tha lunch ke baad tha na');
    expect(answer.content).toBe('Your glucose on 16 Nov: 51 mg/dL (after lunch, 14:00, a low).');
  });
});
