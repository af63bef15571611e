/**
 * Catalog ids of the medication options the contract stores in English: forms,
 * colour names, 'When to Take' and frequencies. A stored value outside the lists is shown as
 * it is.
 */
import type { COLOR_TAGS, FREQUENCIES, MEDICATION_FORMS, WHEN_TO_TAKE } from '@diacare/contract/medication-options';
import { formatShortWeekday, shiftDate } from '@diacare/contract/dates';
import type { InsulinType } from '@diacare/contract/insulin-rules';
import type { MessageId } from '../../../lib/i18n/i18n';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';

export const FORM_LABELS: Record<(typeof MEDICATION_FORMS)[number], MessageId> = {
  Tablet: 'medications.form.tablet',
  Capsule: 'medications.form.capsule',
  Liquid: 'medications.form.liquid',
  Injection: 'medications.form.injection',
  Inhaler: 'medications.form.inhaler',
  Drops: 'medications.form.drops',
};

/** Insulin by action profile. */
export const INSULIN_TYPE_LABELS: Record<InsulinType, MessageId> = {
  rapid: 'medications.insulin.rapid',
  short: 'medications.insulin.short',
  intermediate: 'medications.insulin.intermediate',
  long: 'medications.insulin.long',
  premixed: 'medications.insulin.premixed',
};

export const COLOR_LABELS: Record<(typeof COLOR_TAGS)[number]['name'], MessageId> = {
  Red: 'medication-form.color.red',
  Teal: 'medication-form.color.teal',
  Yellow: 'medication-form.color.yellow',
  Mint: 'medication-form.color.mint',
  Green: 'medication-form.color.green',
  Purple: 'medication-form.color.purple',
  Orange: 'medication-form.color.orange',
};

export const WHEN_LABELS: Record<(typeof WHEN_TO_TAKE)[number], MessageId> = {
  'Before food': 'medications.when.before',
  'After food': 'medications.when.after',
  'Along with food': 'medications.when.with',
};

export const FREQUENCY_LABELS: Record<(typeof FREQUENCIES)[number], MessageId> = {
  daily: 'medication-form.frequency.daily',
  weekly: 'medication-form.frequency.weekly',
  'as-needed': 'medications.frequency.asNeeded',
};

/** A stored option value in the active language (as stored when it is not a known option). */
export function optionLabel(t: TranslateFunction, labels: Record<string, MessageId>, value: string): string {
  return Object.hasOwn(labels, value) ? t(labels[value]!) : value;
}

/** Short weekday name of ISO weekday `iso` (1 = Monday) in `intlLocale`, e.g. 'Mon', 'सोम'. */
export function weekdayName(iso: number, intlLocale: string): string {
  // 2024-01-01 was a Monday.
  return formatShortWeekday(shiftDate('2024-01-01', iso - 1), intlLocale);
}
