/**
 * Answers for the learned intent step's classes that the rules had no answer for (decision 082):
 * readings over or under a number, a list of readings (newest first, time and context), a trend
 * (this period against the one before, or its halves), blood pressure against the ADA goal,
 * weight change over a period, the BMI band, and an HbA1c against the one before.
 * Facts from the user's rows only; null → the other answers.
 */
import { BMI_BANDS, BP_GOAL_ADA, HYPOGLYCAEMIA, mean, roundTo } from '@diacare/contract/clinical';
import { formatShortDate, localDate, shiftDate } from '@diacare/contract/dates';
import { INTL_LOCALES } from '@diacare/contract/languages';
import { DEFAULT_GLUCOSE_UNIT, glucoseToMgDl } from '@diacare/contract/glucose-units';
import type { Database } from '../../db/client.ts';
import { t } from '../../i18n/index.ts';
import { createHealthRepository } from '../health/health.repository.ts';
import { createLabRepository } from '../health/lab.repository.ts';
import { insightSentences } from './insight-sentences.ts';
import { periodPhrase, sentenceStart } from './phrases.ts';
import { linksFor, type ToolContext, type ToolResult } from './tools.ts';
import type { Understanding } from './understanding.ts';
import { periodDays } from './answers.ts';

/** How many readings a list shows before '(and N more)'. */
const LIST_SHOWN = 14;
const newestFirst = <T extends { date: string; time: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`));

/** Periods that name a past day or month: a weight asked 'then' is the last entry up to its end. */
const PAST_POINTS = new Set<Understanding['period']['kind']>(['month', 'onDate', 'daysAgo', 'yesterday']);

/** Binds the insight answers to one database. */
export function createInsightAnswers(db: Database) {
  const health = createHealthRepository(db);
  const labs = createLabRepository(db);

  async function glucose(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    if (u.measure !== 'threshold' && u.measure !== 'list' && u.measure !== 'trend') return null;
    const t = insightSentences(context.language ?? 'en');
    const unit = context.glucoseUnit ?? DEFAULT_GLUCOSE_UNIT;
    const links = linksFor(context.language);
    const meal = (c: string) =>
      !u.meal ||
      (u.meal === 'fasting' ? c === 'Fasting' : u.meal === 'after' ? c.startsWith('After') : c.startsWith('Before'));
    const rows = (
      await health.listGlucose(context.userId, { start_date: u.period.from, end_date: u.period.to })
    ).filter((r) => meal(r.meal_context));
    const result = (text: string, data: Record<string, unknown>): ToolResult => ({
      text,
      links: [links.glucoseHistory(periodDays(u.period)), links.reports],
      data: { unit, from: u.period.from, to: u.period.to, ...data },
    });
    if (rows.length === 0) return null;
    if (u.measure === 'threshold' && u.threshold) {
      // The number is in the user's unit; readings are stored in mg/dL.
      const limit = u.threshold.mgDl ? u.threshold.value : glucoseToMgDl(u.threshold.value, unit);
      const hits = newestFirst(rows.filter((r) => (u.threshold!.side === 'above' ? r.value > limit : r.value < limit)));
      return result(
        t.threshold({ unit, period: u.period, side: u.threshold.side, value: limit, hits, count: rows.length }),
        {
          count: hits.length,
          readings: rows.length,
        },
      );
    }
    if (u.measure === 'list') {
      const readings = newestFirst(rows);
      return result(t.list({ unit, period: u.period, readings, shown: LIST_SHOWN }), { readings: readings.length });
    }
    if (u.measure === 'trend') {
      // Against the earlier period the question names ('October or November'), else the same number of days before.
      const earlierPeriod = u.comparedWith ?? null;
      const before = (
        await health.listGlucose(context.userId, {
          start_date: earlierPeriod?.from ?? shiftDate(u.period.from, -u.period.days),
          end_date: earlierPeriod?.to ?? shiftDate(u.period.from, -1),
        })
      ).filter((r) => meal(r.meal_context));
      const middle = shiftDate(u.period.from, Math.floor(u.period.days / 2));
      const halves = before.length === 0;
      const earlier = halves ? rows.filter((r) => r.date < middle) : before;
      const later = halves ? rows.filter((r) => r.date >= middle) : rows;
      if (earlier.length === 0 || later.length === 0) return null;
      const now = roundTo(mean(later.map((r) => r.value))!);
      const was = roundTo(mean(earlier.map((r) => r.value))!);
      const direction = now === was ? 'same' : now < was ? 'down' : 'up';
      const against =
        earlierPeriod && !halves ? { period: earlierPeriod, count: later.length, beforeCount: earlier.length } : null;
      const trend = t.trend({ unit, period: u.period, now, before: was, halves, direction, meal: u.meal, against });
      // Lows in the later period are said with it: an average going down can hide them.
      const lows = newestFirst(later.filter((r) => r.value < HYPOGLYCAEMIA.low));
      const lowsText = lows.length
        ? ` ${t.threshold({ unit, period: u.period, side: 'below', value: HYPOGLYCAEMIA.low, hits: lows, count: later.length })}`
        : '';
      return result(`${trend}${lowsText}`, { average: now, previous: was, lows: lows.length });
    }
    return null;
  }

  async function bloodPressure(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    if (u.measure === 'threshold' && u.threshold) return bpThreshold(u, u.threshold, context);
    if (u.measure !== 'list') return null;
    const rows = newestFirst(
      await health.listBloodPressure(context.userId, { start_date: u.period.from, end_date: u.period.to }),
    );
    if (rows.length === 0) return null;
    const above = rows.filter((r) => r.systolic >= BP_GOAL_ADA.systolic || r.diastolic >= BP_GOAL_ADA.diastolic).length;
    const goal = `${BP_GOAL_ADA.systolic}/${BP_GOAL_ADA.diastolic} mmHg`;
    const links = linksFor(context.language);
    return {
      text: insightSentences(context.language ?? 'en').bpList({ period: u.period, readings: rows, above, goal }),
      links: [links.bpHistory(periodDays(u.period)), links.reports],
      data: { unit: 'mmHg', readings: rows.length, above_goal: above },
    };
  }

  /**
   * 'bp kabhi 140 se upar gaya kya': yes or no, how many readings of the period (all data when
   * none was named) had the top number (a limit of 100 mmHg or more) or else the bottom number
   * above or under `threshold.value` mmHg, and the highest (lowest) reading with its date.
   */
  async function bpThreshold(
    u: Understanding,
    threshold: NonNullable<Understanding['threshold']>,
    context: ToolContext,
  ): Promise<ToolResult | null> {
    const rows = await health.listBloodPressure(context.userId, { start_date: u.period.from, end_date: u.period.to });
    if (rows.length === 0) return null;
    const part = threshold.value >= 100 ? 'top' : 'bottom';
    const number = (r: (typeof rows)[number]) => (part === 'top' ? r.systolic : r.diastolic);
    const above = threshold.side === 'above';
    const hits = rows.filter((r) => (above ? number(r) > threshold.value : number(r) < threshold.value));
    const extreme = rows.reduce((a, b) => ((above ? number(b) > number(a) : number(b) < number(a)) ? b : a));
    const language = context.language ?? 'en';
    const links = linksFor(language);
    return {
      text: t(language, 'assistant.bp_threshold', {
        hits: hits.length,
        count: rows.length,
        period: periodPhrase(language, u.period),
        part,
        side: threshold.side,
        value: threshold.value,
        extreme: `${extreme.systolic}/${extreme.diastolic}`,
        day: formatShortDate(extreme.date, INTL_LOCALES[language]),
      }),
      links: [links.bpHistory(periodDays(u.period)), links.reports],
      data: { unit: 'mmHg', readings: rows.length, count: hits.length, extreme },
    };
  }

  async function weight(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    const t = insightSentences(context.language ?? 'en');
    const links = linksFor(context.language);
    if (u.measure === 'bmi') {
      const rows = await health.listBodyMetrics(context.userId, {
        start_date: shiftDate(u.period.to, -365),
        end_date: u.period.to,
      });
      const latest = rows.reduce<(typeof rows)[number] | null>((a, b) => (!a || b.date > a.date ? b : a), null);
      if (!latest) return null;
      const bmi = latest.bmi;
      const band =
        bmi < BMI_BANDS.healthyLow
          ? 'under'
          : bmi < BMI_BANDS.overweight
            ? 'healthy'
            : bmi < BMI_BANDS.obese
              ? 'over'
              : 'obese';
      return { text: t.bmiBand({ bmi, band }), links: [links.weightHistory(30)], data: { bmi, band } };
    }
    if (u.measure !== 'trend' || !u.periodNamed) return null;
    const rows = (
      await health.listBodyMetrics(context.userId, { start_date: u.period.from, end_date: u.period.to })
    ).sort((a, b) => a.date.localeCompare(b.date));
    if (rows.length < 2) return null;
    const first = rows[0]!;
    const latest = rows.at(-1)!;
    const change = roundTo(latest.weight - first.weight, 1);
    return {
      text: t.weightChange({
        period: u.period,
        latest: latest.weight,
        first: first.weight,
        firstDate: first.date,
        change,
      }),
      links: [links.weightHistory(periodDays(u.period))],
      data: { unit: 'kg', latest: latest.weight, first: first.weight, change },
    };
  }

  /**
   * The weight at a past point against the latest entry: the first entry for 'since I joined' (period
   * 'all'), else the last entry up to the end of a past period ('at the end of October', 'on 1 Nov').
   * Null for any other period, or when there is no earlier entry than the latest.
   */
  async function weightThenNow(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    const today = localDate(context.now, context.zone);
    const past = u.period.kind === 'all' || (PAST_POINTS.has(u.period.kind) && u.period.to < today);
    if (u.subject !== 'weight' || !u.periodNamed || !past) return null;
    const rows = (
      await health.listBodyMetrics(context.userId, {
        start_date: u.period.kind === 'all' ? u.period.from : shiftDate(u.period.to, -365),
        end_date: shiftDate(u.period.to, 3650),
      })
    ).sort((a, b) => a.date.localeCompare(b.date));
    const then = u.period.kind === 'all' ? rows[0] : rows.filter((r) => r.date <= u.period.to).at(-1);
    const latest = rows.at(-1);
    if (!then || !latest || then.date === latest.date) return null;
    const change = roundTo(latest.weight - then.weight, 1);
    return {
      text: insightSentences(context.language ?? 'en').weightThenNow({ then, latest, change }),
      links: [linksFor(context.language).weightHistory(30)],
      data: { unit: 'kg', then: then.weight, latest: latest.weight, change },
    };
  }

  /**
   * Blood pressure judged against the ADA goal of under 130/80 mmHg (Standards of Care 2025, §10;
   * `BP_GOAL_ADA`): the latest reading, then the average of `u`'s period and how many of its
   * readings were at or above the goal, and each reading when the question names the period.
   * Null when the user has no reading at all.
   */
  async function bpGoal(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    const [latest] = await health.listBloodPressure(context.userId, { limit: 1 });
    if (!latest) return null;
    const language = context.language ?? 'en';
    const rows = await health.listBloodPressure(context.userId, { start_date: u.period.from, end_date: u.period.to });
    const within = (r: { systolic: number; diastolic: number }) =>
      r.systolic < BP_GOAL_ADA.systolic && r.diastolic < BP_GOAL_ADA.diastolic;
    const goal = `${BP_GOAL_ADA.systolic}/${BP_GOAL_ADA.diastolic} mmHg`;
    const yes = (ok: boolean) => (ok ? 'yes' : 'no');
    const date = formatShortDate(latest.date, INTL_LOCALES[language]);
    const parts = [
      t(language, 'assistant.bp_goal.latest', {
        systolic: latest.systolic,
        diastolic: latest.diastolic,
        time: latest.time,
        date,
        goal,
        within: yes(within(latest)),
      }),
    ];
    let average: { systolic: number; diastolic: number } | null = null;
    const above = rows.filter((r) => !within(r)).length;
    if (rows.length > 0) {
      average = {
        systolic: roundTo(mean(rows.map((r) => r.systolic))!),
        diastolic: roundTo(mean(rows.map((r) => r.diastolic))!),
      };
      const period = periodPhrase(language, u.period);
      parts.push(
        t(language, 'assistant.bp_goal.average', {
          ...average,
          period: sentenceStart(period),
          count: rows.length,
          above,
          within: yes(within(average)),
        }),
      );
    }
    if (u.periodNamed && rows.length > 1) {
      // 'over the last 2 weeks, is my bp ok': each reading of the period too.
      const readings = newestFirst(rows)
        .slice(0, LIST_SHOWN)
        .map((r) => `${r.systolic}/${r.diastolic} mmHg (${formatShortDate(r.date, INTL_LOCALES[language])} ${r.time})`);
      parts.push(t(language, 'assistant.bp_goal.readings', { readings: readings.join(', ') }));
    }
    parts.push(t(language, 'assistant.bp_goal.doctor'));
    const links = linksFor(language);
    return {
      text: parts.join(' '),
      links: [links.bpHistory(periodDays(u.period)), links.reports],
      data: {
        unit: 'mmHg',
        goal: BP_GOAL_ADA,
        latest: { systolic: latest.systolic, diastolic: latest.diastolic, date: latest.date, time: latest.time },
        average,
        readings: rows.length,
        at_or_above_goal: above,
      },
    };
  }

  /**
   * 'bp avg nov vs oct', 'last week aur is week bp': the average (systolic/diastolic, mmHg) of
   * `u.period` against that of `u.comparedWith`, each with its count of readings, and whether the top
   * number is lower now. Null without a reading in either period.
   */
  async function bpCompared(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    const earlierPeriod = u.comparedWith;
    if (!earlierPeriod) return null;
    const [later, earlier] = await Promise.all(
      [u.period, earlierPeriod].map((p) =>
        health.listBloodPressure(context.userId, { start_date: p.from, end_date: p.to }),
      ),
    );
    if (!later?.length || !earlier?.length) return null;
    const average = (rows: typeof later) => ({
      systolic: roundTo(mean(rows.map((r) => r.systolic))!),
      diastolic: roundTo(mean(rows.map((r) => r.diastolic))!),
    });
    const now = average(later);
    const was = average(earlier);
    const direction = now.systolic === was.systolic ? 'same' : now.systolic < was.systolic ? 'down' : 'up';
    const language = context.language ?? 'en';
    const links = linksFor(language);
    return {
      text: t(language, 'assistant.insight.bp_against', {
        period: periodPhrase(language, u.period),
        now: `${now.systolic}/${now.diastolic}`,
        count: later.length,
        before: `${was.systolic}/${was.diastolic}`,
        before_count: earlier.length,
        before_period: periodPhrase(language, earlierPeriod),
        direction,
      }),
      links: [links.bpHistory(30), links.reports],
      data: { unit: 'mmHg', average: now, previous: was },
    };
  }

  return {
    bpGoal,
    weightThenNow,
    bpCompared,
    /** The insight answer to `u` for the user of `context`, or null when another answer gives it. */
    async answer(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
      if (u.subject === 'glucose') return glucose(u, context);
      if (u.subject === 'bp') return bloodPressure(u, context);
      if (u.subject === 'weight') return weight(u, context);
      return null;
    },
    /** A sentence on whether the last HbA1c went down or up since the one before, or ''. */
    async labDirection(context: ToolContext, test: Parameters<typeof labs.list>[1]['test']): Promise<string> {
      const [last, before] = await labs.list(context.userId, { test, limit: 2 });
      if (!last || !before) return '';
      const direction = last.value < before.value ? 'down' : last.value > before.value ? 'up' : 'same';
      return insightSentences(context.language ?? 'en').labTrend({ direction });
    },
  };
}
export type InsightAnswers = ReturnType<typeof createInsightAnswers>;
