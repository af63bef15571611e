/**
 * The assistant's data tools (issue 11, item 3), shared by both engines. Each reads the
 * user's own rows through the existing repositories and computes every figure with the
 * contract's rules (`clinical.ts`, `dose-rules.ts`, `appointment-rules.ts`) in the user's
 * IANA zone at the injected clock's "now" — the same functions Reports, History, Home and
 * Medications use, so the assistant never shows a figure those screens would not.
 *
 * Every tool returns { text, links, data }: a sentence naming the period and units, the
 * screen that shows the figure, and the plain figures (what a model sees as the tool result).
 */
import type { AssistantLink } from '@diacare/contract/assistant';
import { upcomingAppointments } from '@diacare/contract/appointment-rules';
import {
  HYPOGLYCAEMIA,
  TIME_IN_RANGE_TARGET,
  bmiStatus,
  mean,
  roundTo,
  timeInRange,
  weightChange,
} from '@diacare/contract/clinical';
import { datesEndingOn, localDate, localTime, shiftDate, zonedInstant } from '@diacare/contract/dates';
import {
  adherencePercent,
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

/** The periods the tools summarise: Reports' 7 days and History's 30 (both include today). */
export type PeriodDays = 7 | 30;

export interface ToolResult {
  /** One or two sentences for the user, naming the period and the units. */
  text: string;
  links: AssistantLink[];
  /** The figures behind the text (a model receives these as the tool's result). */
  data: Record<string, unknown>;
}

/** Who is asking and when: the user's id, IANA zone and "now". */
export interface ToolContext {
  userId: string;
  zone: string;
  now: Date;
}

export const LINKS = {
  reports: { label: 'Reports', href: '/reports' },
  medications: { label: 'Medications', href: '/medications' },
  home: { label: 'Home', href: '/home' },
  booking: { label: 'Booking', href: '/booking' },
  glucoseHistory: (days: PeriodDays) => ({
    label: 'Glucose history',
    href: days === 30 ? '/reports/history/glucose?days=30' : '/reports/history/glucose',
  }),
  bpHistory: (days: PeriodDays) => ({
    label: 'Blood pressure history',
    href: days === 30 ? '/reports/history/bp?days=30' : '/reports/history/bp',
  }),
  weightHistory: (days: PeriodDays) => ({
    label: 'Weight history',
    href: days === 30 ? '/reports/history/weight?days=30' : '/reports/history/weight',
  }),
} as const;

/** Home's statuses in the assistant's words: an overdue dose is 'missed' until it is marked. */
const STATUS_WORDS: Record<DoseStatus, 'taken' | 'missed' | 'due'> = {
  taken: 'taken',
  overdue: 'missed',
  pending: 'due',
};

const periodText = (days: PeriodDays) => `the last ${days} days (including today)`;
const dateTimeText = (date: string, time?: string) => (time ? `${date} at ${time}` : date);

/** "Metformin 500 mg": a medicine as the user named it. Quoted so that it reads as data. */
export const medicineLabel = (medication: Pick<Medication, 'name'>) => `“${medication.name}”`;

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

  return {
    /** Today's doses: taken, due later, missed (overdue) and the next one (spec §4 Dose status). */
    async todaysDoses(context: ToolContext): Promise<ToolResult> {
      const { today, nowTime } = clock(context);
      const meds = await medications.list(context.userId);
      const records = indexByDose(
        await medications.listAdherence(context.userId, { start_date: today, end_date: today }),
      );
      const doses = dosesOn(meds, today).map(({ medication, scheduled_time }) => {
        // Home's rule (spec §4 Dose status): overdue once its time has passed without 'taken'.
        const status = doseStatus(records.get(doseKey(medication.id, today, scheduled_time)), scheduled_time, nowTime);
        return { medicine: medication.name, time: scheduled_time, status: STATUS_WORDS[status] };
      });
      const taken = doses.filter((d) => d.status === 'taken');
      const missed = doses.filter((d) => d.status === 'missed');
      const due = doses.filter((d) => d.status === 'due');
      const next = due[0] ?? null;
      const list = (items: typeof doses) => items.map((d) => `“${d.medicine}” at ${d.time}`).join(', ');
      let text: string;
      if (doses.length === 0) {
        text = `You have no medicine doses scheduled today (${today}).`;
      } else {
        const parts = [`Today (${today}) you have ${doses.length} scheduled dose${doses.length === 1 ? '' : 's'}.`];
        parts.push(`Taken: ${taken.length}${taken.length ? ` (${list(taken)})` : ''}.`);
        parts.push(`Missed or not yet marked: ${missed.length}${missed.length ? ` (${list(missed)})` : ''}.`);
        if (due.length) parts.push(`Still due: ${due.length}.`);
        parts.push(next ? `Next: “${next.medicine}” at ${next.time}.` : 'Nothing more is due today.');
        text = parts.join(' ');
      }
      return {
        text,
        links: [LINKS.home, LINKS.medications],
        data: { date: today, time_now: nowTime, total: doses.length, taken, missed, due, next },
      };
    },

    /**
     * Adherence for the last 7 or 30 days including today, overall and per medicine: the
     * total taken ÷ counted doses over the days of `dailyAdherence` (Reports' figure).
     */
    async adherence(context: ToolContext, days: PeriodDays): Promise<ToolResult> {
      const { today, nowTime } = clock(context);
      const dates = datesEndingOn(today, days);
      const meds = await medications.list(context.userId);
      const records = await medications.listAdherence(context.userId, {
        start_date: dates[0],
        end_date: today,
      });
      const overall = sumPercent(dailyAdherence(meds, records, dates, today, nowTime));
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
            ),
          ),
        }));
      const percentText = (p: number | null) => (p === null ? 'no doses counted yet' : `${p}%`);
      const lines = perMedicine.map(
        (m) => `“${m.medicine}” ${percentText(m.percent)} (${m.taken} of ${m.total} doses)`,
      );
      const text =
        overall.total === 0
          ? `No doses were due in ${periodText(days)}, so there is no adherence figure yet.`
          : `Your medicine adherence over ${periodText(days)} is ${overall.percent}% (${overall.taken} of ${overall.total} doses taken).` +
            (lines.length > 1 ? ` By medicine: ${lines.join('; ')}.` : '');
      return {
        text,
        links: [LINKS.reports, LINKS.medications],
        data: { period_days: days, from: dates[0], to: today, overall, per_medicine: perMedicine },
      };
    },

    /**
     * Glucose (mg/dL): latest reading, average of the period (History's figure: mean
     * rounded), time in range 70–180 (Battelino 2019), and lows < 70 / < 54 in the last 7 days.
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
      const link = LINKS.glucoseHistory(days);
      if (!latest) {
        return {
          text: 'You have no glucose readings yet. Log one from Reports to see your figures here.',
          links: [LINKS.reports],
          data: { period_days: days, readings: 0 },
        };
      }
      const parts = [
        `Your latest glucose reading is ${latest.value} mg/dL (${latest.meal_context}, ${dateTimeText(latest.date, latest.time)}).`,
      ];
      if (average === null || !tir) {
        parts.push(`You have no glucose readings in ${periodText(days)}.`);
      } else {
        parts.push(
          `Over ${periodText(days)}: average ${roundTo(average)} mg/dL from ${readings.length} reading${readings.length === 1 ? '' : 's'}; ` +
            `time in range (${TIME_IN_RANGE_TARGET.low}–${TIME_IN_RANGE_TARGET.high} mg/dL) ${tir.inRange}%, below ${tir.below}%, above ${tir.above}%.`,
        );
      }
      parts.push(
        lows === 0
          ? `No readings under ${HYPOGLYCAEMIA.low} mg/dL in the last 7 days.`
          : `In the last 7 days, ${lows} reading${lows === 1 ? ' was' : 's were'} under ${HYPOGLYCAEMIA.low} mg/dL` +
              (veryLows ? `, ${veryLows} of them under ${HYPOGLYCAEMIA.veryLow} mg/dL.` : '.'),
      );
      return {
        text: parts.join(' '),
        links: [link, LINKS.reports],
        data: {
          unit: 'mg/dL',
          period_days: days,
          latest: { value: latest.value, date: latest.date, time: latest.time, meal_context: latest.meal_context },
          average: average === null ? null : roundTo(average),
          readings: readings.length,
          time_in_range: tir,
          lows_under_70_last_7_days: lows,
          lows_under_54_last_7_days: veryLows,
        },
      };
    },

    /** Blood pressure (mmHg): latest reading and the period's average (History's rounding). */
    async bloodPressure(context: ToolContext, days: PeriodDays): Promise<ToolResult> {
      const { today } = clock(context);
      const [latest] = await health.listBloodPressure(context.userId, { limit: 1 });
      const readings = await health.listBloodPressure(context.userId, { start_date: shiftDate(today, -(days - 1)) });
      const systolic = mean(readings.map((r) => r.systolic));
      const diastolic = mean(readings.map((r) => r.diastolic));
      if (!latest) {
        return {
          text: 'You have no blood pressure readings yet. Log one from Reports.',
          links: [LINKS.reports],
          data: { period_days: days, readings: 0 },
        };
      }
      const average =
        systolic === null || diastolic === null ? null : { systolic: roundTo(systolic), diastolic: roundTo(diastolic) };
      const text =
        `Your latest blood pressure is ${latest.systolic}/${latest.diastolic} mmHg (${dateTimeText(latest.date, latest.time)}).` +
        (average
          ? ` Over ${periodText(days)} the average is ${average.systolic}/${average.diastolic} mmHg from ${readings.length} reading${readings.length === 1 ? '' : 's'}.`
          : ` You have no blood pressure readings in ${periodText(days)}.`);
      return {
        text,
        links: [LINKS.bpHistory(days), LINKS.reports],
        data: {
          unit: 'mmHg',
          period_days: days,
          latest: { systolic: latest.systolic, diastolic: latest.diastolic, date: latest.date, time: latest.time },
          average,
          readings: readings.length,
        },
      };
    },

    /** Weight (kg) and BMI (kg/m²): the latest, and the change since the previous entry (spec §4). */
    async weight(context: ToolContext, days: PeriodDays): Promise<ToolResult> {
      const { today } = clock(context);
      const lastTwo = await health.listBodyMetrics(context.userId, { limit: 2 });
      const inPeriod = await health.listBodyMetrics(context.userId, { start_date: shiftDate(today, -(days - 1)) });
      const latest = lastTwo[0];
      if (!latest) {
        return {
          text: 'You have no weight entries yet. Log one from Reports to see your weight and BMI.',
          links: [LINKS.reports],
          data: { period_days: days, readings: 0 },
        };
      }
      const change = weightChange(lastTwo.map((r) => r.weight));
      const periodChange =
        inPeriod.length >= 2 ? roundTo(inPeriod[0]!.weight - inPeriod[inPeriod.length - 1]!.weight, 1) : null;
      const signed = (kg: number) => `${kg > 0 ? '+' : ''}${kg.toFixed(1)} kg`;
      const text =
        `Your latest weight is ${latest.weight.toFixed(1)} kg on ${latest.date}, BMI ${latest.bmi.toFixed(1)} kg/m².` +
        (lastTwo.length > 1 ? ` Change since your previous entry (${lastTwo[1]!.date}): ${signed(change)}.` : '') +
        (periodChange !== null ? ` Over ${periodText(days)}: ${signed(periodChange)}.` : '');
      return {
        text,
        links: [LINKS.weightHistory(days), LINKS.reports],
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
      const due = items.filter((i) => i.refill_due);
      const text =
        items.length === 0
          ? 'None of your medicines has refill tracking turned on.'
          : `Pills left: ${items.map((i) => `“${i.medicine}” ${i.pills_left}`).join(', ')}. ` +
            (due.length
              ? `Refill due for ${due.map((i) => `“${i.medicine}”`).join(', ')} (at or under the refill threshold).`
              : 'No refill is due yet.');
      return { text, links: [LINKS.medications], data: { medicines: items } };
    },

    /** The next upcoming appointment (status 'upcoming', time not passed: appointment-rules). */
    async nextAppointment(context: ToolContext): Promise<ToolResult> {
      const [next] = upcomingAppointments(await appointments.list(context.userId), context.now, 1);
      if (!next) {
        return {
          text: 'You have no upcoming appointments. You can book one on Booking.',
          links: [LINKS.booking],
          data: { next: null },
        };
      }
      const who = next.type === 'doctor' && next.doctor ? ` with ${next.doctor}` : '';
      return {
        text: `Your next appointment is “${next.title}”${who} on ${next.date} at ${next.time} (${next.type === 'lab' ? 'lab test' : 'doctor visit'}), at “${next.location}”.`,
        links: [LINKS.booking],
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

    /** The user's active medicine names (dose-change refusals mention what they take). */
    async medicineNames(context: ToolContext): Promise<string[]> {
      return (await medications.list(context.userId)).map((m) => m.name);
    },
  };
}
export type AssistantTools = ReturnType<typeof createAssistantTools>;

/** Sums days of `dailyAdherence`: taken, counted and their whole percentage (Reports' overall figure). */
function sumPercent(days: readonly { taken: number; total: number }[]) {
  const taken = days.reduce((sum, day) => sum + day.taken, 0);
  const total = days.reduce((sum, day) => sum + day.total, 0);
  return { taken, total, percent: adherencePercent(taken, total) };
}
