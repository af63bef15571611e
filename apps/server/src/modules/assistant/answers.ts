/**
 * Answers that answer: the asked figure (highest/lowest with date, a day, lows, missed
 * doses, run-out date) from the user's rows with the contract's rules; null → the summary tools.
 */
import { HYPOGLYCAEMIA, mean, roundTo, timeInRange } from '@diacare/contract/clinical';
import { formatLongWeekday, isoWeekdayOf, localDate, localTime, shiftDate } from '@diacare/contract/dates';
import { INTL_LOCALES } from '@diacare/contract/languages';
import { DEFAULT_GLUCOSE_UNIT, formatGlucose, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { doseStatusesOn, indexByDose } from '@diacare/contract/dose-rules';
import type { GlucoseReading } from '@diacare/contract/health';
import { runOutDate } from '@diacare/contract/refill-rules';
import type { Database } from '../../db/client.ts';
import { createHealthRepository } from '../health/health.repository.ts';
import { createMedicationRepository } from '../medications/medication.repository.ts';
import { t, type Language } from '../../i18n/index.ts';
import { answerSentences, type DoseLine } from './answer-sentences.ts';
import { dayOf, mealKindWord } from './phrases.ts';
import { createMealAnswers } from './meal-answers.ts';
import { createRecordAnswers } from './record-answers.ts';
import { linksFor, type AssistantTools, type PeriodDays, type ToolContext, type ToolResult } from './tools.ts';
import type { Meal, Period, TimeOfDay, Understanding } from './understanding.ts';

/** Reports' and History's periods, for links and the summary tools: 30 days from 14 on (a calendar month so far), else 7. */
export const periodDays = (period: Period): PeriodDays => (period.days >= 14 ? 30 : 7);

/** True when `period` is one the summary tools answer: the last 7 or 30 days, ending on the user's today. */
const isStandard = (period: Period, context: ToolContext) =>
  (period.days === 7 || period.days === 30) && period.to === localDate(context.now, context.zone);

/** Scheduled times ('HH:MM') that count as each time of day. */
export const TIME_OF_DAY: Record<TimeOfDay, (time: string) => boolean> = {
  morning: (t) => t >= '04:00' && t < '12:00',
  afternoon: (t) => t >= '12:00' && t < '16:00',
  evening: (t) => t >= '16:00',
  night: (t) => t >= '19:00' || t < '04:00',
};
const MEAL: Record<Meal, (context: GlucoseReading['meal_context']) => boolean> = {
  fasting: (c) => c === 'Fasting',
  before: (c) => c.startsWith('Before'),
  after: (c) => c.startsWith('After'),
};
const SINGLE_DAY = new Set<Period['kind']>(['today', 'yesterday', 'daysAgo', 'onDate']);

/** Binds the answers to one database; `tools` gives the supporting summary lines. */
export function createAnswers(db: Database, tools: AssistantTools) {
  const health = createHealthRepository(db);
  const medications = createMedicationRepository(db);
  const record = createRecordAnswers(db);
  const meals = createMealAnswers(db);

  async function glucose(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    const single = SINGLE_DAY.has(u.period.kind);
    const standard = !single && isStandard(u.period, context);
    if (u.measure === 'latest' || (u.measure === 'summary' && standard && !u.meal)) return null;
    const a = answerSentences(context.language ?? 'en');
    const unit = context.glucoseUnit ?? DEFAULT_GLUCOSE_UNIT;
    const links = linksFor(context.language);
    const range = { start_date: u.period.from, end_date: u.period.to };
    const readings = (await health.listGlucose(context.userId, range)).filter(
      (r) => !u.meal || u.meals.some((m) => MEAL[m](r.meal_context)),
    );
    const result = (text: string, data: Record<string, unknown>): ToolResult => ({
      text,
      links: [links.glucoseHistory(periodDays(u.period)), links.reports],
      data: { unit, from: u.period.from, to: u.period.to, ...data },
    });
    if (readings.length === 0 && single && u.meal) {
      // 'is today's after-lunch reading logged, or only the morning one': none of that kind, then the day's readings.
      const day = (await health.listGlucose(context.userId, range)).sort((x, y) => x.time.localeCompare(y.time));
      const none = a.noMealGlucoseIn(u.period, u.meal);
      return day.length === 0
        ? result(none, { readings: 0 })
        : result(`${none} ${a.onDay({ unit, period: u.period, readings: day })}`, { readings: day.length });
    }
    if (u.weekday !== undefined && ['summary', 'average', 'onDay', 'trend'].includes(u.measure)) {
      return weekdayAnswer(u, u.weekday, readings, context, result);
    }
    if (readings.length === 0) return result(a.noGlucoseIn(u.period), { readings: 0 });
    const values = readings.map((r) => r.value);
    const byTime = [...readings].sort((x, y) => `${x.date} ${x.time}`.localeCompare(`${y.date} ${y.time}`));
    switch (single && u.measure === 'summary' ? 'onDay' : u.measure) {
      case 'highest':
      case 'lowest': {
        const which = u.measure === 'highest' ? 'highest' : 'lowest';
        const pickBy = (r: GlucoseReading, best: GlucoseReading) =>
          which === 'highest' ? r.value > best.value : r.value < best.value;
        const reading = byTime.reduce((best, r) => (pickBy(r, best) ? r : best));
        return result(a.extreme({ which, reading, unit, period: u.period, count: readings.length }), {
          [which]: reading,
        });
      }
      case 'count':
        return result(a.count({ period: u.period, count: readings.length }), { readings: readings.length });
      case 'lows': {
        const lows = byTime.filter((r) => r.value < HYPOGLYCAEMIA.low);
        const lowest = lows.length ? lows.reduce((best, r) => (r.value < best.value ? r : best)) : null;
        const veryLows = lows.filter((r) => r.value < HYPOGLYCAEMIA.veryLow).length;
        return result(a.lows({ unit, period: u.period, lows: lows.length, veryLows, lowest, each: lows }), {
          lows_under_70: lows.length,
          lows_under_54: veryLows,
        });
      }
      case 'trend': {
        const before = (
          await health.listGlucose(context.userId, {
            start_date: shiftDate(u.period.from, -u.period.days),
            end_date: shiftDate(u.period.from, -1),
          })
        ).filter((r) => !u.meal || MEAL[u.meal](r.meal_context));
        const average = roundTo(mean(values)!);
        const previous = before.length ? roundTo(mean(before.map((r) => r.value))!) : null;
        return result(a.trend({ unit, period: u.period, average, previous, meal: u.meal }), { average, previous });
      }
      case 'onDay':
        return result(a.onDay({ unit, period: u.period, readings: byTime }), { readings: byTime.length });
      default: {
        if (u.meals.length > 1) {
          // 'fasting vs after lunch': each named meal's average, side by side.
          const lines = u.meals.flatMap((m) => {
            const own = readings.filter((r) => MEAL[m](r.meal_context)).map((r) => r.value);
            if (own.length === 0) return [];
            const average = roundTo(mean(own)!);
            const tir = timeInRange(own)!;
            return [{ meal: m, average, count: own.length, tir }];
          });
          const text = lines
            .map((l) =>
              a.average({
                unit,
                period: u.period,
                average: l.average,
                count: l.count,
                tir: l.tir,
                meal: l.meal,
              }),
            )
            .join(' ');
          return result(lines.length === 2 ? `${text} ${compareMeals(lines, unit, context.language)}` : text, {
            averages: lines.map((l) => ({ meal: l.meal, average: l.average, readings: l.count })),
          });
        }
        const average = roundTo(mean(values)!);
        const tir = timeInRange(values)!;
        return result(a.average({ unit, period: u.period, average, count: readings.length, tir, meal: u.meal }), {
          average,
          readings: readings.length,
          time_in_range: tir,
        });
      }
    }
  }

  /**
   * 'my tuesday fasting numbers always look high': each reading of `readings` (already of the meal asked) on
   * `weekday` (0 = Sunday) over the period, their average, and the average of all days for comparison.
   */
  function weekdayAnswer(
    u: Understanding,
    weekday: number,
    readings: GlucoseReading[],
    context: ToolContext,
    result: (text: string, data: Record<string, unknown>) => ToolResult,
  ): ToolResult {
    const a = answerSentences(context.language ?? 'en');
    const own = readings
      .filter((r) => isoWeekdayOf(r.date) % 7 === weekday)
      .sort((x, y) => `${x.date} ${x.time}`.localeCompare(`${y.date} ${y.time}`));
    if (own.length === 0) return result(a.noGlucoseIn(u.period), { readings: 0 });
    const average = roundTo(mean(own.map((r) => r.value))!);
    const overall = roundTo(mean(readings.map((r) => r.value))!);
    const weekdayName = formatLongWeekday(own[0]!.date, INTL_LOCALES[context.language ?? 'en']);
    const unit = context.glucoseUnit ?? DEFAULT_GLUCOSE_UNIT;
    const text = a.weekday({
      unit,
      period: u.period,
      weekday: weekdayName,
      meal: u.meal,
      readings: own,
      average,
      overall,
    });
    return result(text, { weekday, readings: own.length, average, overall });
  }

  async function bloodPressure(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    const single = SINGLE_DAY.has(u.period.kind);
    const wanted = u.measure === 'highest' || u.measure === 'lowest' || single;
    const standard = isStandard(u.period, context);
    if (!wanted && (standard || u.measure === 'latest')) return null;
    const a = answerSentences(context.language ?? 'en');
    const links = linksFor(context.language);
    const readings = await health.listBloodPressure(context.userId, {
      start_date: u.period.from,
      end_date: u.period.to,
    });
    const result = (text: string): ToolResult => ({
      text,
      links: [links.bpHistory(periodDays(u.period)), links.reports],
      data: { unit: 'mmHg', from: u.period.from, to: u.period.to, readings: readings.length },
    });
    if (readings.length === 0) return result(a.noBpIn(u.period));
    if (u.measure === 'highest' || u.measure === 'lowest') {
      const which = u.measure;
      const sign = which === 'highest' ? 1 : -1;
      const reading = readings.reduce((best, r) => (sign * (r.systolic - best.systolic) > 0 ? r : best));
      const extreme = a.bpExtreme({ which, reading, period: u.period, count: readings.length });
      if (readings.length < 2) return result(extreme);
      // 'how was my bp this month, how high did it go': the highest, and the period's average beside it.
      const systolic = roundTo(mean(readings.map((r) => r.systolic))!);
      const diastolic = roundTo(mean(readings.map((r) => r.diastolic))!);
      return result(`${extreme} ${a.bpAverage({ period: u.period, systolic, diastolic, count: readings.length })}`);
    }
    if (single) {
      const sorted = [...readings].sort((x, y) => x.time.localeCompare(y.time));
      return result(a.bpOnDay({ period: u.period, readings: sorted }));
    }
    const systolic = roundTo(mean(readings.map((r) => r.systolic))!);
    const diastolic = roundTo(mean(readings.map((r) => r.diastolic))!);
    return result(a.bpAverage({ period: u.period, systolic, diastolic, count: readings.length }));
  }

  async function doses(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
    const todayOnly = u.period.kind === 'today';
    const specific = u.medicine !== null || u.timeOfDay !== null;
    if (todayOnly && !specific) return null; // today's doses: tools.todaysDoses
    if (
      u.measure !== 'missed' &&
      u.measure !== 'taken' &&
      !(specific && u.periodNamed) &&
      !SINGLE_DAY.has(u.period.kind)
    ) {
      return null; // adherence over 7 or 30 days: tools.adherence
    }
    const today = localDate(context.now, context.zone);
    const nowTime = localTime(context.now, context.zone);
    const meds = (await medications.list(context.userId)).filter((m) => !u.medicine || m.name === u.medicine);
    const names = new Map(meds.map((m) => [m.id, m.name]));
    const records = (
      await medications.listAdherence(context.userId, { start_date: u.period.from, end_date: u.period.to })
    ).filter((r) => names.has(r.medication_id));
    const recorded = indexByDose(records);
    const missed: DoseLine[] = [];
    let taken = 0;
    /** Missed doses with a 'missed' record (the rest were never recorded). */
    let marked = 0;
    for (let date = u.period.from; date <= u.period.to && date <= today; date = shiftDate(date, 1)) {
      for (const [key, status] of doseStatusesOn(meds, recorded, date, today, nowTime, context.zone)) {
        const [id, , time] = key.split('|') as [string, string, string];
        if (status === 'pending' || (u.timeOfDay && !TIME_OF_DAY[u.timeOfDay](time))) continue;
        if (status === 'taken') taken += 1;
        else {
          missed.push({ medicine: names.get(id) ?? '', date, time });
          if (recorded.get(key)?.status === 'missed') marked += 1;
        }
      }
    }
    const a = answerSentences(context.language ?? 'en');
    const counted = taken + missed.length;
    const facts = { period: u.period, medicine: u.medicine, timeOfDay: u.timeOfDay, missed, counted, all: u.listAll };
    let text = u.measure === 'missed' ? a.missed(facts) : a.taken({ ...facts, taken });
    // 'taken / missed / not logged': how many missed doses were marked missed and how many never recorded.
    if (u.measure === 'missed' && missed.length > marked) {
      text += ` ${t(context.language ?? 'en', 'assistant.answer.missed_split', { marked, unrecorded: missed.length - marked })}`;
    }
    // 'how many days did I miss a dose': the days with at least one missed dose, each named.
    if (u.measure === 'missed' && u.byDay && missed.length > 0) {
      const days = [...new Set(missed.map((d) => d.date))];
      const language = context.language ?? 'en';
      text += ` ${t(language, 'assistant.answer.missed_days', { days: days.length, list: days.map((d) => dayOf(d, language)).join(', ') })}`;
    }
    // One supporting line: the adherence Reports shows over the same 7 or 30 days.
    if (!SINGLE_DAY.has(u.period.kind) && isStandard(u.period, context)) {
      text += `\n\n${(await tools.adherence(context, u.period.days as PeriodDays)).text}`;
    }
    const links = linksFor(context.language);
    return {
      text,
      links: [links.reports, links.medications],
      data: { from: u.period.from, to: u.period.to, taken, missed: missed.length, counted },
    };
  }

  async function runOut(u: Understanding, context: ToolContext): Promise<ToolResult> {
    const today = localDate(context.now, context.zone);
    const nowTime = localTime(context.now, context.zone);
    const meds = (await medications.list(context.userId))
      .filter((m) => m.schedule.frequency !== 'as-needed')
      .filter((m) => !u.medicine || m.name === u.medicine);
    const lines = meds.map((m) => {
      if (!m.refill_reminder.enabled) return { medicine: m.name, pills: null, lastDate: null, dosesPerDay: 0 };
      const pills = m.refill_reminder.pills_remaining;
      const out = runOutDate(m, pills, today, nowTime);
      return { medicine: m.name, pills, lastDate: out?.lastDate ?? null, dosesPerDay: out?.dosesPerDay ?? 0 };
    });
    const links = linksFor(context.language);
    const refills = await tools.refills(context);
    if (lines.length === 0) return refills;
    // One supporting line: pills left and refills due (Medications' figures).
    const text = `${answerSentences(context.language ?? 'en').runOut(lines)}\n\n${refills.text}`;
    return { text, links: [links.medications], data: { medicines: lines } };
  }

  return {
    /** A named food's latest meal and its rise ('poha ke baad kitna badha'), or null (meal-answers.ts). */
    mealByFood: meals.byFood,
    /** The answer to `u` for the user of `context`, or null when the summary tools answer it. */
    async answer(u: Understanding, context: ToolContext): Promise<ToolResult | null> {
      if (!u.aboutMe || !u.subject) return null;
      if (u.measure === 'runOut' || u.subject === 'refill') {
        return u.measure === 'runOut' ? runOut(u, context) : null;
      }
      if (u.subject === 'meals') return meals.answer(u, context);
      if (u.subject === 'labs') return record.labs(u, context);
      if (u.subject === 'insulin') return record.insulin(u, context);
      if (u.subject === 'glucose') return glucose(u, context);
      if (u.subject === 'bp') return bloodPressure(u, context);
      if (u.subject === 'doses') return doses(u, context);
      return null;
    },
  };
}
export type Answers = ReturnType<typeof createAnswers>;

/** Which of two meals' averages is higher ('fasting vs after lunch, which is higher'), in `language`. */
function compareMeals(
  [first, second]: readonly { meal: Meal; average: number }[],
  unit: GlucoseUnit,
  language: Language = 'en',
): string {
  const name = (meal: Meal) => mealKindWord(language, meal);
  if (first!.average === second!.average) {
    return t(language, 'assistant.glucose.meal_same', {
      first: name(first!.meal),
      second: name(second!.meal),
      value: formatGlucose(first!.average, unit),
    });
  }
  const [high, low] = first!.average > second!.average ? [first!, second!] : [second!, first!];
  return t(language, 'assistant.glucose.meal_higher', {
    higher: name(high.meal),
    lower: name(low.meal),
    high: formatGlucose(high.average, unit),
    low: formatGlucose(low.average, unit),
  });
}
