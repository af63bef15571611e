/**
 * The sentences of the data tools' summaries (tools.ts) in the answer's language, from the
 * catalogs (`assistant.doses.*`, `adherence.*`, `glucose.*`, `bp.*`, `weight.*`, `refills.*`,
 * `appointment.*`). Figures arrive computed by the tools with the contract's rules, never here;
 * glucose in the user's unit, dates ISO (written here with their year in the answer's language,
 * phrases.ts `dateOf`) and times 24-hour as stored.
 */
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { formatGlucose, formatGlucoseRange, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealContext } from '@diacare/contract/health-constants';
import { t, type Language } from '../../i18n/index.ts';
import { dateOf, dayOf, quote, readingContext, signedKg } from './phrases.ts';

/** The periods the summaries cover: Reports' 7 days and History's 30 (both include today). */
export type PeriodDays = 7 | 30;

export interface Dose {
  medicine: string;
  time: string;
}
export interface Share {
  taken: number;
  total: number;
  percent: number | null;
}

/** The summaries' sentences in `language`; each takes the tool's figures. */
export function summarySentences(language: Language) {
  const doseList = (items: Dose[]) =>
    items.map((d) => t(language, 'assistant.doses.item', { medicine: quote(d.medicine), time: d.time })).join(', ');
  /** The latest glucose reading (mg/dL as stored) told in `unit`, with its meal context, date and time. */
  const latestGlucose = (
    unit: GlucoseUnit,
    latest: { value: number; meal_context: MealContext; date: string; time: string },
  ) =>
    t(language, 'assistant.glucose.latest', {
      value: formatGlucose(latest.value, unit),
      context: readingContext(language, latest.meal_context),
      date: dateOf(latest.date, language),
      time: latest.time,
    });
  return {
    /** Today's doses: how many, taken and missed with their times, still due, the next one. */
    todaysDoses({
      today,
      total,
      taken,
      missed,
      due,
      next,
    }: {
      today: string;
      total: number;
      taken: Dose[];
      missed: Dose[];
      due: Dose[];
      next: Dose | null;
    }): string {
      if (total === 0) return t(language, 'assistant.doses.today_none', { today: dayOf(today, language) });
      const parts = [
        t(language, 'assistant.doses.today_total', { today: dayOf(today, language), total }),
        t(language, 'assistant.doses.today_taken', { count: taken.length, list: doseList(taken) }),
        t(language, 'assistant.doses.today_missed', { count: missed.length, list: doseList(missed) }),
      ];
      if (due.length) parts.push(t(language, 'assistant.doses.today_due', { count: due.length }));
      parts.push(
        next
          ? t(language, 'assistant.doses.today_next', { medicine: quote(next.medicine), time: next.time })
          : t(language, 'assistant.doses.today_nothing_next'),
      );
      return parts.join(' ');
    },

    /** Adherence over `days`, overall and, with more than one medicine, per medicine. */
    /**
     * Adherence over the last `days`, or over a named `period` when given (its words: 'this
     * month', 'since 1 Nov'); medicines with no counted dose are left out of a named period.
     */
    adherence({
      days,
      overall,
      perMedicine,
      period,
    }: {
      days: PeriodDays;
      overall: Share;
      perMedicine: (Share & { medicine: string })[];
      period?: string;
    }): string {
      if (overall.total === 0) {
        return period === undefined
          ? t(language, 'assistant.adherence.none', { days })
          : t(language, 'assistant.adherence.none_period', { period });
      }
      const lines = perMedicine
        .filter((m) => period === undefined || m.percent !== null)
        .map((m) =>
          t(language, 'assistant.adherence.medicine', {
            medicine: quote(m.medicine),
            counted: m.percent === null ? 'no' : 'yes',
            percent: m.percent ?? '',
            taken: m.taken,
            total: m.total,
          }),
        );
      const figures = { percent: String(overall.percent), taken: overall.taken, total: overall.total };
      const text =
        period === undefined
          ? t(language, 'assistant.adherence.overall', { days, ...figures })
          : t(language, 'assistant.adherence.period', { period, ...figures });
      return lines.length > 1
        ? `${text} ${t(language, 'assistant.adherence.by_medicine', { list: lines.join('; ') })}`
        : text;
    },

    noGlucose: () => t(language, 'assistant.glucose.none'),

    latestGlucose,

    /** Glucose figures (latest value, average: mg/dL as stored) told in `unit`; lows of the last 7 days. */
    glucose({
      unit,
      days,
      latest,
      period,
      lows,
      veryLows,
    }: {
      unit: GlucoseUnit;
      days: PeriodDays;
      latest: { value: number; meal_context: MealContext; date: string; time: string };
      period: { average: number; readings: number; inRange: number; below: number; above: number } | null;
      lows: number;
      veryLows: number;
    }): string {
      const g = (mgDl: number) => formatGlucose(mgDl, unit);
      const parts = [
        latestGlucose(unit, latest),
        period
          ? t(language, 'assistant.glucose.period', {
              days,
              average: g(period.average),
              readings: period.readings,
              range: formatGlucoseRange(TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, unit),
              in_range: period.inRange,
              below: period.below,
              above: period.above,
            })
          : t(language, 'assistant.glucose.period_none', { days }),
        lows === 0
          ? t(language, 'assistant.glucose.no_lows', { low: g(HYPOGLYCAEMIA.low) })
          : t(language, 'assistant.glucose.lows', {
              lows,
              low: g(HYPOGLYCAEMIA.low),
              very_lows: veryLows,
              very_low: g(HYPOGLYCAEMIA.veryLow),
            }),
      ];
      return parts.join(' ');
    },

    noBloodPressure: () => t(language, 'assistant.bp.none'),

    /** The latest blood pressure (mmHg, with the pulse when logged) and the period's average. */
    bloodPressure({
      days,
      latest,
      average,
      readings,
    }: {
      days: PeriodDays;
      latest: { systolic: number; diastolic: number; pulse: number | null; date: string; time: string };
      average: { systolic: number; diastolic: number } | null;
      readings: number;
    }): string {
      const text = t(language, 'assistant.bp.latest', {
        systolic: latest.systolic,
        diastolic: latest.diastolic,
        has_pulse: latest.pulse === null ? 'no' : 'yes',
        pulse: latest.pulse ?? '',
        date: dateOf(latest.date, language),
        time: latest.time,
      });
      const after = average
        ? t(language, 'assistant.bp.average', { days, ...average, readings })
        : t(language, 'assistant.bp.period_none', { days });
      return `${text} ${after}`;
    },

    noWeight: () => t(language, 'assistant.weight.none'),

    /** The latest weight (kg) and BMI (kg/m²), the change since the entry before and over the period. */
    weight({
      days,
      latest,
      previous,
      periodChange,
    }: {
      days: PeriodDays;
      latest: { weight: number; bmi: number; date: string };
      previous: { date: string; change: number } | null;
      periodChange: number | null;
    }): string {
      const parts = [
        t(language, 'assistant.weight.latest', {
          weight: latest.weight.toFixed(1),
          date: dateOf(latest.date, language),
          bmi: latest.bmi.toFixed(1),
        }),
      ];
      if (previous) {
        parts.push(
          t(language, 'assistant.weight.previous', {
            date: dateOf(previous.date, language),
            change: signedKg(previous.change),
          }),
        );
      }
      if (periodChange !== null) {
        parts.push(t(language, 'assistant.weight.period', { days, change: signedKg(periodChange) }));
      }
      return parts.join(' ');
    },

    /** Pills left per tracked medicine and which are at or under their refill threshold. */
    refills(items: { medicine: string; pills_left: number; refill_due: boolean }[]): string {
      if (items.length === 0) return t(language, 'assistant.refills.none');
      const due = items.filter((i) => i.refill_due);
      const left = t(language, 'assistant.refills.left', {
        list: items.map((i) => `${quote(i.medicine)} ${i.pills_left}`).join(', '),
      });
      const refill = due.length
        ? t(language, 'assistant.refills.due', { list: due.map((i) => quote(i.medicine)).join(', ') })
        : t(language, 'assistant.refills.not_due');
      return `${left} ${refill}`;
    },

    noAppointment: () => t(language, 'assistant.appointment.none'),

    /** How many days from today an appointment is (0: today). */
    appointmentInDays: (days: number) => t(language, 'assistant.appointment.in_days', { days }),

    /** The next appointment: title, the doctor for a doctor visit, date, time, kind and place. */
    appointment({
      title,
      doctor,
      type,
      date,
      time,
      location,
    }: {
      title: string;
      doctor: string | null;
      type: 'doctor' | 'lab';
      date: string;
      time: string;
      location: string;
    }): string {
      return t(language, 'assistant.appointment.next', {
        title: quote(title),
        with_doctor: type === 'doctor' && doctor ? 'yes' : 'no',
        doctor: doctor ?? '',
        date: dateOf(date, language),
        time,
        type,
        location: quote(location),
      });
    },
  };
}
