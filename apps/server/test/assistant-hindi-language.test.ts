/**
 * Hindi text rules without a server: Devanagari spelling and stemming, every assistant text in
 * Hindi, the Hindi knowledge base citing the same sources as the English, and the guard rails'
 * Hindi dose-change, dose-number and escalation rules.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../src/i18n/index.ts';
import { readIntent } from '../src/modules/assistant/intents.ts';
import { knowledgeBase } from '../src/modules/knowledge/knowledge.ts';
import {
  DOSE_NUMBER,
  containsDoseInstruction,
  escalationFor,
  isDoseChangeQuestion,
} from '../src/modules/assistant/guard-rails.ts';
import { hindiStem, loadArticles } from '../src/modules/knowledge/knowledge.ts';
import { normaliseSpelling, wordsOf } from '../src/modules/assistant/language.ts';
import { HINDI_DOSE_CHANGE_QUESTIONS, latinWords } from './support/hindi-questions.ts';

/** A compiled ICU message: text, or a list of texts and placeholders [name, type?, cases?]. */
type Compiled = string | (string | [string, string?, Record<string, Compiled | undefined>?])[];
/** The words of an ICU message: its text and every case's, without placeholders or syntax. */
const wordsOfMessage = (message: string) => {
  const walk = (parts: Compiled | undefined): string =>
    parts === undefined || typeof parts === 'string'
      ? (parts ?? '')
      : parts
          .map((part) =>
            typeof part === 'string'
              ? part
              : Object.values(part[2] ?? {})
                  .map(walk)
                  .join(' '),
          )
          .join(' ');
  return walk(compileMessage(message) as Compiled);
};
/** Messages the same in Hindi: sources cited by their published (English) titles (their sections are Hindi), and a name. */
const SAME_IN_HINDI = new Set([
  'assistant.source.hypo.title',
  'assistant.source.sulfonylurea.title',
  'assistant.lab_name.hba1c',
]);
/** Latin letters a Hindi assistant message may hold besides latinWords' units and names. */
const ALSO_LATIN = new Set(['U', 'LDL', 'HDL', 'NHS']);

describe('Devanagari text', () => {
  it('spellings with and without nukta or chandrabindu read the same', () => {
    expect(normaliseSpelling('ज़्यादा')).toBe(normaliseSpelling('ज्यादा'));
    expect(normaliseSpelling('दवाइयाँ')).toBe(normaliseSpelling('दवाइयां'));
    expect(normaliseSpelling('\u095b')).toBe('ज'); // precomposed ज़
  });

  it('words keep their vowel signs; MiniSearch’s tokenizer splits on spaces and the danda', () => {
    expect(wordsOf('मेरी पिछली शुगर रीडिंग क्या थी?')).toEqual(['मेरी', 'पिछली', 'शुगर', 'रीडिंग', 'क्या', 'थी']);
    const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
    expect(tokenize('आँखों की जाँच। दवाइयाँ, ग्लूकोज़').filter(Boolean)).toEqual(['आँखों', 'की', 'जाँच', 'दवाइयाँ', 'ग्लूकोज़']);
  });

  it('the light stemmer maps inflected forms to one stem', () => {
    expect(hindiStem('आंखों')).toBe(hindiStem('आंखें'));
    expect(hindiStem('जांचना')).toBe(hindiStem('जांचूं'));
    expect(hindiStem('पैरों')).toBe('पैर');
  });
});

describe('the Hindi texts', () => {
  it('every assistant message exists in Hindi, differs from the English, and has no English words left', () => {
    const ids = Object.keys(catalogs.en).filter((id) => id.startsWith('assistant.'));
    expect(ids.length).toBeGreaterThan(150);
    for (const id of ids) {
      const hindi = catalogs.hi[id]!;
      if (SAME_IN_HINDI.has(id)) {
        expect(hindi, id).toBe(catalogs.en[id]);
        continue;
      }
      expect(hindi, id).not.toBe(catalogs.en[id]);
      expect(
        latinWords(wordsOfMessage(hindi)).filter((word) => !ALSO_LATIN.has(word)),
        id,
      ).toEqual([]);
    }
  });
});

describe('the Hindi knowledge base', () => {
  const english = loadArticles();
  const hindi = loadArticles('hi');

  it('has a Hindi version of every article, its citation in Hindi from the catalogs (published titles kept)', () => {
    expect(hindi.map((a) => a.id)).toEqual(english.map((a) => a.id));
    for (const article of hindi) {
      const original = english.find((a) => a.id === article.id)!;
      // The section is told in Hindi; the source keeps the publications' own titles.
      expect(article.section, article.id).toMatch(/[\u0900-\u097f]/);
      expect(article.section, article.id).not.toBe(original.section);
      for (const title of [
        'ADA Standards of Care in Diabetes 2025',
        'ICMR',
        'RSSDI–ESI',
        'NCCIH',
        'ACP Diabetes Care Guide',
      ]) {
        expect(article.source.includes(title), `${article.id}: ${title}`).toBe(original.source.includes(title));
      }
      expect(article.title).toMatch(/[\u0900-\u097f]/);
      expect(article.body.length).toBeGreaterThan(200);
      // The same figures as the English article (targets, thresholds, minutes).
      const figures = (text: string) => [...new Set(text.match(/\d+/g) ?? [])].sort();
      expect(figures(article.body), article.id).toEqual(figures(original.body));
      expect(latinWords(article.body).filter((w) => !['A1C', 'A1c', 'DiaCare', 'CGM', 'ADA'].includes(w))).toEqual([]);
    }
  });

  it.each([
    ['मुझे क्या खाना चाहिए?', 'food-indian-meals'],
    ['क्या चावल और रोटी खा सकते हैं?', 'rice-and-rotis'],
    ['क्या मैं आम खा सकता हूँ?', 'fruits'],
    ['HbA1c क्या है?', 'hba1c'],
    ['पैर सुन्न हो जाते हैं', 'nerves-and-numbness'],
    ['मिठाई', 'sweets-and-festivals'],
    ['हाइपोग्लाइसीमिया क्या होता है?', 'hypoglycaemia'],
    ['लो शुगर', 'hypoglycaemia'],
    ['मुझे कितनी कसरत करनी चाहिए?', 'exercise'],
    ['योग', 'exercise'],
    ['पैरों की देखभाल कैसे करें?', 'foot-care'],
    ['आँखों की जाँच कितनी बार करानी चाहिए?', 'eyes'],
    ['आंखो की जांच', 'eyes'],
    ['डायबिटीज़ में सामान्य बीपी क्या है?', 'blood-pressure'],
    ['बुखार में क्या करें?', 'sick-days'],
    ['क्या मैं रमज़ान में रोज़ा रख सकता हूँ?', 'fasting'],
    ['नवरात्रि व्रत', 'fasting'],
    ['सफ़र में डायबिटीज़ का ध्यान कैसे रखें?', 'travel'],
    ['मैं अपनी शुगर कैसे जाँचूँ?', 'checking-glucose'],
    ['दवाइयों के बारे में बताइए', 'medicines'],
  ])('“%s” finds %s', (query, id) => {
    const [best] = knowledgeBase('hi').search(query, 1);
    expect(best?.article.id).toBe(id);
    expect(best!.score).toBeGreaterThanOrEqual(2);
  });
});
describe('Hindi guard-rail rules', () => {
  it.each(HINDI_DOSE_CHANGE_QUESTIONS)('“%s” is a dose-change question', (question) => {
    expect(isDoseChangeQuestion(question)).toBe(true);
  });

  it.each([
    'क्या मैंने आज दवा ली?',
    'क्या मैंने इस हफ़्ते कोई खुराक छोड़ी?',
    'मेरी कितनी गोलियाँ बची हैं?',
    'दवा के बारे में बताइए',
    'मुझे क्या खाना चाहिए?',
    'इस हफ़्ते मेरी शुगर कम रही?',
  ])('“%s” is not a dose-change question', (question) => {
    expect(isDoseChangeQuestion(question)).toBe(false);
  });

  it.each([
    ['मुझे कंपकंपी और पसीना आ रहा है', 'hypo'],
    ['चक्कर आ रहे हैं और घबराहट हो रही है', 'hypo'],
    ['मेरी शुगर 62 है, क्या करूँ', 'hypo'],
    ['लगता है शुगर कम हो रही है', 'hypo'],
    ['मेरी शुगर 48 है', 'emergency'],
    ['मेरे पिताजी बेहोश हो गए', 'emergency'],
    ['सीने में दर्द हो रहा है', 'emergency'],
    ['साँस लेने में तकलीफ़ हो रही है', 'emergency'],
    ['मैं आत्महत्या करना चाहता हूँ', 'self-harm'],
    ['मुझे जीने का मन नहीं करता, मर जाना चाहता हूँ', 'self-harm'],
    ['हाइपोग्लाइसीमिया क्या होता है?', null],
  ])('“%s” → %s', (question, kind) => {
    expect(escalationFor(question)).toBe(kind);
  });

  it('a dose number in Hindi is recognised; a model’s Hindi dose instruction is caught, a caution is not', () => {
    expect('2 गोली').toMatch(DOSE_NUMBER);
    expect('10 यूनिट').toMatch(DOSE_NUMBER);
    expect('10 यूनिटों').not.toMatch(DOSE_NUMBER);
    expect(containsDoseInstruction('आप अपनी इंसुलिन की खुराक बढ़ा दें।')).toBe(true);
    expect(containsDoseInstruction('आज रात 2 गोली लें।')).toBe(true);
    expect(containsDoseInstruction('मेटफॉर्मिन बंद कर दें।')).toBe(true);
    expect(containsDoseInstruction('डॉक्टर से पूछे बिना दवा बंद न करें।')).toBe(false);
    expect(containsDoseInstruction(catalogs.hi['assistant.dose_change.refusal']!)).toBe(false);
  });

  it.each([
    ['मेरी पिछली शुगर रीडिंग क्या थी?', ['glucose'], 7],
    ['इस महीने मेरी ब्लड शुगर कैसी रही?', ['glucose'], 30],
    ['मेरा बीपी क्या है?', ['bloodPressure'], 7],
    ['मेरा वज़न कितना है?', ['weight'], 7],
    ['क्या मैंने आज अपनी दवाइयाँ लीं?', ['todaysDoses'], 7],
    ['पिछले हफ़्ते मैंने कितनी खुराक छोड़ीं?', ['adherence'], 7],
    ['मेरी कितनी गोलियाँ बची हैं?', ['refills'], 7],
    ['मेरा अगला अपॉइंटमेंट कब है?', ['nextAppointment'], 7],
    ['मैं अपनी शुगर कैसे जाँचूँ?', [], 7],
    ['डायबिटीज़ में सामान्य बीपी क्या है?', [], 7],
  ] as const)('“%s” → %j over %i days', (question, tools, period) => {
    const intent = readIntent(question);
    expect(intent.tools).toEqual(tools);
    expect(intent.period).toBe(period);
  });
});
