/**
 * The answer to a dose-change question (guard rails, decision 038): the fixed refusal; the key
 * point of the article on what the question names beside the medicine (a home remedy, a fast,
 * a sick day, alcohol, exercise, travel: 'karela le raha hu, dawai band kar du?'); the strength
 * saved for a medicine the question names with a strength ('glimepiride 500 mg likha hai, sahi
 * hai?'), to be checked with the doctor or pharmacist; then the user's facts. Never a dose of its own.
 */
import { localDate } from '@diacare/contract/dates';
import { t } from '../../i18n/index.ts';
import type { EngineAnswer } from './assistant.types.ts';
import { DOSE_NUMBER } from './guard-rails.ts';
import { sourceOf, type Article, type KnowledgeBase } from '../knowledge/knowledge.ts';
import { wordsOf } from './language.ts';
import { hasPhrase, readWords } from './lexicon.ts';
import { knowledgeAnswer, quote } from './phrases.ts';
import { linksFor, medicineLabel, type AssistantTools, type ToolContext } from './tools.ts';
import { understand } from './understanding.ts';

/** Articles whose point goes beside a refusal when the question names their subject. */
const BESIDE_REFUSAL = ['home-remedies', 'fasting', 'sick-days', 'alcohol', 'exercise', 'travel'];
/** Keywords too common to say what a dose question is about ('drink water', 'cold'). */
const TOO_COMMON = new Set([
  'drink',
  'drinks',
  'drinking',
  'juice',
  'जूस',
  'powder',
  'cold',
  'sitting',
  'steps',
  'activity',
  'physical',
  'sport',
  'party',
  'पार्टी',
  'ill',
  'fast',
]);

/** A strength written in the question: '500 mg', '2mg', '500 मिलीग्राम'. */
const STRENGTH = /\d+(\.\d+)?\s*(mg|mcg|µg|g|मिलीग्राम|ग्राम)(?![\p{L}\p{M}\p{N}_])/iu;

/** The article of BESIDE_REFUSAL with the most of its keywords in `question`, or null. */
export function articleBesideRefusal(question: string, knowledge: KnowledgeBase): Article | null {
  const text = readWords(question);
  let best: { article: Article; hits: number } | null = null;
  for (const id of BESIDE_REFUSAL) {
    const article = knowledge.articles.find((a) => a.id === id);
    if (!article) continue;
    const keywords = article.keywords
      .split(',')
      .map((k) => wordsOf(k).join(' '))
      .filter((k) => k && !TOO_COMMON.has(k));
    const hits = keywords.filter((k) => hasPhrase(text, [k])).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { article, hits };
  }
  return best?.article ?? null;
}

/**
 * The refusal with the user's relevant facts (the medicines they take, today's doses, the last 7
 * days' adherence), the article point and the saved strength as above, in `context.language`.
 */
export async function doseChangeAnswer(
  question: string,
  tools: AssistantTools,
  context: ToolContext,
  knowledge: KnowledgeBase,
  engine: string,
): Promise<EngineAnswer> {
  const language = context.language ?? 'en';
  const [medicines, today, adherence] = await Promise.all([
    tools.medicineStrengths(context),
    tools.todaysDoses(context),
    tools.adherence(context, 7),
  ]);
  const links = linksFor(language);
  const names = medicines.length
    ? [t(language, 'assistant.dose_change.medicines', { list: medicines.map((m) => quote(m.name)).join(', ') })]
    : [];
  const facts = t(language, 'assistant.dose_change.facts', { facts: [...names, today.text, adherence.text].join(' ') });
  // A medicine named "… 500 mg" must not put a dose number in the refusal.
  const parts = [t(language, 'assistant.dose_change.refusal')];
  const article = articleBesideRefusal(question, knowledge);
  if (article) {
    const source = sourceOf(article);
    parts.push(
      knowledgeAnswer(language, { title: article.title, excerpt: article.tip || article.passages[0]!, source }),
    );
  }
  const named = STRENGTH.test(question)
    ? understand(
        question,
        localDate(context.now, context.zone),
        medicines.map((m) => m.name),
      ).medicine
    : null;
  const saved = medicines.find((m) => m.name === named);
  if (saved) {
    // The strength as saved, quoted from the record: a fact to check, not advice.
    const medicine = medicineLabel(saved);
    parts.push(
      saved.dosage.trim()
        ? t(language, 'assistant.medicine.saved_strength', { medicine, strength: saved.dosage.trim() })
        : t(language, 'assistant.medicine.no_strength', { medicine }),
    );
  }
  parts.push(facts.replace(new RegExp(DOSE_NUMBER.source, 'giu'), t(language, 'assistant.dose_change.dose_not_shown')));
  return {
    text: parts.join('\n\n'),
    links: [links.medications, links.reports],
    sources: article ? [sourceOf(article)] : [],
    engine,
  };
}
