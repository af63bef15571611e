/**
 * The sentences of the answers that answer (answers.ts) in the answer's language, from the
 * catalogs (`assistant.answer.*`): the asked figure with unit, period and date first, then at most
 * two supporting lines; glucose in the user's unit.
 */
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET, type TimeInRange } from '@diacare/contract/clinical';
import { formatGlucose, formatGlucoseRange, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealContext } from '@diacare/contract/health-constants';
import { t, type Language } from '../../i18n/index.ts';
import { dayOf, mealKindWord, periodPhrase, quote, readingWhen, sentenceStart, timeOfDayWord } from './phrases.ts';
import type { Meal, Period, TimeOfDay } from './understanding.ts';

export interface Reading {
  value: number;
  date: string;
  time: string;
  meal_context: MealContext;
}
export interface Bp {
  systolic: number;
  diastolic: number;
  date: string;
  time: string;
}
export interface DoseLine {
  medicine: string;
  date: string;
  time: string;
}
export interface RunOutLine {
  medicine: string;
  pills: number | null;
  lastDate: string | null;
  dosesPerDay: number;
}

/** How many missed doses a sentence lists with their day and time ('…' after). */
const DOSES_LISTED = 6;

/** The answers' sentences in `language`; each takes the answer's figures. */
export function answerSentences(language: Language) {
  const period = (p: Period) => periodPhrase(language, p);
  const day = (date: string) => dayOf(date, language);
  const g = (mgDl: number, unit: GlucoseUnit) => formatGlucose(mgDl, unit);
  /** The meal a question picked ('fasting'), or none: `has_meal` and `meal` for the catalog. */
  const mealOf = (meal: Meal | null) => ({
    has_meal: meal ? 'yes' : 'no',
    meal: meal ? mealKindWord(language, meal) : '',
  });
  /** The time of day and the medicine a dose question named: `has_time`, `time`, `has_medicine`, `medicine`. */
  const doseFilter = (medicine: string | null, timeOfDay: TimeOfDay | null) => ({
    has_time: timeOfDay ? 'yes' : 'no',
    time: timeOfDay ? timeOfDayWord(language, timeOfDay) : '',
    has_medicine: medicine ? 'yes' : 'no',
    medicine: medicine ? quote(medicine) : '',
  });
  /** The first DOSES_LISTED doses with day and time ('…' after), or every one with its medicine when `all` is asked. */
  /**
   * Each dose's day and time, with its medicine when the question named none; cut after
   * DOSES_LISTED unless `all` ('full list', every one with its medicine).
   */
  const doseList = (lines: DoseLine[], all: boolean, medicineNamed: boolean) =>
    (all ? lines : lines.slice(0, DOSES_LISTED))
      .map((l) =>
        medicineNamed && !all
          ? t(language, 'assistant.answer.dose_item', { day: day(l.date), time: l.time })
          : t(language, 'assistant.answer.dose_item_named', {
              medicine: quote(l.medicine),
              day: day(l.date),
              time: l.time,
            }),
      )
      .join(', ') + (!all && lines.length > DOSES_LISTED ? ', …' : '');

  return {
    extreme({
      which,
      reading,
      unit,
      period: p,
      count,
    }: {
      which: 'highest' | 'lowest';
      reading: Reading;
      unit: GlucoseUnit;
      period: Period;
      count: number;
    }): string {
      const text = t(language, 'assistant.answer.extreme', {
        which,
        period: period(p),
        value: g(reading.value, unit),
        when: readingWhen(language, reading.meal_context),
        day: day(reading.date),
        time: reading.time,
        count,
      });
      return reading.value < HYPOGLYCAEMIA.low
        ? `${text} ${t(language, 'assistant.answer.was_low', { low: g(HYPOGLYCAEMIA.low, unit) })}`
        : text;
    },

    average: ({
      unit,
      period: p,
      average,
      count,
      tir,
      meal,
    }: {
      unit: GlucoseUnit;
      period: Period;
      average: number;
      count: number;
      tir: TimeInRange;
      meal: Meal | null;
    }): string =>
      t(language, 'assistant.answer.average', {
        ...mealOf(meal),
        period: period(p),
        average: g(average, unit),
        count,
        range: formatGlucoseRange(TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, unit),
        in_range: tir.inRange,
        below: tir.below,
        above: tir.above,
      }),

    count: ({ period: p, count }: { period: Period; count: number }): string =>
      t(language, 'assistant.answer.count', { count, period: period(p) }),

    lows({
      unit,
      period: p,
      lows,
      veryLows,
      lowest,
      each = [],
    }: {
      unit: GlucoseUnit;
      period: Period;
      lows: number;
      veryLows: number;
      lowest: Reading | null;
      /** Every low in time order: listed when there are at most DOSES_LISTED. */
      each?: Reading[];
    }): string {
      const low = g(HYPOGLYCAEMIA.low, unit);
      const periodStart = sentenceStart(period(p));
      if (lows === 0) return t(language, 'assistant.answer.no_lows', { period_start: periodStart, low });
      const text = t(language, 'assistant.answer.lows', {
        period_start: periodStart,
        lows,
        low,
        very_lows: veryLows,
        very_low: g(HYPOGLYCAEMIA.veryLow, unit),
      });
      // A few lows: each with its day and time ('was it morning or night'); many: the lowest.
      if (each.length > 0 && each.length <= DOSES_LISTED) {
        const list = each
          .map((r) =>
            t(language, 'assistant.answer.low_item', {
              value: g(r.value, unit),
              when: readingWhen(language, r.meal_context),
              day: day(r.date),
              time: r.time,
            }),
          )
          .join('; ');
        return `${text} ${t(language, 'assistant.answer.lows_list', { list })}`;
      }
      if (!lowest) return text;
      const when = readingWhen(language, lowest.meal_context);
      return `${text} ${t(language, 'assistant.answer.lowest', { value: g(lowest.value, unit), when, day: day(lowest.date) })}`;
    },

    trend: ({
      unit,
      period: p,
      average,
      previous,
      meal,
    }: {
      unit: GlucoseUnit;
      period: Period;
      average: number;
      previous: number | null;
      meal: Meal | null;
    }): string =>
      previous === null
        ? t(language, 'assistant.answer.trend_alone', { ...mealOf(meal), period: period(p), average: g(average, unit) })
        : t(language, 'assistant.answer.trend', {
            ...mealOf(meal),
            period: period(p),
            average: g(average, unit),
            direction: average < previous ? 'down' : average > previous ? 'up' : 'same',
            previous: g(previous, unit),
            days: p.days,
          }),

    /** Each reading on one weekday over the period ('your fasting glucose on Tuesdays'), their average and all days'. */
    weekday: ({
      unit,
      period: p,
      weekday,
      meal,
      readings,
      average,
      overall,
    }: {
      unit: GlucoseUnit;
      period: Period;
      /** The weekday's name in `language` ('Tuesday', 'मंगलवार'). */
      weekday: string;
      meal: Meal | null;
      readings: (Reading & { date: string })[];
      average: number;
      overall: number;
    }): string =>
      sentenceStart(
        t(language, 'assistant.answer.weekday', {
          has_meal: meal ? 'yes' : 'no',
          meal: meal ? mealKindWord(language, meal) : '',
          weekday,
          period: period(p),
          list: readings
            .map((r) =>
              t(language, 'assistant.answer.weekday_item', {
                value: g(r.value, unit),
                date: dayOf(r.date, language),
                when: readingWhen(language, r.meal_context),
                low: r.value < HYPOGLYCAEMIA.low ? 'yes' : 'no',
              }),
            )
            .join(', '),
          average: g(average, unit),
          count: readings.length,
          overall: g(overall, unit),
        }),
      ),

    onDay: ({ unit, period: p, readings }: { unit: GlucoseUnit; period: Period; readings: Reading[] }): string =>
      t(language, 'assistant.answer.on_day', {
        period: period(p),
        list: readings
          .map((r) =>
            t(language, 'assistant.answer.on_day_item', {
              value: g(r.value, unit),
              when: readingWhen(language, r.meal_context),
              time: r.time,
              low: r.value < HYPOGLYCAEMIA.low ? 'yes' : 'no',
            }),
          )
          .join(', '),
      }),

    noGlucoseIn: (p: Period): string => t(language, 'assistant.answer.no_glucose', { period: period(p) }),

    noMealGlucoseIn: (p: Period, meal: Meal): string =>
      t(language, 'assistant.answer.no_meal_glucose', { period: period(p), meal: mealKindWord(language, meal) }),

    bpExtreme: ({
      which,
      reading,
      period: p,
      count,
    }: {
      which: 'highest' | 'lowest';
      reading: Bp;
      period: Period;
      count: number;
    }): string =>
      t(language, 'assistant.answer.bp_extreme', {
        which,
        period: period(p),
        systolic: reading.systolic,
        diastolic: reading.diastolic,
        day: day(reading.date),
        time: reading.time,
        count,
      }),

    bpOnDay: ({ period: p, readings }: { period: Period; readings: Bp[] }): string =>
      t(language, 'assistant.answer.bp_on_day', {
        period: period(p),
        list: readings
          .map((r) =>
            t(language, 'assistant.answer.bp_on_day_item', {
              systolic: r.systolic,
              diastolic: r.diastolic,
              time: r.time,
            }),
          )
          .join(', '),
      }),

    bpAverage: ({
      period: p,
      systolic,
      diastolic,
      count,
    }: {
      period: Period;
      systolic: number;
      diastolic: number;
      count: number;
    }): string => t(language, 'assistant.answer.bp_average', { period: period(p), systolic, diastolic, count }),

    noBpIn: (p: Period): string => t(language, 'assistant.answer.no_bp', { period: period(p) }),

    /** The doses missed in the period (of a medicine, at a time of day), with their day and time. */
    missed: ({
      period: p,
      medicine,
      timeOfDay,
      missed,
      counted,
      all = false,
    }: {
      period: Period;
      medicine: string | null;
      timeOfDay: TimeOfDay | null;
      missed: DoseLine[];
      counted: number;
      /** Every missed dose listed, each with its medicine ('full list'). */
      all?: boolean;
    }): string =>
      missed.length === 0
        ? t(language, 'assistant.answer.missed_none', {
            ...doseFilter(medicine, timeOfDay),
            period: period(p),
            counted,
          })
        : t(language, 'assistant.answer.missed', {
            ...doseFilter(medicine, timeOfDay),
            missed: missed.length,
            period: period(p),
            counted,
            list: doseList(missed, all, medicine !== null),
          }),

    /** The doses taken of those due in the period, then the missed ones. */
    taken({
      period: p,
      medicine,
      timeOfDay,
      taken,
      counted,
      missed,
      all = false,
    }: {
      period: Period;
      medicine: string | null;
      timeOfDay: TimeOfDay | null;
      taken: number;
      counted: number;
      missed: DoseLine[];
      /** Every missed dose listed, each with its medicine ('full list'). */
      all?: boolean;
    }): string {
      const filter = doseFilter(medicine, timeOfDay);
      if (counted === 0) return t(language, 'assistant.answer.taken_none', { ...filter, period: period(p) });
      const text = t(language, 'assistant.answer.taken', {
        ...filter,
        period_start: sentenceStart(period(p)),
        taken,
        counted,
      });
      return missed.length
        ? `${text} ${t(language, 'assistant.answer.missed_list', { list: doseList(missed, all, medicine !== null) })}`
        : text;
    },

    /** When each medicine's pills run out, or why that cannot be told. */
    runOut: (lines: RunOutLine[]): string =>
      lines
        .map((l) =>
          l.pills === null
            ? t(language, 'assistant.answer.run_out_no_count', { medicine: quote(l.medicine) })
            : l.lastDate === null
              ? t(language, 'assistant.answer.run_out_none_left', { medicine: quote(l.medicine) })
              : t(language, 'assistant.answer.run_out_until', {
                  medicine: quote(l.medicine),
                  day: day(l.lastDate),
                  pills: l.pills,
                  per_day: l.dosesPerDay,
                }),
        )
        .join(' '),
  };
}
