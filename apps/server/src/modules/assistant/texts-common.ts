/**
 * The shape of the assistant's texts (texts.ts has the sets, one file per language:
 * texts-en.ts, texts-hi.ts) and the helpers both languages share.
 */
import type { AssistantSource } from '@diacare/contract/assistant';
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealContext } from '@diacare/contract/health-constants';

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

/** One language's texts. */
export interface AssistantTexts {
  links: {
    reports: string;
    medications: string;
    home: string;
    booking: string;
    glucoseHistory: string;
    bpHistory: string;
    weightHistory: string;
  };
  todaysDoses(d: {
    today: string;
    total: number;
    taken: Dose[];
    missed: Dose[];
    due: Dose[];
    next: Dose | null;
  }): string;
  adherence(d: { days: PeriodDays; overall: Share; perMedicine: (Share & { medicine: string })[] }): string;
  noGlucose: string;
  /** Glucose figures (latest value, average: mg/dL as stored) told in `unit`. */
  glucose(d: {
    unit: GlucoseUnit;
    days: PeriodDays;
    latest: { value: number; meal_context: MealContext; date: string; time: string };
    period: { average: number; readings: number; inRange: number; below: number; above: number } | null;
    lows: number;
    veryLows: number;
  }): string;
  noBloodPressure: string;
  bloodPressure(d: {
    days: PeriodDays;
    latest: { systolic: number; diastolic: number; pulse: number | null; date: string; time: string };
    average: { systolic: number; diastolic: number } | null;
    readings: number;
  }): string;
  noWeight: string;
  weight(d: {
    days: PeriodDays;
    latest: { weight: number; bmi: number; date: string };
    previous: { date: string; change: number } | null;
    periodChange: number | null;
  }): string;
  refills(items: { medicine: string; pills_left: number; refill_due: boolean }[]): string;
  noAppointment: string;
  appointment(d: {
    title: string;
    doctor: string | null;
    type: 'doctor' | 'lab';
    date: string;
    time: string;
    location: string;
  }): string;
  /** Guard rails. */
  doseChangeRefusal: string;
  doseChangeFacts(d: { medicines: string[]; facts: string[] }): string;
  doseNotShown: string;
  emergency: string;
  /** The 15–15 rule with its thresholds in mg/dL. */
  hypoSteps: string;
  /** The 15–15 rule with its thresholds (70, 54 mg/dL) in `unit` (3.9, 3.0 mmol/L). */
  hypoStepsIn(unit: GlucoseUnit): string;
  selfHarm: string;
  hypoSource: AssistantSource;
  emergencySource: AssistantSource;
  /** The built-in engine. */
  capabilities: string;
  knowledgeAnswer(d: { title: string; excerpt: string; source: AssistantSource }): string;
  modelDownNote: string;
  modelRejectedNote: string;
  streamError: string;
  rateLimited(seconds: number): string;
}

/** A name as the user wrote it, in quotes: read as data. */
export const quote = (name: string) => `“${name}”`;
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
export const signedKg = (kg: number) => `${kg > 0 ? '+' : ''}${kg.toFixed(1)} kg`;
