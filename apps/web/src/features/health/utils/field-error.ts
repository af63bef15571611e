/**
 * A form field's validation message in the active language (issue 14). The contract's zod
 * schemas write English fragments ('is required', 'must be at most 600 mg/dL'); the forms put
 * the field's label in front ('Value is required'). Known fragments become catalog messages
 * with the label and limit filled in; any other goes through lib/i18n/field-error (the
 * common catalog, else the contract's English→Hindi table shared with the server).
 */
import { fieldMessage } from '../../../lib/i18n/field-error';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';

/** `message` (a contract fragment) for the field `label`, e.g. ('Value', 'is required') → 'Value is required'. */
export function fieldError(t: TranslateFunction, label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === 'is required') return t('health-reports.field.required', { label });
  if (message === 'must be a whole number') return t('health-reports.field.wholeNumber', { label });
  if (message === 'must be a number') return t('health-reports.field.number', { label });
  if (message === 'must have at most one decimal place') return t('health-reports.field.oneDecimal', { label });
  if (message === 'must be above diastolic') return t('health-reports.field.aboveDiastolic', { label });
  if (message.startsWith('must be a real date')) return t('health-reports.field.realDate', { label });
  if (message.startsWith('must be a time written')) return t('health-reports.field.timeFormat', { label });
  const bound = /^must be at (least|most) (.+)$/.exec(message);
  if (bound) {
    return t(bound[1] === 'least' ? 'health-reports.field.atLeast' : 'health-reports.field.atMost', {
      label,
      limit: bound[2],
    });
  }
  // Any other rule: the shared field-error path (common catalog, else the contract's table).
  return fieldMessage(t, label, message);
}
