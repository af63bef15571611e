/**
 * A form field's error line in the active language, the one entry point every form uses: the
 * contract's issue message is a message id with values (decision 094), shown as a sentence from the
 * health-reports catalog (Health's forms) or as 'common.fieldError' — '<label> <rule>' in English,
 * '<label>: <rule>' in Hindi, so no postposition follows a label that would need its oblique case
 * ('दवा का नाम में' is wrong) — with the rule from the 'validation' catalog. Importing this module loads that catalog (forms are lazy, so the first
 * screen does not). Decision 054.
 */
import { readValidationMessage, type ValidationMessageId } from '@diacare/contract/i18n/validation-messages';
import { loadCatalogs, wantCatalogs, type MessageId } from './i18n';
import type { TranslateFunction } from './language-provider';

wantCatalogs(['validation']);
loadCatalogs(['validation']).catch(() => undefined);

/** health-reports.field.*: the whole sentence with {label}, for Health's forms; `limit` from the values. */
const HEALTH_SENTENCES: Partial<Record<ValidationMessageId, MessageId>> = {
  'validation.required': 'health-reports.field.required',
  'validation.whole_number': 'health-reports.field.wholeNumber',
  'validation.number': 'health-reports.field.number',
  'validation.one_decimal': 'health-reports.field.oneDecimal',
  'validation.above_diastolic': 'health-reports.field.aboveDiastolic',
  'validation.date': 'health-reports.field.realDate',
  'validation.time': 'health-reports.field.timeFormat',
  'validation.min': 'health-reports.field.atLeast',
  'validation.min_unit': 'health-reports.field.atLeast',
  // A length limit (validation.max_chars) is the validation catalog's rule, in letters (अक्षर), not a measure.
  'validation.max': 'health-reports.field.atMost',
  'validation.max_unit': 'health-reports.field.atMost',
};

/** Messages that are a whole sentence already (the profile form's, label included). */
const WHOLE_SENTENCES: ReadonlySet<ValidationMessageId> = new Set([
  'validation.profile_name',
  'validation.profile_sex',
  'validation.profile_age',
  'validation.profile_whatsapp',
  'validation.profile_address',
  'validation.profile_state',
  'validation.profile_pincode',
]);

/** '20 mg/dL' or '20': the limit of an at-least/at-most rule, as Health's sentences put it. */
const limitOf = (values: Record<string, string>): string => {
  const limit = values.min ?? values.max ?? '';
  return values.unit ? `${limit} ${values.unit}` : limit;
};

/**
 * `label` and the schema's rule `problem` as one sentence in the active language.
 * @param t the active language's translate function (useT)
 * @param label the field's visible label, already in the active language
 * @param problem the contract's issue message (a message id with values, made by `vmsg`), or undefined
 * @param area 'health' for Health's own sentences first; else '<label> <rule>'
 * @returns e.g. 'Value must be at most 600 mg/dL', 'वज़न भरना ज़रूरी है'; undefined without a problem;
 *   text that is not a message id follows the label as written
 */
export function fieldMessage(
  t: TranslateFunction,
  label: string,
  problem: string | undefined,
  area: 'common' | 'health' = 'common',
): string | undefined {
  if (!problem) return undefined;
  const message = readValidationMessage(problem);
  if (!message) return t('common.fieldError', { field: label, problem });
  if (WHOLE_SENTENCES.has(message.id)) return t(message.id);
  const sentence = area === 'health' ? HEALTH_SENTENCES[message.id] : undefined;
  if (sentence) return t(sentence, { ...message.values, label, limit: limitOf(message.values) });
  return t('common.fieldError', { field: label, problem: t(message.id, message.values) });
}
