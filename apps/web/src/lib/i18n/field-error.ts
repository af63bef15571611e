/**
 * A form field's error line in the active language, the one entry point every form uses: turns the
 * schema's (label, English rule) into a sentence from the health-reports catalog, the common
 * catalog, or the contract's English→Hindi table. Whole API details go through lib/validation-messages.
 * Decision 054.
 */
import { localiseValidationRule } from '../validation-messages';
import type { MessageId, MessageValues } from './i18n';
import type { TranslateFunction } from './language-provider';

/** A rule the catalogs know: its pattern (named groups fill the message's values) and message. */
type KnownRule = readonly [pattern: RegExp, id: MessageId];

/** health-reports.field.*: the whole sentence with {label}, for Health's forms. */
const HEALTH_SENTENCES: readonly KnownRule[] = [
  [/^is required$/, 'health-reports.field.required'],
  [/^must be a whole number$/, 'health-reports.field.wholeNumber'],
  [/^must be a number$/, 'health-reports.field.number'],
  [/^must have at most one decimal place$/, 'health-reports.field.oneDecimal'],
  [/^must be above diastolic$/, 'health-reports.field.aboveDiastolic'],
  [/^must be a real date/, 'health-reports.field.realDate'],
  [/^must be a time written/, 'health-reports.field.timeFormat'],
  [/^must be at least (?<limit>.+)$/, 'health-reports.field.atLeast'],
  // A length limit ('… 500 characters') is the common catalog's rule, in letters (अक्षर), not a measure.
  [/^must be at most (?<limit>(?!\d+ characters$).+)$/, 'health-reports.field.atMost'],
];

/** common.problem.*: the rule alone, put after the label by common.fieldError. */
const COMMON_PROBLEMS: readonly KnownRule[] = [
  [/^is required$/, 'common.problem.required'],
  [/^must be at most (?<n>\d+) characters$/, 'common.problem.maxLength'],
  [/^must be a whole number$/, 'common.problem.wholeNumber'],
  [/^must be (?<n>\d+) or more$/, 'common.problem.atLeast'],
  [/^needs at least one reminder time$/, 'common.problem.oneTime'],
  [/^must not repeat a time$/, 'common.problem.repeatTime'],
  [/^at most (?<n>\d+) times$/, 'common.problem.maxTimes'],
  [/^must be a valid email$/, 'common.problem.email'],
];

/** The first of `rules` that `problem` matches, with the values its groups captured. */
function known(rules: readonly KnownRule[], problem: string): { id: MessageId; values?: MessageValues } | undefined {
  for (const [pattern, id] of rules) {
    const match = pattern.exec(problem);
    if (match) return { id, values: match.groups };
  }
  return undefined;
}

/**
 * `label` and the schema's rule `problem` as one sentence in the active language.
 * @param t the active language's translate function (useT)
 * @param label the field's visible label, already in the active language
 * @param problem the contract's English rule ('must be at most 600 mg/dL'), or undefined
 * @param area 'health' for Health's own sentences first; else the common ones
 * @returns e.g. 'Value must be at most 600 mg/dL', 'वज़न भरना ज़रूरी है'; undefined without a problem
 */
export function fieldMessage(
  t: TranslateFunction,
  label: string,
  problem: string | undefined,
  area: 'common' | 'health' = 'common',
): string | undefined {
  if (!problem) return undefined;
  const sentence = area === 'health' ? known(HEALTH_SENTENCES, problem) : undefined;
  if (sentence) return t(sentence.id, { ...sentence.values, label });
  const rule = known(COMMON_PROBLEMS, problem);
  return t('common.fieldError', {
    field: label,
    problem: rule ? t(rule.id, rule.values) : localiseValidationRule(problem),
  });
}
