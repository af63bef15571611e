/**
 * The patient list of someone who follows many (decision 086): GET /api/care/patients with a
 * summary of each person's last days within the scopes they granted, the reasons a person needs
 * attention, and the order and filter the 'Patients' screen offers. Glucose is mg/dL.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { carePatientSchema } from './care.ts';
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET, TIME_IN_RANGES_TARGETS } from './clinical.ts';
import { listLimitSchema } from './common.ts';

/**
 * Why a person needs attention, each named on screen: more than 1 % of readings below 54 mg/dL,
 * more than 4 % below 70, under 70 % in 70–180 (the consensus goals, TIME_IN_RANGES_TARGETS),
 * adherence under NEEDS_ATTENTION_ADHERENCE_PERCENT, or no glucose reading for
 * NO_READING_ATTENTION_DAYS days.
 */
export const NEEDS_ATTENTION_REASONS = [
  'below_54',
  'below_70',
  'low_time_in_range',
  'low_adherence',
  'no_recent_reading',
] as const;
export type NeedsAttentionReason = (typeof NEEDS_ATTENTION_REASONS)[number];

/**
 * Adherence under this %, needs attention: the usual line between adherent and not in studies of
 * long-term therapy (WHO, "Adherence to long-term therapies: evidence for action", 2003).
 */
export const NEEDS_ATTENTION_ADHERENCE_PERCENT = 80;
/** No glucose reading for this many days (a sensor stopped, a meter unused): needs attention. */
export const NO_READING_ATTENTION_DAYS = 7;

/** Periods a summary may cover, in days ending today in the patient's zone. */
export const MAX_SUMMARY_DAYS = 90;
export const DEFAULT_SUMMARY_DAYS = 14;

/** The orders of the list: needs attention first (then last reviewed, oldest first), by name, by last reviewed. */
export const PATIENT_LIST_SORTS = ['attention', 'name', 'last_reviewed'] as const;
export type PatientListSort = (typeof PATIENT_LIST_SORTS)[number];

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: vmsg('validation.whole_number_between', { min, max }) })
    .int({ error: vmsg('validation.whole_number_between', { min, max }) })
    .min(min, { error: vmsg('validation.whole_number_between', { min, max }) })
    .max(max, { error: vmsg('validation.whole_number_between', { min, max }) });

/**
 * GET /api/care/patients. Without `summary_days` the list is as before: the people followed, in
 * the order they joined. With it each gets `summary` and `sort`, `needs_attention` and `page`
 * apply; pages are `limit` long, the first is 1.
 */
export const carePatientsQuerySchema = z.object({
  limit: listLimitSchema,
  page: wholeNumber(1, 100_000).default(1),
  summary_days: wholeNumber(1, MAX_SUMMARY_DAYS).optional(),
  sort: z
    .enum(PATIENT_LIST_SORTS, { error: vmsg('validation.one_of', { values: PATIENT_LIST_SORTS.join(', ') }) })
    .default('attention'),
  needs_attention: z
    .enum(['true', 'false'], { error: vmsg('validation.one_of_or', { values: "'true'", last: "'false'" }) })
    .transform((value) => value === 'true')
    .optional(),
});
export type CarePatientsQuery = z.output<typeof carePatientsQuerySchema>;

/**
 * One person's last `summary_days` days. Glucose figures are null without the glucose scope,
 * adherence without the medications scope; percentages of readings to one decimal.
 */
export const patientSummarySchema = z.object({
  /** ISO instant of the newest glucose reading ever, manual or sensor. */
  last_reading_at: z.string().nullable(),
  readings: z.int().nullable(),
  in_range: z.number().nullable(),
  below_70: z.number().nullable(),
  below_54: z.number().nullable(),
  /** %, null under GMI_MIN_DAYS days with readings. */
  gmi: z.number().nullable(),
  /** Coefficient of variation, %, one decimal; null under two readings. */
  cv: z.number().nullable(),
  adherence_percent: z.number().nullable(),
  needs_attention: z.array(z.enum(NEEDS_ATTENTION_REASONS)),
  /** When this member last marked the person reviewed; null when never. */
  last_reviewed_at: z.string().nullable(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const carePatientWithSummarySchema = carePatientSchema.extend({ summary: patientSummarySchema.optional() });
export type CarePatientWithSummary = z.infer<typeof carePatientWithSummarySchema>;

/** 200 of POST /api/care/patients/{id}/reviewed. */
export const reviewedSchema = z.object({ last_reviewed_at: z.string() });

/** What needsAttention weighs: counts of one period's readings, adherence and the newest reading. */
export interface AttentionFacts {
  /** Null without the glucose scope: no glucose reason is given. */
  glucose: { readings: number; below54: number; below70: number; inRange: number; lastReadingAt: Date | null } | null;
  /** Null without the medications scope or with no dose due. */
  adherencePercent: number | null;
  now: Date;
}

const DAY_MS = 86_400_000;

/**
 * The reasons a person needs attention, in NEEDS_ATTENTION_REASONS order. Shares are weighed on
 * the exact counts (2 of 150 below 54 is 1.3 %, over 1 %), never on rounded percentages.
 * Glucose reasons only with readings in the period; 'no_recent_reading' when the newest reading
 * is NO_READING_ATTENTION_DAYS days old or more, or there is none.
 */
export function needsAttention({ glucose, adherencePercent, now }: AttentionFacts): NeedsAttentionReason[] {
  const reasons: NeedsAttentionReason[] = [];
  if (glucose && glucose.readings > 0) {
    const over = (count: number, percent: number) => count * 100 > percent * glucose.readings;
    if (over(glucose.below54, TIME_IN_RANGES_TARGETS.below54Under)) reasons.push('below_54');
    if (over(glucose.below70, TIME_IN_RANGES_TARGETS.below70Under)) reasons.push('below_70');
    if (glucose.inRange * 100 < TIME_IN_RANGES_TARGETS.inRangeAbove * glucose.readings)
      reasons.push('low_time_in_range');
  }
  if (adherencePercent !== null && adherencePercent < NEEDS_ATTENTION_ADHERENCE_PERCENT) reasons.push('low_adherence');
  if (glucose) {
    const last = glucose.lastReadingAt;
    if (!last || now.getTime() - last.getTime() >= NO_READING_ATTENTION_DAYS * DAY_MS) {
      reasons.push('no_recent_reading');
    }
  }
  return reasons;
}

/** The bands the summary counts, mg/dL (HYPOGLYCAEMIA and TIME_IN_RANGE_TARGET). */
export const SUMMARY_BANDS = {
  veryLow: HYPOGLYCAEMIA.veryLow,
  low: HYPOGLYCAEMIA.low,
  high: TIME_IN_RANGE_TARGET.high,
} as const;

/**
 * The list's order (decision 086): 'attention' puts those needing attention first, then the
 * longest unreviewed (never reviewed before any date), then by name; 'last_reviewed' the
 * longest unreviewed first, then by name; 'name' by name in `locale`.
 */
export function comparePatients(sort: PatientListSort, locale = 'en') {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const reviewed = (p: CarePatientWithSummary) => p.summary?.last_reviewed_at ?? '';
  const byName = (a: CarePatientWithSummary, b: CarePatientWithSummary) =>
    collator.compare(a.name, b.name) || a.patient_id.localeCompare(b.patient_id);
  const byReviewed = (a: CarePatientWithSummary, b: CarePatientWithSummary) =>
    reviewed(a).localeCompare(reviewed(b)) || byName(a, b);
  if (sort === 'name') return byName;
  if (sort === 'last_reviewed') return byReviewed;
  const attention = (p: CarePatientWithSummary) => ((p.summary?.needs_attention.length ?? 0) > 0 ? 0 : 1);
  return (a: CarePatientWithSummary, b: CarePatientWithSummary) => attention(a) - attention(b) || byReviewed(a, b);
}
