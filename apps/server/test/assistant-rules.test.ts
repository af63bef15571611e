/**
 * The assistant's pure parts, table-tested: guard rails (dose-change questions and
 * instructions, escalation, grounding of numbers, the length cap), the built-in engine's
 * reading of everyday phrasings and typos, and the knowledge base's articles and search.
 */
import { answerLanguage } from '../src/modules/assistant/language.ts';
import { describe, expect, it } from 'vitest';
import { readIntent } from '../src/modules/assistant/intents.ts';
import {
  clampAnswer,
  containsDoseInstruction,
  escalationFor,
  isDoseChangeQuestion,
  ungroundedNumbers,
} from '../src/modules/assistant/guard-rails.ts';
import { createKnowledgeBase, excerpt, loadArticles, parseArticle } from '../src/modules/knowledge/knowledge.ts';

describe('isDoseChangeQuestion', () => {
  it.each([
    // First-sight round 8: chat spellings, basal insulin, 'it' for the medicine named before.
    '2 hypos this wk on glimepiride + basal 18u. shd we reduce basal or hold SU?',
    'forgot morning metformin, now its 6 pm. shud i take 2 tabs at nite to cover?',
    'मेटफॉर्मिन खाने से पेट खराब रहता है क्या मैं इसे छोड़ दूं',
    'Should I stop my metformin?',
    'can i skip insulin tonight',
    'Is it OK to double the dose tomorrow?',
    'How much insulin do I need?',
    'what dosage is right for me',
    'Should I take 2 tablets?',
    'Is 20 units enough?',
    'Can I go without my tablets on Sunday?',
    'I want to reduce my pills',
    'Shall I increase glimepiride?',
    'I forgot my tablets this morning, should I take them now?',
    // An amount to change while ill stays a dose-change question.
    'I have fever, should I double my insulin?',
    'post lunch sugars high. can i make metformin 1000 at night',
  ])('“%s” is a dose-change question', (question) => {
    expect(isDoseChangeQuestion(question)).toBe(true);
  });

  it.each([
    'how many tabs did i take this wk',
    'Did I take my tablets today?',
    'Have I missed any medicine this week?',
    'How many pills do I have left?',
    'What should I eat?',
    'When is my next dose?',
    'How was my sugar this week?',
    'How much exercise should I do?',
    'What is my BP?',
    // Going on with medicines while ill: the sick-day rules answer it (sick-days article).
    'I have a fever, should I keep taking my metformin?',
    'तेज़ बुखार हो तो शुगर की दवा लेते रहें या बंद कर दें?',
    'bukhar hai, dawai lete rahu ya band kar du?',
  ])('“%s” is not', (question) => {
    expect(isDoseChangeQuestion(question)).toBe(false);
  });
});

describe('escalationFor', () => {
  it.each([
    ['I feel shaky', null, 'hypo'],
    ['sweating and dizzy after lunch', null, 'hypo'],
    ['I think I am going low', null, 'hypo'],
    ['my sugar is 65', null, 'hypo'],
    ['reading 52 mg/dl', null, 'emergency'],
    ['my glucose is 40', null, 'emergency'],
    ['she passed out', null, 'emergency'],
    ['chest pain since morning', null, 'emergency'],
    ['shortness of breath', null, 'emergency'],
    ['I want to end my life', null, 'self-harm'],
    ['What should I eat?', 66, 'hypo'],
    ['What should I eat?', 50, 'emergency'],
    ['What should I eat?', null, null],
    ['my sugar is 120', null, null],
    ['What is hypoglycemia?', null, null],
    ['I am having a hypo', null, 'hypo'],
    ['How was my sugar this week?', null, null],
    // Values told in mmol/L (readings in mg/dL are whole numbers).
    ['my sugar is 2.8 mmol/L', null, 'emergency'],
    ['glucose 3.5', null, 'hypo'],
    ['reading 3.9 mmol', null, null],
    ['my sugar is 12.5', null, null],
    // 'Does it go low after the gym?' asks what happens; 'it is going low now' is a low.
    ['gym ke baad sugar low ho jati h kya', null, null],
    ['कसरत के बाद शुगर कम हो जाती है क्या?', null, null],
    ['meri sugar low ho rahi hai abhi', null, 'hypo'],
    // The meter's figure is a reading; one from last week is not.
    ['dad shaking sweating confused, meter shows 48. what do i do', null, 'emergency'],
    ['my meter showed 45 last week, was that bad', null, null],
    // A past day named by its weekday: not the current reading (first-sight round 7).
    ['sugar was 51 on monday, shall i stop glimepiride', null, null],
    ['somvar ko sugar 48 thi, kya ye khatarnak tha', null, null],
    ['सोमवार को शुगर 50 थी', null, null],
    ['my sugar is 48 and it is monday', null, 'emergency'],
    ['शुगर कम हो गई है', null, 'hypo'],
    // First-sight round 5: a fall with no proper answer; a very high reading told as a bound, with signs.
    ['papa fell down in the shop he is sweating and not answering properly what do i do', null, 'emergency'],
    ['he is not answering properly', null, 'emergency'],
    ['papa slurring on the phone and mummy says hes sweating a lot and confused. what do i do', null, 'emergency'],
    ['mummy confused lag rahi hai aur kaanp rahi hai', null, 'emergency'],
    ['i am confused about whether sweating means low sugar', null, 'hypo'],
    ['mummy gir gayi aur confused lag rahi hai', null, 'emergency'],
    ['पापा गिर गए हैं और ठीक से जवाब नहीं दे रहे', null, 'emergency'],
    ['papa ki sugar 400 se upar h ulti ho rahi h aur saans tez chal rahi', null, 'emergency'],
    ['sugar is above 350 and he is vomiting', null, 'emergency'],
    ['शुगर 400 से ऊपर है और उल्टी हो रही है', null, 'emergency'],
    ['i fell down last week, can diabetes cause falls?', null, null],
    ['the app is not answering properly', null, null],
    ['doctor is not answering properly on phone, what is normal sugar', null, null],
    ['kitni baar sugar 300 se upar gayi', null, null],
    ['sugar 400 se upar h, kya karu', null, null],
    ['meter me abhi 30 aaya but kuch feel nahi ho raha ye sahi h kya', null, 'emergency'],
    // First-sight round 9: talking nonsense, hard to wake.
    ['my dad is sweating a lot and talking nonsense, hard to wake him up, what do i do', null, 'emergency'],
    ['papa ulta seedha bol rahe hain', null, 'emergency'],
    ['mummy ko jagane par bhi nahi uth rahi', null, 'emergency'],
    ['पापा जगाने पर भी नहीं उठ रहे, पसीना आ रहा है', null, 'emergency'],
    ['दादी बेतुकी बातें कर रही हैं', null, 'emergency'],
    ['my husband won’t wake up properly after his insulin', null, 'emergency'],
    ['i find it hard to wake up early for my morning walk', null, null],
    ['does low sugar at night make it hard to wake up in the morning?', null, null],
    ['the app is talking nonsense about my readings', null, null],
  ] as const)('“%s” with a recent low of %s → %s', (text, recentLow, expected) => {
    expect(escalationFor(text, recentLow)).toBe(expected);
  });
});

describe('containsDoseInstruction', () => {
  it.each([
    ['Take 2 tablets of metformin now.', true],
    ['You should increase your insulin.', true],
    ['Stop taking your medicine for a day.', true],
    ['Have an extra dose tonight.', true],
    ['Double your insulin dose.', true],
    ['Your adherence over the last 7 days is 86%.', false],
    ['Please ask your doctor before you change anything.', false],
    ['Take 15–20 g of fast-acting glucose and check again after 15 minutes.', false],
  ])('“%s” → %s', (answer, expected) => {
    expect(containsDoseInstruction(answer)).toBe(expected);
  });
});

describe('ungroundedNumbers', () => {
  it('accepts numbers found in the tool results, rejects others; small counts are allowed', () => {
    const grounding = ['{"average":142,"time_in_range":{"inRange":71},"latest":{"date":"2026-11-20","time":"07:30"}}'];
    expect(ungroundedNumbers('Average 142 mg/dL, 71% in range, last on 2026-11-20 at 07:30.', grounding)).toEqual([]);
    expect(ungroundedNumbers('Average 150 mg/dL over 2 weeks.', grounding)).toEqual([150]);
    expect(ungroundedNumbers('1,200 steps', ['1200'])).toEqual([]);
  });
});

describe('clampAnswer', () => {
  it('keeps answers up to 2,000 characters and cuts longer ones at a word with an ellipsis', () => {
    expect(clampAnswer('short')).toBe('short');
    const long = 'word '.repeat(600);
    const cut = clampAnswer(long);
    expect(cut.length).toBeLessThanOrEqual(2000);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('readIntent', () => {
  it.each([
    ['How was my sugar this week?', ['glucose'], 7],
    ['how is my suger', ['glucose'], 7],
    ['my glucose last month', ['glucose'], 30],
    ['How is my BP?', ['bloodPressure'], 7],
    ['my blood presure over 30 days', ['bloodPressure'], 30],
    ['Did I take my tablets today?', ['todaysDoses'], 7],
    ['Did I miss any medicines last week?', ['adherence'], 7],
    ['What is my weight?', ['weight'], 7],
    ['How many pills do I have left?', ['refills'], 7],
    ['when is my next apointment', ['nextAppointment'], 7],
    ['What should I eat?', [], 7],
    ['How do I check my sugar?', [], 7],
    ['How do I take care of my feet?', [], 7],
  ] as const)('“%s” → %j over %i days', (question, tools, period) => {
    const intent = readIntent(question);
    expect(intent.tools).toEqual(tools);
    expect(intent.period).toBe(period);
  });
});

describe('knowledge base', () => {
  const articles = loadArticles();
  const allowedSources =
    /ADA Standards of Care|ICMR|RSSDI|WHO|Battelino|ACP Diabetes Care Guide|DiaCare product rule|NCCIH|Prescribing information/;

  it('ships the 33 articles, each with a title, a cited source and section, a review date and a tip', () => {
    expect(articles.map((a) => a.id)).toEqual([
      ...['alcohol', 'blood-pressure', 'check-ups', 'checking-glucose', 'drinks', 'exercise', 'eyes', 'fasting'],
      ...['food-indian-meals', 'foot-care', 'fruits', 'glucose-targets', 'hba1c', 'heart-and-cholesterol'],
      ...['high-sugar', 'home-remedies', 'hypoglycaemia', 'illness-and-infections', 'insulin', 'kidneys'],
      ...['medicines', 'metformin', 'nerves-and-numbness', 'rice-and-rotis', 'sick-days', 'sleep', 'smoking', 'stress'],
      ...['sweets-and-festivals', 'teeth-and-gums', 'travel', 'weight', 'what-is-diabetes'],
    ]);
    for (const article of articles) {
      expect(article.source).toMatch(allowedSources);
      expect(article.section.length).toBeGreaterThan(2);
      expect(article.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article.body.length).toBeGreaterThan(150);
      // Short enough to read on a phone; each passage stands on its own as an answer.
      expect(article.body.length).toBeLessThan(1200);
      expect(article.passages.join(' ')).toBe(article.body);
      for (const passage of article.passages) expect(passage.length, article.id).toBeLessThan(700);
      expect(article.tip.length, article.id).toBeGreaterThan(20);
      expect(article.tip.length, article.id).toBeLessThan(160);
    }
  });

  it('an article without a citation in the catalogs is refused', () => {
    expect(() => parseArticle('x', '---\ntitle: X\nreviewed: 2026-01-01\n---\nBody')).toThrow(
      "needs 'knowledge.x.source' and 'knowledge.x.section' in locales/knowledge",
    );
  });

  it.each([
    ['how do I check my sugar', 'checking-glucose'],
    ['BP', 'blood-pressure'],
    ['hypo', 'hypoglycaemia'],
    ['hypoglycemia', 'hypoglycaemia'],
    ['Ramzan roza', 'fasting'],
    ['travel tips for a long flight', 'travel'],
    ['excercise', 'exercise'],
    ['retinopathy', 'eyes'],
    ['roti and rice', 'rice-and-rotis'],
    ['What should I eat?', 'food-indian-meals'],
    ['can I eat mango?', 'fruits'],
    ['kya main chawal kha sakta hoon?', 'rice-and-rotis'],
    ['What is HbA1c?', 'hba1c'],
    ['what is a normal fasting sugar?', 'glucose-targets'],
    ['diwali mithai', 'sweets-and-festivals'],
    ['neend nahi aati', 'sleep'],
    ['tanav bahut hai', 'stress'],
    ['pair sunn ho jaate hain', 'nerves-and-numbness'],
    ['gurde ki jaanch', 'kidneys'],
    ['how to lose weight', 'weight'],
    ['sugar is very high and I am thirsty', 'high-sugar'],
    ['how to store insulin', 'insulin'],
    ['cholesterol', 'heart-and-cholesterol'],
    ['quit smoking', 'smoking'],
    ['bleeding gums', 'teeth-and-gums'],
    ['what is diabetes', 'what-is-diabetes'],
    ['flu vaccine', 'illness-and-infections'],
  ])('“%s” finds %s', (query, id) => {
    const [best] = createKnowledgeBase(articles).search(query, 1);
    expect(best?.article.id).toBe(id);
  });

  it.each([
    ['can I eat mango?', 'fruits', 'Mango can be eaten'],
    ['is banana ok', 'fruits', 'Banana is fine'],
    ['kya main chawal kha sakta hoon?', 'rice-and-rotis', 'Whole grains'],
    ['how much alcohol is ok for men', 'alcohol', 'If you drink alcohol at all'],
    ['does snoring matter', 'sleep', 'Loud snoring'],
    ['should I get a flu vaccine', 'illness-and-infections', 'Vaccines protect you'],
  ])('“%s” quotes the passage of %s that answers it', (query, id, start) => {
    const [best] = createKnowledgeBase(articles).search(query, 1);
    expect(best?.article.id).toBe(id);
    expect(best?.passage.startsWith(start)).toBe(true);
    expect(excerpt(best!.article).startsWith(start)).toBe(true);
    expect(excerpt(best!.article)).not.toBe(excerpt({ ...best!.article, match: undefined }));
  });
});

describe('answerLanguage (decision 083)', () => {
  it.each([
    ['Metformin कब लेनी है?', 'en', 'hi'],
    ['मेरा sugar level normal है क्या?', 'en', 'hi'],
    ['मेरी शुगर कैसी है', 'en', 'hi'],
    ['meri sugar kaisi hai', 'hi', 'hi'],
    ['meri sugar kaisi hai', 'en', 'en'],
    ['what is my sugar today', 'hi', 'en'],
    // 'the' is English, not Hinglish 'were' ('kal kitne the' still has 'kal' and 'kitne').
    ['what was the highest sugar last week', 'hi', 'en'],
    ['kal kitne the', 'en', 'en'],
    ['kal kitne the', 'hi', 'hi'],
  ] as const)('“%s” from a %s-profile user → %s', (question, app, expected) => {
    expect(answerLanguage(question, app)).toBe(expected);
  });
});
