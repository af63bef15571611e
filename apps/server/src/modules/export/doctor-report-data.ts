/**
 * The doctor report's figures: loads one user's data for the period (SQL apart from the pure
 * model building) and works out every number with the contract rules Reports and History use.
 */
import {
  CV_TARGET_PERCENT,
  EA1C_MIN_DAYS,
  mean,
  roundTo,
  shareUnderBloodPressureGoal,
} from '@diacare/contract/clinical';
import { datesEndingOn, localDate, localTime } from '@diacare/contract/dates';
import { glucoseProfile, type GlucoseProfileFigures } from '@diacare/contract/glucose-profile';
import { adherencePercent, doseStatusesOn, indexByDose, sumAdherence } from '@diacare/contract/dose-rules';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import type { InsulinDoseLike } from '@diacare/contract/insulin-rules';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import type { AdherenceOutcomes } from '@diacare/contract/reports';
import type { User } from '@diacare/contract/users';
import type { ReportPeriod } from '@diacare/contract/doctor-report';
import type { MealType } from '@diacare/contract/meal-constants';
import type { Database } from '../../db/client.ts';
import { createAppointmentRepository } from '../appointments/appointment.repository.ts';
import { createHealthRepository } from '../health/health.repository.ts';
import { createInsulinRepository } from '../health/insulin.repository.ts';
import { createLabRepository } from '../health/lab.repository.ts';
import { createImportRepository } from '../imports/import.repository.ts';
import { createMedicationRepository } from '../medications/medication.repository.ts';
import { loadAdherenceOutcomes } from '../reports/adherence-outcomes.ts';
import { periodMinutesOf, profileReadings } from '../reports/glucose-profile.service.ts';
import { loadMealsReport } from '../meals/meals.service.ts';
import type { MealsReport } from '@diacare/contract/meals';
import { buildGlucoseModel, type GlucoseModel, type SensorGlucose } from './doctor-report/glucose-data.ts';
import { buildInsulinModel, type InsulinModel } from './doctor-report/insulin-data.ts';
import {
  REPORT_LAB_TESTS,
  buildLabLines,
  labResultsNeeded,
  type LabInput,
  type LabLine,
} from './doctor-report/labs-data.ts';

/** Most foods the report names in its meals section (largest median rise first). */
export const MEALS_LISTED_FOODS = 3;
/** Most upcoming appointments listed. */
export const MAX_APPOINTMENTS_LISTED = 5;
/** Insulin doses read for a period: 90 days of a basal-bolus plan with corrections fit many times over. */
const INSULIN_DOSES_LIMIT = 5000;

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
  /** Readings imported from a sensor's export, dated in the period, newest first. */
  sensor: SensorGlucose[];
  /** The latest results of REPORT_LAB_TESTS (two HbA1c), whatever their date, newest first. */
  labs: LabInput[];
  /** Doses set against sugar over the `days` before today (decision 052). */
  outcomes: AdherenceOutcomes;
  /** Insulin doses of the period. */
  insulin: InsulinDoseLike[];
  /** The period's meals report (GET /api/reports/meals, decision 089), food names in the person's language. */
  meals: Pick<MealsReport, 'meals' | 'with_response' | 'by_meal_type' | 'foods'>;
  /** Upcoming appointments from now, soonest first. */
  upcoming: { title: string; type: string; doctor: string | null; location: string; date: string; time: string }[];
}

export interface MedicineRow {
  /** As typed; null when a medication deleted since has no name left (the report says 'Medication'). */
  name: string | null;
  /** The schedule, written in the report's language (formats.ts scheduleText); null when stopped. */
  plan: Medication['schedule'] | null;
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
  glucose: GlucoseModel;
  /** The glucose profile (decision 084), mg/dL; null without a sensor's continuous readings. */
  profile: GlucoseProfileFigures | null;
  /** Lab results (latest of each test, HbA1c also the previous one); empty when none recorded. */
  labs: LabLine[];
  /** Null when the person logs no insulin and has no medicine marked as insulin. */
  insulin: InsulinModel | null;
  /**
   * Meals and sugar (decision 089), rises in mg/dL: meal types with a meal, the foods with the
   * largest median rises (at most MEALS_LISTED_FOODS); null when no meal was logged in the period.
   */
  meals: {
    meals: number;
    withResponse: number;
    byMealType: { mealType: MealType; meals: number; medianRise: number | null }[];
    foods: { name: string; meals: number; medianRise: number }[];
  } | null;
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
  /** The doses-against-sugar sentence's figures (mg/dL) for the days before the report's date. */
  outcomes: {
    statement: AdherenceOutcomes['statement'];
    period: AdherenceOutcomes['period'];
    lateAfterMinutes: number;
  };
  constants: { cvTarget: number; a1cMinDays: number };
}

/**
 * The period's glucose profile from the logged and imported readings (both newest first), as
 * GET /api/reports/glucose-profile makes it; null when no sensor's continuous reading is among them.
 */
function profileModel(input: ReportInput, dates: readonly string[]): GlucoseProfileFigures | null {
  const readings = profileReadings([
    ...input.glucose.map((r) => ({ ...r, source: 'manual' as const, kind: null })),
    ...input.sensor.map((r) => ({
      ...r,
      source: 'sensor' as const,
      meal_context: null,
      kind: r.kind as 'cgm' | 'scan' | 'strip',
    })),
  ]).sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
  const profile = glucoseProfile(readings, dates, periodMinutesOf(dates[0]!, input.now, input.user.timezone));
  return profile.source === 'fingerstick' ? null : profile;
}

const roundedMean = (values: readonly number[], decimals = 0) => {
  const value = mean(values);
  return value === null ? null : roundTo(value, decimals);
};

/**
 * Taken, missed and skipped doses per medicine over `dates`, by Reports' dailyAdherence rule
 * day by day (an unrecorded dose counts as missed once due; pending ones are left out).
 */
function adherenceModel(input: ReportInput, dates: readonly string[], end: string): ReportModel['adherence'] {
  const nowTime = localTime(input.now, input.user.timezone);
  const recorded = indexByDose(input.adherence);
  const counts = new Map<string, { taken: number; missed: number; skipped: number }>();
  for (const date of dates) {
    for (const [key, status] of doseStatusesOn(
      input.activeMedications,
      recorded,
      date,
      end,
      nowTime,
      input.user.timezone,
    )) {
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
      name: m.name as string | null,
      plan: m.schedule as Medication['schedule'] | null,
    })),
    ...[...counts.keys()]
      .filter((id) => !active.has(id))
      .map((id) => ({ id, name: input.medicationNames.get(id) ?? null, plan: null })),
  ].map(({ id, name, plan }) => {
    const c = counts.get(id) ?? { taken: 0, missed: 0, skipped: 0 };
    return { name, plan, ...c, percent: adherencePercent(c.taken, c.taken + c.missed + c.skipped) };
  });
  const overall = sumAdherence(rows.map((row) => ({ taken: row.taken, total: row.taken + row.missed + row.skipped })));
  return { rows, overall: overall.percent };
}

/** The meals section's figures from the meals report; null without a meal in the period. */
function mealsModel(report: ReportInput['meals']): ReportModel['meals'] {
  if (report.meals === 0) return null;
  return {
    meals: report.meals,
    withResponse: report.with_response,
    byMealType: report.by_meal_type
      .filter((row) => row.meals > 0)
      .map((row) => ({ mealType: row.meal_type, meals: row.meals, medianRise: row.median_rise })),
    foods: report.foods
      .slice(0, MEALS_LISTED_FOODS)
      .map((food) => ({ name: food.name, meals: food.meals, medianRise: food.median_rise })),
  };
}

/** First and last weight and BMI of the period and their change, one decimal. */
function bodyModel(bodyMetrics: readonly BodyMetrics[]): ReportModel['body'] {
  const oldestFirst = [...bodyMetrics].reverse();
  const first = oldestFirst[0];
  const last = oldestFirst[oldestFirst.length - 1];
  const pick = (m: BodyMetrics | undefined) => (m ? { date: m.date, weight: m.weight, bmi: m.bmi } : null);
  return {
    readings: bodyMetrics.length,
    first: pick(first),
    last: pick(last),
    weightChange: first && last ? roundTo(last.weight - first.weight, 1) : null,
    bmiChange: first && last ? roundTo(last.bmi - first.bmi, 1) : null,
  };
}

/**
 * Works out every figure of the report from its input: adherence by Reports' rule, glucose
 * (logged and imported readings) in the user's unit, whole mg/dL or mmol/L to one decimal,
 * weight to one decimal, lab results with eGFR, insulin units. Thresholds stay in mg/dL.
 */
export function buildReportModel(input: ReportInput): ReportModel {
  const { user, now, days } = input;
  const end = localDate(now, user.timezone);
  const dates = datesEndingOn(end, days);
  const bp = input.bloodPressure;
  return {
    patient: { name: user.name ?? '', age: user.age, sex: user.sex, diabetesType: user.diabetes_type },
    period: { days, start: dates[0]!, end },
    generatedOn: end,
    adherence: adherenceModel(input, dates, end),
    glucose: buildGlucoseModel(input.glucose, input.sensor, user.glucose_unit, dates),
    profile: profileModel(input, dates),
    labs: buildLabLines(input.labs, user.age, user.sex),
    insulin: buildInsulinModel(
      input.insulin,
      input.activeMedications.some((m) => m.insulin_type),
    ),
    bloodPressure: {
      readings: bp.length,
      systolic: roundedMean(bp.map((r) => r.systolic)),
      diastolic: roundedMean(bp.map((r) => r.diastolic)),
      underGoal: shareUnderBloodPressureGoal(bp),
    },
    body: bodyModel(input.bodyMetrics),
    meals: mealsModel(input.meals),
    appointments: input.upcoming,
    outcomes: {
      statement: input.outcomes.statement,
      period: input.outcomes.period,
      lateAfterMinutes: input.outcomes.late_after_minutes,
    },
    constants: { cvTarget: CV_TARGET_PERCENT, a1cMinDays: EA1C_MIN_DAYS },
  };
}

/** The latest results of each report test (two HbA1c), newest first, through the lab repository. */
async function latestLabs(db: Database, userId: string): Promise<LabInput[]> {
  const labs = createLabRepository(db);
  const perTest = await Promise.all(
    REPORT_LAB_TESTS.map((test) => labs.list(userId, { test, limit: labResultsNeeded(test) })),
  );
  return perTest.flat();
}

/** Upcoming appointments from `now`, soonest first, at most MAX_APPOINTMENTS_LISTED. */
async function upcomingAppointments(db: Database, userId: string, now: Date): Promise<ReportInput['upcoming']> {
  const rows = await createAppointmentRepository(db).listUpcoming(userId, now, MAX_APPOINTMENTS_LISTED);
  return rows.map(({ title, type, doctor, location, date, time }) => ({ title, type, doctor, location, date, time }));
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
  const [activeMedications, medicationNames, adherence, glucose, bloodPressure, bodyMetrics, upcoming] =
    await Promise.all([
      medicationRepository.list(user.id),
      medicationRepository.namesById(user.id),
      medicationRepository.listAdherence(user.id, range),
      health.listGlucose(user.id, range),
      health.listBloodPressure(user.id, range),
      health.listBodyMetrics(user.id, range),
      upcomingAppointments(db, user.id, now),
    ]);
  const [sensor, labs, insulin, outcomes, meals] = await Promise.all([
    createImportRepository(db).listReadings(user.id, range),
    latestLabs(db, user.id),
    createInsulinRepository(db).list(user.id, { ...range, limit: INSULIN_DOSES_LIMIT }),
    loadAdherenceOutcomes(db, user, now, days),
    loadMealsReport(db, user, now, days),
  ]);
  return {
    user,
    now,
    days,
    activeMedications,
    medicationNames,
    adherence,
    glucose,
    bloodPressure,
    bodyMetrics,
    sensor,
    labs,
    insulin,
    upcoming,
    outcomes,
    meals,
  };
}
