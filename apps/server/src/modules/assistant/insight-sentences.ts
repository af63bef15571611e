/**
 * The sentences of counts over a number, lists, trends, blood pressure against its goal, weight
 * change, the BMI band and an HbA1c against the one before (insight-answers.ts), in the answer's
 * language from the catalogs (`assistant.insight.*`). Figures arrive computed; glucose in the
 * user's unit.
 */
import { formatGlucose, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { t, type Language } from '../../i18n/index.ts';
import type { Bp, Reading } from './answer-sentences.ts';
import { dayOf, mealKindWord, periodPhrase, readingTag, sentenceStart, signedKg } from './phrases.ts';
import type { Meal, Period } from './understanding.ts';

type Direction = 'up' | 'down' | 'same';
type Band = 'under' | 'healthy' | 'over' | 'obese';

/** How many readings over a number a sentence lists before '(and N more)'. */
const HITS_LISTED = 8;

/** The insights' sentences in `language`; each takes the answer's figures. */
export function insightSentences(language: Language) {
  const period = (p: Period) => periodPhrase(language, p);
  const day = (date: string) => dayOf(date, language);
  return {
    /** The readings of the period above or under `value` (mg/dL), newest first. */
    threshold({
      unit,
      period: p,
      side,
      value,
      hits,
      count,
    }: {
      unit: GlucoseUnit;
      period: Period;
      side: 'above' | 'below';
      value: number;
      hits: Reading[];
      count: number;
    }): string {
      const list = hits
        .slice(0, HITS_LISTED)
        .map((r) =>
          t(language, 'assistant.insight.threshold_item', {
            value: formatGlucose(r.value, unit),
            day: day(r.date),
            time: r.time,
          }),
        )
        .join(', ');
      return t(language, 'assistant.insight.threshold', {
        period_start: sentenceStart(period(p)),
        hits: hits.length,
        side,
        value: formatGlucose(value, unit),
        count,
        list,
        more: Math.max(0, hits.length - HITS_LISTED),
      });
    },

    /** The period's readings, newest first: the first `shown`, then how many more. */
    list: ({
      unit,
      period: p,
      readings,
      shown,
    }: {
      unit: GlucoseUnit;
      period: Period;
      readings: Reading[];
      shown: number;
    }): string =>
      t(language, 'assistant.insight.list', {
        period: period(p),
        list: readings
          .slice(0, shown)
          .map((r) =>
            t(language, 'assistant.insight.list_item', {
              day: day(r.date),
              time: r.time,
              value: formatGlucose(r.value, unit),
              context: readingTag(language, r.meal_context),
            }),
          )
          .join('; '),
        more: Math.max(0, readings.length - shown),
      }),

    /** The average now against before: the period's halves, or the period against the days before it. */
    trend({
      unit,
      period: p,
      now,
      before,
      halves,
      direction,
      meal,
      against,
    }: {
      unit: GlucoseUnit;
      period: Period;
      now: number;
      before: number;
      halves: boolean;
      direction: Direction;
      /** The meal the question names ('after'), or null for all readings. */
      meal: Meal | null;
      /** The earlier period the question names ('October or November') and the readings counted in each. */
      against?: { period: Period; count: number; beforeCount: number } | null;
    }): string {
      const values = {
        has_meal: meal ? 'yes' : 'no',
        meal: meal ? mealKindWord(language, meal) : '',
        now: formatGlucose(now, unit),
        before: formatGlucose(before, unit),
        direction,
      };
      if (against) {
        return t(language, 'assistant.insight.trend_against', {
          ...values,
          period: period(p),
          count: against.count,
          before_count: against.beforeCount,
          before_period: period(against.period),
        });
      }
      return halves
        ? t(language, 'assistant.insight.trend_halves', { ...values, period_start: sentenceStart(period(p)) })
        : t(language, 'assistant.insight.trend', { ...values, period: period(p) });
    },

    /** The period's blood pressure readings, newest first, and how many were over the goal. */
    bpList({
      period: p,
      readings,
      above,
      goal,
    }: {
      period: Period;
      readings: Bp[];
      above: number;
      goal: string;
    }): string {
      const list = readings
        .map((r) =>
          t(language, 'assistant.insight.bp_list_item', {
            systolic: r.systolic,
            diastolic: r.diastolic,
            day: day(r.date),
            time: r.time,
          }),
        )
        .join(', ');
      const judged = above
        ? t(language, 'assistant.insight.bp_above_goal', { above, count: readings.length, goal })
        : t(language, 'assistant.insight.bp_within_goal', { goal });
      return `${t(language, 'assistant.insight.bp_list', { period: period(p), list })} ${judged}`;
    },

    /** The weight (and BMI) on an earlier entry against the latest one ('since I joined', 'at the end of October'). */
    weightThenNow: ({
      then,
      latest,
      change,
    }: {
      then: { date: string; weight: number; bmi: number };
      latest: { date: string; weight: number; bmi: number };
      change: number;
    }): string =>
      t(language, 'assistant.insight.weight_then_now', {
        then: then.weight.toFixed(1),
        then_bmi: then.bmi.toFixed(1),
        then_day: day(then.date),
        latest: latest.weight.toFixed(1),
        bmi: latest.bmi.toFixed(1),
        latest_day: day(latest.date),
        change: signedKg(change),
      }),

    weightChange: ({
      period: p,
      latest,
      first,
      firstDate,
      change,
    }: {
      period: Period;
      latest: number;
      first: number;
      firstDate: string;
      change: number;
    }): string =>
      t(language, 'assistant.insight.weight_change', {
        latest: latest.toFixed(1),
        period: period(p),
        first: first.toFixed(1),
        day: day(firstDate),
        change: signedKg(change),
      }),

    /** The WHO band of a BMI (25–29.9 overweight, 30 and over obese). */
    bmiBand: ({ bmi, band }: { bmi: number; band: Band }): string =>
      t(language, 'assistant.insight.bmi_band', { bmi: bmi.toFixed(1), band }),

    labTrend: ({ direction }: { direction: Direction }): string =>
      t(language, 'assistant.insight.lab_trend', { direction }),
  };
}
