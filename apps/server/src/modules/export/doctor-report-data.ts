/**
 * The doctor report's figures: loads one user's data for the period and
 * works out every number with the same contract rules as Reports and History, so both show
 * equal numbers for the same period. Pure model building is kept apart from the SQL so a
 * test can feed it the API's own data.
 */
import {
  CV_TARGET_PERCENT,
  EA1C_MIN_DAYS,
  HYPOGLYCAEMIA,
  coefficientOfVariation,
  estimatedA1c,
  mean,
  roundTo,
  shareUnderBloodPressureGoal,
  standardDeviation,
  timeInFiveRanges,
  type TimeInFiveRanges,
} from '@diacare/contract/clinical';
import { datesEndingOn, localDate, localTime } from '@diacare/contract/dates';
import { glucoseInUnit, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { adherencePercent, doseStatusesOn, indexByDose, scheduleLine } from '@diacare/contract/dose-rules';
import {
  MEAL_CONTEXTS,
  type BloodPressureReading,
  type BodyMetrics,
  type GlucoseReading,
} from '@diacare/contract/health';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import type { User } from '@diacare/contract/users';
import type { ReportPeriod } from '@diacare/contract/doctor-report';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appointments, medications } from '../../db/schema.ts';
import { createHealthRepository } from '../health/health.repository.ts';
import { createMedicationRepository, toMedication } from '../medications/medication.repository.ts';

/** Most lows listed by date and time; the rest are counted (keeps the report at 1–2 pages). */
export const MAX_LOWS_LISTED = 10;
/** Most upcoming appointments listed. */
export const MAX_APPOINTMENTS_LISTED = 5;

/** Everything the report is made from: what the API would return for the period. */
export interface ReportInput {
  user: User;
  /** The report's instant; the period ends on its date in the user's zone. */
  now: Date;
  days: ReportPeriod;
  /** Active medications (GET /api/medications). */
  activeMedications: Medication[];
  /** Names of every medication the user ever had, archived too, by id. */
  medicationNames: Map<string, string>;
  /** Adherence records of the period (GET /api/adherence?start_date&end_date). */
  adherence: AdherenceRecord[];
  /** Readings of the period, newest first (GET /api/health/*?start_date&end_date). */
  glucose: GlucoseReading[];
  bloodPressure: BloodPressureReading[];
  bodyMetrics: BodyMetrics[];
  /** Upcoming appointments from now, soonest first. */
  upcoming: { title: string; type: string; doctor: string | null; location: string; date: string; time: string }[];
}

export interface MedicineRow {
  name: string;
  /** 'Daily at 09:00, 21:00'; 'Stopped' for a medication deleted since. */
  schedule: string;
  /** The schedule itself, for the report in another language; null when stopped. */
  plan?: Medication['schedule'] | null;
  taken: number;
  missed: number;
  skipped: number;
  /** Whole %; null when no dose counted. */
  percent: number | null;
}

export interface ReportModel {
  patient: { name: string; age: number | null; sex: string | null; diabetesType: string };
  period: { days: ReportPeriod; start: string; end: string };
  generatedOn: string;
  adherence: { rows: MedicineRow[]; overall: number | null };
  glucose: {
    /** The user's glucose unit: every glucose figure below is in it. */
    unit: GlucoseUnit;
    readings: number;
    /**
     * In `unit`: whole mg/dL or mmol/L to one decimal, converted from the unrounded mg/dL
     * figure (glucoseInUnit); null with no readings (SD/CV need two).
     */
    mean: number | null;
    sd: number | null;
    /** %, one decimal. */
    cv: number | null;
    tir: TimeInFiveRanges | null;
    byContext: { context: string; readings: number; mean: number }[];
    /** Values in `unit`; level 2 is under 54 mg/dL (ADA Standards of Care 2025, §6). */
    lows: { date: string; time: string; value: number; level: 1 | 2; context: string }[];
    lowsCount: number;
    /** %, one decimal; null until readings cover EA1C_MIN_DAYS distinct days. */
    estimatedA1c: number | null;
    distinctDays: number;
    /** One entry per date of the period, oldest first; mean (in `unit`) null on days without readings. */
    daily: { date: string; mean: number | null }[];
  };
  bloodPressure: { readings: number; systolic: number | null; diastolic: number | null; underGoal: number | null };
  body: {
    readings: number;
    first: { date: string; weight: number; bmi: number } | null;
    last: { date: string; weight: number; bmi: number } | null;
    /** kg and kg/m², one decimal, last minus first. */
    weightChange: number | null;
    bmiChange: number | null;
  };
  appointments: ReportInput['upcoming'];
  constants: { cvTarget: number; a1cMinDays: number };
}

const roundedMean = (values: readonly number[], decimals = 0) => {
  const value = mean(values);
  return value === null ? null : roundTo(value, decimals);
};

const rounded = (value: number | null, decimals = 0) => (value === null ? null : roundTo(value, decimals));

/**
 * Works out every figure of the report from its input. Adherence follows Reports'
 * dailyAdherence rule day by day (an unrecorded dose counts as missed once due, pending
 * ones are left out); glucose figures are in the user's unit, whole mg/dL or mmol/L to one
 * decimal, and weight to one decimal. Thresholds stay in mg/dL.
 */
export function buildReportModel(input: ReportInput): ReportModel {
  const { user, now, days } = input;
  const unit = user.glucose_unit;
  /** An unrounded mg/dL figure in the user's unit, or null. */
  const inUnit = (mgDl: number | null) => (mgDl === null ? null : glucoseInUnit(mgDl, unit));
  const zone = user.timezone;
  const end = localDate(now, zone);
  const dates = datesEndingOn(end, days);
  const nowTime = localTime(now, zone);

  // Adherence: the status of every dose of every day, counted per medication.
  const recorded = indexByDose(input.adherence);
  const counts = new Map<string, { taken: number; missed: number; skipped: number }>();
  for (const date of dates) {
    for (const [key, status] of doseStatusesOn(input.activeMedications, recorded, date, end, nowTime)) {
      if (status === 'pending') continue;
      const medicationId = key.split('|')[0]!;
      const entry = counts.get(medicationId) ?? { taken: 0, missed: 0, skipped: 0 };
      entry[status] += 1;
      counts.set(medicationId, entry);
    }
  }
  const active = new Set(input.activeMedications.map((m) => m.id));
  const rows: MedicineRow[] = [
    ...input.activeMedications.map((m) => ({
      id: m.id,
      name: m.name,
      schedule: scheduleLine(m.schedule),
      plan: m.schedule as Medication['schedule'] | null,
    })),
    ...[...counts.keys()]
      .filter((id) => !active.has(id))
      .map((id) => ({ id, name: input.medicationNames.get(id) ?? 'Medication', schedule: 'Stopped', plan: null })),
  ].map(({ id, name, schedule, plan }) => {
    const c = counts.get(id) ?? { taken: 0, missed: 0, skipped: 0 };
    return { name, schedule, plan, ...c, percent: adherencePercent(c.taken, c.taken + c.missed + c.skipped) };
  });
  const taken = rows.reduce((sum, row) => sum + row.taken, 0);
  const counted = rows.reduce((sum, row) => sum + row.taken + row.missed + row.skipped, 0);

  // Glucose.
  const values = input.glucose.map((r) => r.value);
  const oldestFirst = [...input.glucose].reverse();
  const byDate = new Map<string, number[]>();
  for (const reading of oldestFirst) byDate.set(reading.date, [...(byDate.get(reading.date) ?? []), reading.value]);
  const lows = oldestFirst.filter((r) => r.value < HYPOGLYCAEMIA.low);
  const byContext = MEAL_CONTEXTS.map((context) => {
    const inContext = input.glucose.filter((r) => r.meal_context === context).map((r) => r.value);
    return { context, readings: inContext.length, mean: inUnit(mean(inContext)) };
  }).filter(
    (row): row is { context: (typeof MEAL_CONTEXTS)[number]; readings: number; mean: number } => row.readings > 0,
  );

  // Blood pressure and body metrics.
  const bp = input.bloodPressure;
  const metricsOldestFirst = [...input.bodyMetrics].reverse();
  const firstMetric = metricsOldestFirst[0];
  const lastMetric = metricsOldestFirst[metricsOldestFirst.length - 1];
  const pick = (m: BodyMetrics | undefined) => (m ? { date: m.date, weight: m.weight, bmi: m.bmi } : null);

  return {
    patient: { name: user.name ?? '', age: user.age, sex: user.sex, diabetesType: user.diabetes_type },
    period: { days, start: dates[0]!, end },
    generatedOn: end,
    adherence: { rows, overall: adherencePercent(taken, counted) },
    glucose: {
      unit,
      readings: values.length,
      mean: inUnit(mean(values)),
      sd: inUnit(standardDeviation(values)),
      cv: rounded(coefficientOfVariation(values), 1),
      tir: timeInFiveRanges(values),
      byContext,
      lows: lows.slice(0, MAX_LOWS_LISTED).map((r) => ({
        date: r.date,
        time: r.time,
        value: glucoseInUnit(r.value, unit),
        level: r.value < HYPOGLYCAEMIA.veryLow ? 2 : 1,
        context: r.meal_context,
      })),
      lowsCount: lows.length,
      estimatedA1c: estimatedA1c(input.glucose),
      distinctDays: byDate.size,
      daily: dates.map((date) => ({ date, mean: inUnit(mean(byDate.get(date) ?? [])) })),
    },
    bloodPressure: {
      readings: bp.length,
      systolic: roundedMean(bp.map((r) => r.systolic)),
      diastolic: roundedMean(bp.map((r) => r.diastolic)),
      underGoal: shareUnderBloodPressureGoal(bp),
    },
    body: {
      readings: input.bodyMetrics.length,
      first: pick(firstMetric),
      last: pick(lastMetric),
      weightChange: firstMetric && lastMetric ? roundTo(lastMetric.weight - firstMetric.weight, 1) : null,
      bmiChange: firstMetric && lastMetric ? roundTo(lastMetric.bmi - firstMetric.bmi, 1) : null,
    },
    appointments: input.upcoming,
    constants: { cvTarget: CV_TARGET_PERCENT, a1cMinDays: EA1C_MIN_DAYS },
  };
}

/**
 * Loads the signed-in user's data for the `days` ending today in their zone through the same
 * repositories the API uses: every query is scoped to `user.id`.
 */
export async function loadReportInput(db: Database, user: User, now: Date, days: ReportPeriod): Promise<ReportInput> {
  const end = localDate(now, user.timezone);
  const range = { start_date: datesEndingOn(end, days)[0]!, end_date: end };
  const health = createHealthRepository(db);
  const medicationRepository = createMedicationRepository(db);
  const [activeMedications, allMedications, adherence, glucose, bloodPressure, bodyMetrics, upcomingRows] =
    await Promise.all([
      medicationRepository.list(user.id),
      db.select().from(medications).where(eq(medications.user_id, user.id)),
      medicationRepository.listAdherence(user.id, range),
      health.listGlucose(user.id, range),
      health.listBloodPressure(user.id, range),
      health.listBodyMetrics(user.id, range),
      db
        .select()
        .from(appointments)
        .where(
          and(eq(appointments.user_id, user.id), eq(appointments.status, 'upcoming'), gte(appointments.starts_at, now)),
        )
        .orderBy(asc(appointments.starts_at))
        .limit(MAX_APPOINTMENTS_LISTED),
    ]);
  return {
    user,
    now,
    days,
    activeMedications,
    medicationNames: new Map(allMedications.map((row) => [row.id, toMedication(row).name])),
    adherence,
    glucose,
    bloodPressure,
    bodyMetrics,
    upcoming: upcomingRows.map(({ title, type, doctor, location, date, time }) => ({
      title,
      type,
      doctor,
      location,
      date,
      time,
    })),
  };
}
