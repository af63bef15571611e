/**
 * The answer to a dose-change question (guard rails, decision 038): the fixed refusal; the key
 * point of the article on what the question names beside the medicine (a home remedy, a fast,
 * a sick day, alcohol, exercise, travel: 'karela le raha hu, dawai band kar du?'); the strength
 * saved for a medicine the question names with a strength ('glimepiride 500 mg likha hai, sahi
 * hai?') or with two strengths ('chemist ne 500 ki jagah 1000 de di'), to be checked with the doctor
 * or pharmacist, who confirm which is right; when it names a sulfonylurea, the medicines
 * article's sentence that these tablets can cause lows; then the user's facts, and their readings
 * under 70 mg/dL in the last 30 days when it names a medicine that can cause lows (a sulfonylurea
 * or insulin) or tells of lows. Never a dose of its own.
 */
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';
import { localDate, shiftDate } from '@diacare/contract/dates';
import { t, type Language } from '../../i18n/index.ts';
import type { EngineAnswer } from './assistant.types.ts';
import { DOSE_NUMBER, normalise } from './guard-rails.ts';
import { namesTwoStrengths } from './dose-change-question.ts';
import { sourceOf, type Article, type KnowledgeBase } from '../knowledge/knowledge.ts';
import { wordsOf } from './language.ts';
import { STRENGTH } from './answer-rules.ts';
import type { InsightAnswers } from './insight-answers.ts';
import { VOCABULARY, hasPhrase, readWords } from './lexicon.ts';
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

/** 'fasting' beside a number or a glucose word: the fasting reading, not the fasting article. */
const FASTING_READING =
  / (fasting|फास्टिंग) (\S+ )?(\d+|sugar|glucose|reading|level|शुगर|रीडिंग) | \d+ (\S+ )?(fasting|फास्टिंग) /;

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
    // 'aaj fasting 189 aayi', 'fasting sugar': a reading's context, not a religious fast.
    if (id === 'fasting' && FASTING_READING.test(text.padded)) continue;
    const hits = keywords.filter((k) => hasPhrase(text, [k])).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { article, hits };
  }
  return best?.article ?? null;
}

/**
 * The strength of `medicine` as saved in Medications, to check with the doctor or pharmacist
 * (decision 101): a fact to check, not advice; no usual strength is stated.
 */
export function savedStrength(medicine: { name: string; dosage: string }, language: Language): string {
  const label = medicineLabel(medicine);
  return medicine.dosage.trim()
    ? t(language, 'assistant.medicine.saved_strength', { medicine: label, strength: medicine.dosage.trim() })
    : t(language, 'assistant.medicine.no_strength', { medicine: label });
}

/**
 * The sentences of the medicines article that name a sulfonylurea ('Tablets such as glimepiride
 * and gliclazide (sulfonylureas) can cause low sugar, …'), for a refusal that names one; null when
 * the question names none. ADA Standards of Care 2025, §9, as the article cites.
 */
function sulfonylureaPoint(question: string, knowledge: KnowledgeBase): { article: Article; text: string } | null {
  if (!hasPhrase(readWords(question), VOCABULARY.sulfonylureas)) return null;
  const article = knowledge.articles.find((a) => a.id === 'medicines');
  if (!article) return null;
  const sentences = article.passages.flatMap((p) => p.match(/[^.!?।]+[.!?।]+(\s|$)/g) ?? [p]);
  const named = sentences.filter((sentence) => hasPhrase(readWords(sentence), VOCABULARY.sulfonylureas));
  return named.length ? { article, text: named.map((sentence) => sentence.trim()).join(' ') } : null;
}

/**
 * The refusal with the user's relevant facts (the medicines they take, today's doses, the last 7
 * days' adherence, recent lows), the article points and the saved strength as above, in
 * `context.language`.
 */
export async function doseChangeAnswer(
  question: string,
  tools: AssistantTools,
  context: ToolContext,
  knowledge: KnowledgeBase,
  engine: string,
  insights: InsightAnswers,
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
  const lowsPoint = sulfonylureaPoint(question, knowledge);
  if (lowsPoint) {
    const source = sourceOf(lowsPoint.article);
    parts.push(knowledgeAnswer(language, { title: lowsPoint.article.title, excerpt: lowsPoint.text, source }));
  }
  const day = localDate(context.now, context.zone);
  const read = understand(
    question,
    day,
    medicines.map((m) => m.name),
  );
  // 'metformin 500 ki jagah 1000 de di': two strengths of one medicine, for the doctor or pharmacist to confirm.
  const twoStrengths = namesTwoStrengths(normalise(question));
  const saved = STRENGTH.test(question) || twoStrengths ? medicines.find((m) => m.name === read.medicine) : undefined;
  // The strength as saved, quoted from the record: a fact to check, not advice.
  if (saved) parts.push(savedStrength(saved, language));
  if (twoStrengths) parts.push(t(language, 'assistant.medicine.which_strength'));
  parts.push(facts.replace(new RegExp(DOSE_NUMBER.source, 'giu'), t(language, 'assistant.dose_change.dose_not_shown')));
  const text = readWords(question);
  if (lowsPoint || hasPhrase(text, VOCABULARY.medicineNames.insulin!) || hasPhrase(text, VOCABULARY.lowWords)) {
    // Readings under 70 mg/dL (ADA level 1 hypoglycaemia) in the last 30 days: what the doctor needs for this decision.
    const lows = await insights.answer(
      {
        ...read,
        aboutMe: true,
        subject: 'glucose',
        measure: 'threshold',
        meal: null,
        meals: [],
        threshold: { value: HYPOGLYCAEMIA.low, side: 'below', mgDl: true },
        period: { kind: 'lastDays', from: shiftDate(day, -29), to: day, days: 30, n: 30 },
        periodNamed: true,
      },
      context,
    );
    if (lows && Number(lows.data.count) > 0) parts.push(lows.text);
  }
  const sources = [article, lowsPoint?.article].filter((a): a is Article => Boolean(a)).map(sourceOf);
  return {
    text: parts.join('\n\n'),
    links: [links.medications, links.reports],
    sources,
    engine,
  };
}
