/**
 * Readings added after first-sight rounds 14 and 15 (apps/server/eval/first-sight/round14.tsv, round15.tsv):
 * a medicine named with a new amount is a dose change even beside 'today'; Hinglish and Hindi asks to take
 * or give an amount ('le lein', 'दे दें'); one medicine with two strengths is a dose question answered with
 * the saved strength; doses told as taken or missed, pills left and 'jab se … start kiya' are the record;
 * a glucose quoted from an old report is no reading of now; a strength doubted as a typo gets the saved
 * strength; a question with no word of what the assistant covers gets the out-of-scope answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as i18n } from '../src/i18n/index.ts';
import { namesNothingInScope } from '../src/modules/assistant/answer-rules.ts';
import { namesTwoStrengths } from '../src/modules/assistant/dose-change-question.ts';
import { escalationFor, isDoseChangeQuestion, normalise } from '../src/modules/assistant/guard-rails.ts';
import { mentionedGlucose, oldReportGlucose } from '../src/modules/assistant/told-glucose.ts';
import { understand } from '../src/modules/assistant/understanding.ts';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

const read = (q: string) => understand(q, SEED_TODAY, ['Metformin', 'Glimepiride']);

describe('round 14 guard rails', () => {
  it('a medicine named with a new amount is a dose change, even beside today, in English, Hinglish and Hindi', () => {
    for (const q of [
      'fbs 189 today. bump metformin to 1000 bid?',
      'sugar 210 today, increase glimepiride to 2 mg?',
      'make metformin 1000 from today?',
      'papa ki sugar aaj 189 aayi to kya glimepiride 2 le lein aaj?',
      'mummy ki sugar 250 hai, metformin 1000 de dein kya',
      'aaj sugar zyada hai, glimepiride 2 kha lu kya',
      'आज फास्टिंग 189 आई, क्या ग्लिमेपिराइड 2 ले लें?',
      'पापा की शुगर आज 200 है, मेटफॉर्मिन 1000 दे दें क्या',
    ]) {
      expect(isDoseChangeQuestion(q), q).toBe(true);
    }
  });

  it('a dose told as taken or missed, pills left and what happened since a start are the record', () => {
    for (const q of [
      'इन्होंने पिछले महिने कितनी गोली छोड़ी थी',
      'पापा ने पिछले हफ्ते कितनी गोलियां छोड़ी थीं',
      'papa ne pichle mahine kitni goli chhodi thi',
      'papa ki goli kitni bachi h? order karni h kya main yaha se online kar du',
      'metformin kitni bachi hai, kab order karu',
      'papa ka weight badh raha h kya jab se app start kiya',
      'jab se metformin start kiya sugar kaisi hai',
      // Near-misses that were never refused.
      'did I take my metformin today',
      'kya maine aaj goli li',
      'how many tablets left',
      'raat wali goli kitne baje deni hai',
      'ग्लिमेपिराइड 2 mg खाने से पहले लें या बाद में?',
    ]) {
      expect(isDoseChangeQuestion(q), q).toBe(false);
    }
    // A change asked beside the pills left is still one.
    expect(isDoseChangeQuestion('glimepiride khatam hai toh jab tak nahi aati metformin ek extra le lu?')).toBe(true);
    expect(isDoseChangeQuestion('jab se dawai shuru ki chakkar aate hain, band kar du kya')).toBe(true);
    expect(isDoseChangeQuestion('पापा ने दवा बंद कर दी थी, अब फिर शुरू करें?')).toBe(true);
  });

  it('one medicine with two strengths set against each other is a dose question; other numbers are not strengths', () => {
    for (const q of [
      'chemist ne metformin 500 ki jagah metformin 1000 de di hai, papa wahi kha lein kya??',
      'मेरे पुराने पर्चे में मेटफॉर्मिन 1000 लिखा है पर ऐप में 500 है, कौन सी सही है?',
      'prescription says glimepiride 2 but the app shows 1 mg, which one should he take?',
    ]) {
      expect(namesTwoStrengths(normalise(q)), q).toBe(true);
      expect(isDoseChangeQuestion(q), q).toBe(true);
    }
    for (const q of [
      'did I take metformin 500 or glimepiride 2 this morning',
      'metformin 500 at 8 am and 8 pm - did I take both today?',
      'fbs 189 and metformin 500, is that ok',
    ]) {
      expect(namesTwoStrengths(normalise(q)), q).toBe(false);
    }
  });

  it('a glucose quoted from an old report is no reading of now, unless another is told now', () => {
    expect(oldReportGlucose('पुरानी फाइल में 2019 की रिपोर्ट मिली, उसमें शुगर 350 लिखी है, क्या मैं अभी खतरे में हूँ?')).toEqual({
      value: 350,
      year: '2019',
    });
    expect(oldReportGlucose('purane parche me sugar 280 likhi hai, abhi kya karu')).toEqual({ value: 280, year: null });
    // An old report's low is no emergency; a low told now beside it is.
    const oldLow = 'old report from 2020 says my sugar was 45, should I worry now?';
    expect(mentionedGlucose(oldLow)).toBeNull();
    expect(escalationFor(oldLow)).toBeNull();
    expect(escalationFor('sugar 45 hai, purani report me 300 thi')).toBe('emergency');
    expect(escalationFor('purani report me sugar 300 thi, abhi sugar 45 hai')).toBe('emergency');
    // Today's report, and 'old' as age, are not an old report.
    expect(oldReportGlucose('aaj ki report me sugar 350 aayi hai 2026 ki')).toBeNull();
    expect(escalationFor("I am 70 years old and today's report says sugar 45")).toBe('emergency');
  });

  it('a question with no word of health, food, the body or the records is out of scope; short ones are not', () => {
    for (const q of [
      'मेरी pension की file कहाँ तक पहुँची ये कैसे पता करूँ?',
      'pune mein papa mummy ke liye koi accha 2BHK rent pe mil jayega kya',
      'any good 2bhk flats on rent near kothrud for my parents?',
    ]) {
      expect(namesNothingInScope(q, read(q)), q).toBe(true);
    }
    for (const q of [
      'hello',
      'tell me a joke',
      'shaadi me ek rasgulla kha lu to chalega',
      'can i have a couple of beers on saturday with friends',
      'when am I supposed to go to the clinic next',
    ]) {
      expect(namesNothingInScope(q, read(q)), q).toBe(false);
    }
  });
});

describe('round 14 answers through the API', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await signIn(t.app, { name: 'Round 14', email: 'round14@example.com', timezone: SEED_ZONE });
    await seedUser(user, t.clock);
  });
  afterAll(() => t.close());

  const content = async (q: string) => (await ask(user, q)).answer.content;

  it('refuses a new amount named beside today, and answers the record questions with the record', async () => {
    const refusal = i18n('en', 'assistant.dose_change.refusal');
    expect((await content('fbs 189 today. bump metformin to 1000 bid?')).startsWith(refusal)).toBe(true);
    expect((await content('papa ki sugar aaj 189 aayi to kya glimepiride 2 le lein aaj?')).startsWith(refusal)).toBe(
      true,
    );
    const missed = await content('इन्होंने पिछले महिने कितनी गोली छोड़ी थी');
    expect(missed.startsWith(i18n('hi', 'assistant.dose_change.refusal'))).toBe(false);
    expect(missed).toMatch(/\d+ में से \d+ खुराक छूटीं/);
    const left = await content('papa ki goli kitni bachi h? order karni h kya main yaha se online kar du');
    expect(left).toContain('“Glimepiride” 0');
    expect(left).toContain('“Metformin” 52');
    expect(await content('papa ka weight badh raha h kya jab se app start kiya')).toContain('+1.2 kg');
    for (const q of ['did I take my metformin today', 'kya maine aaj goli li', 'how many tablets left']) {
      expect((await content(q)).startsWith(refusal), q).toBe(false);
    }
  });

  it('answers a value from an old report as from then, with the latest reading, and nothing urgent', async () => {
    const hindi = await content('पुरानी फाइल में 2019 की रिपोर्ट मिली, उसमें शुगर 350 लिखी है, क्या मैं अभी खतरे में हूँ?');
    expect(hindi).toContain(i18n('hi', 'assistant.old_report.dated', { value: '350 mg/dL', year: '2019' }));
    expect(hindi).toContain('189 mg/dL');
    const hinglish = await content('papa ki purani report me sugar 350 likha h 2023 wali, ab kya kare');
    expect(hinglish.startsWith(i18n('en', 'assistant.old_report.dated', { value: '350 mg/dL', year: '2023' }))).toBe(
      true,
    );
    expect(hinglish).toContain(i18n('en', 'assistant.old_report.check'));
    const low = await content('old report from 2020 says my sugar was 45, should I worry now?');
    expect(low.startsWith(i18n('en', 'assistant.emergency'))).toBe(false);
    expect(low).toContain('Your latest glucose reading is 189 mg/dL');
  });

  it('gives the saved strength for a doubted one, and for two strengths the refusal and who confirms', async () => {
    expect(await content('glimepiride shows 500 mg in my meds list - plausible or typo?')).toContain(
      '“Glimepiride” saved with the strength “500 mg”',
    );
    const hindi = await content('मेरे पुराने पर्चे में मेटफॉर्मिन 1000 लिखा है पर ऐप में 500 है, कौन सी सही है?');
    expect(hindi.startsWith(i18n('hi', 'assistant.dose_change.refusal'))).toBe(true);
    expect(hindi).toContain('“500 mg”');
    expect(hindi).toContain(i18n('hi', 'assistant.medicine.which_strength'));
    const hinglish = await content(
      'chemist ne metformin 500 ki jagah metformin 1000 de di hai, papa wahi kha lein kya??',
    );
    expect(hinglish.startsWith(i18n('en', 'assistant.dose_change.refusal'))).toBe(true);
    expect(hinglish).toContain('“Metformin” saved with the strength “500 mg”');
    expect(hinglish).toContain(i18n('en', 'assistant.medicine.which_strength'));
  });

  it('answers a question on a subject it does not cover with the out-of-scope text, not an article', async () => {
    expect(await content('मेरी pension की file कहाँ तक पहुँची ये कैसे पता करूँ?')).toBe(i18n('hi', 'assistant.out_of_scope'));
    expect(await content('pune mein papa mummy ke liye koi accha 2BHK rent pe mil jayega kya')).toBe(
      i18n('en', 'assistant.out_of_scope'),
    );
  });
});
