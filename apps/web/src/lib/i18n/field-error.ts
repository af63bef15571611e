/**
 * Field errors in the active language. The contract's zod schemas speak English after the
 * field's label ('is required' → 'Dosage is required', spec §5); the known phrases are
 * translated here (common.problem.*), any other through the contract's table (in Hindi), else
 * shown as the schema wrote it.
 */
import { localiseValidationRule } from '../validation-messages';
import type { MessageId, MessageValues } from './i18n';
import type { TranslateFunction } from './language-provider';

const PROBLEMS: [RegExp, MessageId][] = [
  [/^is required$/, 'common.problem.required'],
  [/^must be at most (?<n>\d+) characters$/, 'common.problem.maxLength'],
  [/^must be a whole number$/, 'common.problem.wholeNumber'],
  [/^must be (?<n>\d+) or more$/, 'common.problem.atLeast'],
  [/^needs at least one reminder time$/, 'common.problem.oneTime'],
  [/^must not repeat a time$/, 'common.problem.repeatTime'],
  [/^at most (?<n>\d+) times$/, 'common.problem.maxTimes'],
  [/^must be a valid email$/, 'common.problem.email'],
];

/** `label` and the schema's `problem` as one sentence in the active language, or undefined. */
export function fieldMessage(t: TranslateFunction, label: string, problem: string | undefined): string | undefined {
  if (!problem) return undefined;
  for (const [pattern, id] of PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return t('common.fieldError', { field: label, problem: t(id, match.groups as MessageValues) });
  }
  // Any other rule: the contract's English→Hindi table, shared with the server (decision 026).
  return t('common.fieldError', { field: label, problem: localiseValidationRule(problem) });
}
