/**
 * 'fasting was 189 this morning. is that bad?', 'my fasting is 150 is that ok', 'sugar 250 aayi normal
 * hai': the glucose value a question states, judged against the self-monitoring goals for many adults
 * (SELF_MONITORING_GOALS, ADA Standards of Care 2025, §6: 80–130 mg/dL before meals, under 180 after;
 * with no meal named, the time-in-range target 70–180; under 70 is low for everyone). Decision 112.
 */
import { HYPOGLYCAEMIA, SELF_MONITORING_GOALS, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { formatGlucose, formatGlucoseRange, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { t, type Language } from '../../i18n/index.ts';
import { mentionedGlucose } from './told-glucose.ts';
import { VOCABULARY, hasPhrase, readWords } from './lexicon.ts';
import { mealKindWord } from './phrases.ts';
import type { Meal, Understanding } from './understanding.ts';

/** Glucose and meal words a stated value stands beside ('fasting 189', 'sugar 250', 'khane ke baad 210'). */
const NEAR = [...VOCABULARY.concepts.glucose, ...Object.values(VOCABULARY.meals).flat()];

/**
 * The glucose value (mg/dL) `question`, read as `u`, states and asks to be judged ('is that bad', 'theek
 * hai kya'; vocabulary.json judge.words), or null: no judging word, not about glucose, or no value
 * 20–600 beside a glucose or meal word.
 */
export function statedReading(question: string, u: Pick<Understanding, 'subject' | 'meals'>): number | null {
  const text = readWords(question);
  if (!hasPhrase(text, VOCABULARY.judge.words)) return null;
  if (u.subject !== 'glucose' && u.meals.length === 0) return null;
  const told = mentionedGlucose(question);
  if (told !== null) return told;
  const { words } = text;
  for (let i = 0; i < words.length; i += 1) {
    const value = /^\d{2,3}$/.test(words[i]!) ? Number(words[i]) : NaN;
    if (!(value >= 20 && value <= 600)) continue;
    if (hasPhrase(readWords(words.slice(Math.max(0, i - 4), i + 5).join(' ')), NEAR)) return value;
  }
  return null;
}

/** The sentence judging `mgDl` taken at `meal` (or null: no meal named), in `unit` and `language`. */
export function readingJudgement(mgDl: number, meal: Meal | null, unit: GlucoseUnit, language: Language): string {
  const before = meal === 'fasting' || meal === 'before';
  const [low, high] = before
    ? [SELF_MONITORING_GOALS.beforeMeal.low, SELF_MONITORING_GOALS.beforeMeal.high]
    : [TIME_IN_RANGE_TARGET.low, meal === 'after' ? SELF_MONITORING_GOALS.afterMealPeak : TIME_IN_RANGE_TARGET.high];
  const verdict =
    mgDl < HYPOGLYCAEMIA.low
      ? 'low'
      : mgDl < low
        ? 'below'
        : mgDl <= (meal === 'after' ? high - 1 : high)
          ? 'within'
          : 'above';
  return t(language, 'assistant.judge.reading', {
    value: formatGlucose(mgDl, unit),
    has_meal: meal ? 'yes' : 'no',
    meal: meal ? mealKindWord(language, meal) : '',
    verdict,
    goal: meal === 'after' ? `< ${formatGlucose(high, unit)}` : formatGlucoseRange(low, high, unit),
    goal_when: t(
      language,
      before
        ? 'assistant.judge.when_before'
        : meal === 'after'
          ? 'assistant.judge.when_after'
          : 'assistant.judge.when_any',
    ),
  });
}
