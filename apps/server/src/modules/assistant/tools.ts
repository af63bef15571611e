/**
 * The assistant's data tools, shared by both engines: each reads the user's own rows and computes
 * every figure with the contract's rules in the user's zone, as the screens do, so the assistant
 * never shows a figure a screen would not. Each returns { text, links, data }.
 */
import type { AssistantLink } from '@diacare/contract/assistant';
import { upcomingAppointments } from '@diacare/contract/appointment-rules';
import { HYPOGLYCAEMIA, bmiStatus, mean, roundTo, timeInRange, weightChange } from '@diacare/contract/clinical';
import { datesEndingOn, localDate, localTime, shiftDate, zonedInstant } from '@diacare/contract/dates';
import { DEFAULT_GLUCOSE_UNIT, glucoseInUnit, type GlucoseUnit } from '@diacare/contract/glucose-units';
import {
  sumAdherence,
  dailyAdherence,
  doseKey,
  doseStatus,
  dosesOn,
  indexByDose,
  type DoseStatus,
} from '@diacare/contract/dose-rules';
import type { Medication } from '@diacare/contract/medications';
import type { Database } from '../../db/client.ts';
import { createAppointmentRepository } from '../appointments/appointment.repository.ts';
import { createHealthRepository } from '../health/health.repository.ts';
import { createMedicationRepository } from '../medications/medication.repository.ts';
import type { Language } from '../../i18n/index.ts';
import { link, quote } from './phrases.ts';
import { summarySentences, type PeriodDays } from './summary-sentences.ts';

/** The periods the tools summarise: Reports' 7 days and History's 30 (both include today). */
export type { PeriodDays };

export interface ToolResult {
  /** One or two sentences for the user, naming the period and the units. */
  text: string;
  links: AssistantLink[];
  /** The figures behind the text (a model receives these as the tool's result). */
  data: Record<string, unknown>;
}

/** Who is asking and when: the user's id, IANA zone and "now", their glucose unit and the answer's language (default English). */
export interface ToolContext {
  userId: string;
  zone: string;
  now: Date;
  /** The unit glucose figures are told in; mg/dL when absent. */
  glucoseUnit?: GlucoseUnit;
  language?: Language;
}

/** The screens that show a tool's figures, labelled in `language` (English when none is given). */
export function linksFor(language: Language = 'en') {
  const history = (kind: string, days: PeriodDays) =>
    days === 30 ? `/reports/history/${kind}?days=30` : `/reports/history/${kind}`;
  return {
    reports: link(language, 'reports', '/reports'),
    medications: link(language, 'medications', '/medications'),
    home: link(language, 'home', '/home'),
    booking: link(language, 'booking', '/booking'),
    glucoseHistory: (days: PeriodDays) => link(language, 'glucose_history', history('glucose', days)),
    bpHistory: (days: PeriodDays) => link(language, 'bp_history', history('bp', days)),
    weightHistory: (days: PeriodDays) => link(language, 'weight_history', history('weight', days)),
  };
}
/** English links (the labels as first shipped; do not reword). */
export const LINKS = linksFor('en');

/** Home's statuses in the assistant's words: an overdue dose is 'missed' until it is marked. */
const STATUS_WORDS: Record<DoseStatus, 'taken' | 'missed' | 'due'> = {
  taken: 'taken',
  overdue: 'missed',
  pending: 'due',
};

/** "Metformin 500 mg": a medicine as the user named it. Quoted so that it reads as data. */
export const medicineLabel = (medication: Pick<Medication, 'name'>) => quote(medication.name);

/**
 * Binds the tools to one database. Each tool takes a ToolContext and resolves to a
 * ToolResult; none writes anything.
 */
export function createAssistantTools(db: Database) {
  const medications = createMedicationRepository(db);
  const health = createHealthRepository(db);
  const appointments = createAppointmentRepository(db);

  /** Today's date and 'HH:MM' in the user's zone. */
  const clock = (context: ToolContext) => ({
    today: localDate(context.now, context.zone),
    nowTime: localTime(context.now, context.zone),
  });
  /** The sentences and links of the answer's language. */
  const say = (context: ToolContext) => ({
    t: summarySentences(context.language ?? 'en'),
    links: linksFor(context.language),
  });

  return {
    /** Today's doses: taken, due later, missed (overdue) and the next one. */
    async todaysDoses(context: ToolContext): Promise<ToolResult> {
      const { today, nowTime } = clock(context);
      const meds = await medications.list(context.userId);
      const records = indexByDose(
        await medications.listAdherence(context.userId, { start_date: today, end_date: today }),
      );
      const doses = dosesOn(meds, today, context.zone).map(({ medication, scheduled_time }) => {
        // Home's rule: overdue once its time has passed without 'taken'.
        const status = doseStatus(records.get(doseKey(medication.id, today, scheduled_time)), scheduled_time, nowTime);
        return { medicine: medication.name, time: scheduled_time, status: STATUS_WORDS[status] };
      });
      const taken = doses.filter((d) => d.status === 'taken');
      const missed = doses.filter((d) => d.status === 'missed');
      const due = doses.filter((d) => d.status === 'due');
      const next = due[0] ?? null;
      const { t, links } = say(context);
      return {
        text: t.todaysDoses({ today, total: doses.length, taken, missed, due, next }),
        links: [links.home, links.medications],
        data: { date: today, time_now: nowTime, total: doses.length, taken, missed, due, next },
      };
    },

    /**
     * Adherence for the last 7 or 30 days including today, overall and per medicine: the
     * total taken ÷ counted doses over the days of `dailyAdherence` (Reports' figure). With
     * `since` (a date, YYYY-MM-DD, and its words: 'since 1 Nov', 'in the last 14 days'), over
     * the days from that date to `since.to` or today instead ('this month' is since the 1st, decision 082;
     * 'last week' Monday to Sunday, decision 111).
     */
    async adherence(
      context: ToolContext,
      days: PeriodDays,
      since?: { from: string; to?: string; words: string },
    ): Promise<ToolResult> {
      const { today, nowTime } = clock(context);
      const last = since?.to && since.to < today ? since.to : today;
      const dates = since ? datesEndingOn(last, daysFrom(since.from, last)) : datesEndingOn(today, days);
      const meds = await medications.list(context.userId);
      const records = await medications.listAdherence(context.userId, {
        start_date: dates[0],
        end_date: last,
      });
      const overall = sumPercent(dailyAdherence(meds, records, dates, today, nowTime, context.zone));
      const perMedicine = meds
        .filter((medication) => medication.schedule.frequency !== 'as-needed')
        .map((medication) => ({
          medicine: medication.name,
          ...sumPercent(
            dailyAdherence(
              [medication],
              records.filter((record) => record.medication_id === medication.id),
              dates,
              today,
              nowTime,
              context.zone,
            ),
          ),
        }));
      const { t, links } = say(context);
      return {
        text: t.adherence({ days, overall, perMedicine, period: since?.words }),
        links: [links.reports, links.medications],
        data: { period_days: days, from: dates[0], to: last, overall, per_medicine: perMedicine },
      };
    },

    /**
     * Glucose in the user's unit (decision 025; thresholds stay in mg/dL): latest reading,
     * average of the period (History's figure: the mean shown in the unit), time in range
     * 70–180 mg/dL (Battelino 2019), and lows < 70 / < 54 mg/dL in the last 7 days.
     */
    async glucose(context: ToolContext, days: PeriodDays): Promise<ToolResult> {
      const { today } = clock(context);
      const from = shiftDate(today, -(days - 1));
      const [latest] = await health.listGlucose(context.userId, { limit: 1 });
      const readings = await health.listGlucose(context.userId, { start_date: from });
      const week =
        days === 7 ? readings : await health.listGlucose(context.userId, { start_date: shiftDate(today, -6) });
      const values = readings.map((r) => r.value);
      const average = mean(values);
      const tir = timeInRange(values);
      const lows = week.filter((r) => r.value < HYPOGLYCAEMIA.low).length;
      const veryLows = week.filter((r) => r.value < HYPOGLYCAEMIA.veryLow).length;
      const unit = context.glucoseUnit ?? DEFAULT_GLUCOSE_UNIT;
      const { t, links } = say(context);
      if (!latest) {
        return { text: t.noGlucose(), links: [links.reports], data: { period_days: days, readings: 0 } };
      }
      const text = t.glucose({
        unit,
        days,
        latest,
        period:
          average === null || !tir
            ? null
            : { average, readings: readings.length, inRange: tir.inRange, below: tir.below, above: tir.above },
        lows,
        veryLows,
      });
      return {
        text,
        links: [links.glucoseHistory(days), links.reports],
        data: {
          unit,
          period_days: days,
          latest: {
            value: glucoseInUnit(latest.value, unit),
            date: latest.date,
            time: latest.time,
            meal_context: latest.meal_context,
          },
          average: average === null ? null : glucoseInUnit(average, unit),
          readings: readings.length,
          time_in_range: tir,
          lows_under_70_last_7_days: lows,
          lows_under_54_last_7_days: veryLows,
        },
      };
    },

    /** The latest glucose reading alone, in the user's unit (an old report's value is set against it). */
    async latestGlucose(context: ToolContext): Promise<ToolResult> {
      const [latest] = await health.listGlucose(context.userId, { limit: 1 });
      const unit = context.glucoseUnit ?? DEFAULT_GLUCOSE_UNIT;
      const { t, links } = say(context);
      if (!latest) return { text: t.noGlucose(), links: [links.reports], data: { readings: 0 } };
      return {
        text: t.latestGlucose(unit, latest),
        links: [links.glucoseHistory(7), links.reports],
        data: { unit, latest: { value: glucoseInUnit(latest.value, unit), date: latest.date, time: latest.time } },
      };
    },

    /** Blood pressure (mmHg): latest reading and the period's average (History's rounding). */
    async bloodPressure(context: ToolContext, days: PeriodDays): Promise<ToolResult> {
      const { today } = clock(context);
      const [latest] = await health.listBloodPressure(context.userId, { limit: 1 });
      const readings = await health.listBloodPressure(context.userId, { start_date: shiftDate(today, -(days - 1)) });
      const systolic = mean(readings.map((r) => r.systolic));
      const diastolic = mean(readings.map((r) => r.diastolic));
      const { t, links } = say(context);
      if (!latest) {
        return { text: t.noBloodPressure(), links: [links.reports], data: { period_days: days, readings: 0 } };
      }
      const average =
        systolic === null || diastolic === null ? null : { systolic: roundTo(systolic), diastolic: roundTo(diastolic) };
      return {
        text: t.bloodPressure({
          days,
          latest: { ...latest, pulse: latest.pulse ?? null },
          average,
          readings: readings.length,
        }),
        links: [links.bpHistory(days), links.reports],
        data: {
          unit: 'mmHg',
          period_days: days,
          latest: {
            systolic: latest.systolic,
            diastolic: latest.diastolic,
            pulse: latest.pulse ?? null,
            date: latest.date,
            time: latest.time,
          },
          average,
          readings: readings.length,
        },
      };
    },

    /** Weight (kg) and BMI (kg/m²): the latest, and the change since the previous entry. */
    async weight(context: ToolContext, days: PeriodDays): Promise<ToolResult> {
      const { today } = clock(context);
      const lastTwo = await health.listBodyMetrics(context.userId, { limit: 2 });
      const inPeriod = await health.listBodyMetrics(context.userId, { start_date: shiftDate(today, -(days - 1)) });
      const latest = lastTwo[0];
      const { t, links } = say(context);
      if (!latest) {
        return { text: t.noWeight(), links: [links.reports], data: { period_days: days, readings: 0 } };
      }
      const change = weightChange(lastTwo.map((r) => r.weight));
      const periodChange =
        inPeriod.length >= 2 ? roundTo(inPeriod[0]!.weight - inPeriod[inPeriod.length - 1]!.weight, 1) : null;
      const text = t.weight({
        days,
        latest,
        previous: lastTwo.length > 1 ? { date: lastTwo[1]!.date, change } : null,
        periodChange,
      });
      return {
        text,
        links: [links.weightHistory(days), links.reports],
        data: {
          unit: 'kg',
          period_days: days,
          latest: { weight: latest.weight, bmi: latest.bmi, date: latest.date, bmi_status: bmiStatus(latest.bmi) },
          change_since_previous: lastTwo.length > 1 ? change : null,
          change_over_period: periodChange,
        },
      };
    },

    /** Pills left per medicine with refill tracking, and which are at or under their threshold. */
    async refills(context: ToolContext): Promise<ToolResult> {
      const meds = (await medications.list(context.userId)).filter((m) => m.refill_reminder.enabled);
      const items = meds.map((m) => ({
        medicine: m.name,
        pills_left: m.refill_reminder.pills_remaining,
        threshold: m.refill_reminder.threshold,
        refill_due: m.refill_reminder.pills_remaining <= m.refill_reminder.threshold,
      }));
      const { t, links } = say(context);
      return { text: t.refills(items), links: [links.medications], data: { medicines: items } };
    },

    /** The next upcoming appointment (status 'upcoming', time not passed: appointment-rules). */
    async nextAppointment(context: ToolContext, type?: 'doctor' | 'lab'): Promise<ToolResult> {
      const upcoming = upcomingAppointments(await appointments.list(context.userId), context.now);
      // A kind asked ('hba1c test kab hai'): the next of that kind, and how many days away it is.
      const next = type ? (upcoming.find((a) => a.type === type) ?? upcoming[0]) : upcoming[0];
      const { t, links } = say(context);
      if (!next) return { text: t.noAppointment(), links: [links.booking], data: { next: null } };
      const inDays = daysFrom(clock(context).today, next.date) - 1;
      return {
        text: type ? `${t.appointment(next)} ${t.appointmentInDays(inDays)}` : t.appointment(next),
        links: [links.booking],
        data: {
          next: {
            title: next.title,
            type: next.type,
            doctor: next.doctor,
            location: next.location,
            date: next.date,
            time: next.time,
          },
        },
      };
    },

    /**
     * The user's glucose readings under 70 mg/dL in the two hours before now (guard rails:
     * a recent low puts the hypoglycaemia steps first). Readings in the future are ignored.
     */
    async recentLows(context: ToolContext): Promise<{ value: number; date: string; time: string }[]> {
      const { today } = clock(context);
      const readings = await health.listGlucose(context.userId, { start_date: shiftDate(today, -1) });
      const since = context.now.getTime() - 2 * 60 * 60 * 1000;
      return readings
        .filter((r) => r.value < HYPOGLYCAEMIA.low)
        .filter((r) => {
          const at = zonedInstant(r.date, r.time, context.zone).getTime();
          return at >= since && at <= context.now.getTime();
        })
        .map((r) => ({ value: r.value, date: r.date, time: r.time }));
    },

    /** The user's active medicines taken on a schedule, with their times ('HH:MM', as saved in Medications). */
    async medicineSchedules(context: ToolContext): Promise<{ name: string; times: string[] }[]> {
      return (await medications.list(context.userId))
        .filter((m) => m.schedule.frequency !== 'as-needed')
        .map((m) => ({ name: m.name, times: [...m.schedule.times].sort() }));
    },

    /** The user's active medicines with the strength as saved ('500 mg'; '' when none was entered). */
    async medicineStrengths(context: ToolContext): Promise<{ name: string; dosage: string }[]> {
      return (await medications.list(context.userId)).map((m) => ({ name: m.name, dosage: m.dosage }));
    },

    /** The user's active medicine names (dose-change refusals mention what they take). */
    async medicineNames(context: ToolContext): Promise<string[]> {
      return (await medications.list(context.userId)).map((m) => m.name);
    },
  };
}
export type AssistantTools = ReturnType<typeof createAssistantTools>;

/** Days from `from` to `to` (YYYY-MM-DD), both included. */
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Sums days of `dailyAdherence`: taken, counted and their whole percentage (Reports' overall figure). */
function sumPercent(days: readonly { taken: number; total: number }[]) {
  return sumAdherence(days);
}
