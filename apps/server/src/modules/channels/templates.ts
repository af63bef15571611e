/**
 * The message templates of the e-mail and WhatsApp channels, as data (decision 050). A WhatsApp
 * template must be registered under `name` in both languages before it can be sent; its body
 * is `whatsapp[language]`, made from the catalog text whatsapp.<name>, where {{n}} is the n-th of
 * `variables`. README lists them.
 */
import type { NotificationKind } from '@diacare/contract/channels';
import { LANGUAGES } from '@diacare/contract/languages';
import { t, type Language, type MessageId } from '../../i18n/index.ts';

export interface Template {
  /** The kind whose routing decides the channels. */
  kind: NotificationKind;
  /** The values a message needs, in WhatsApp's {{1}}, {{2}}… order. */
  variables: readonly string[];
  /** The body to register with WhatsApp (category UTILITY), per language code. */
  whatsapp: Record<Language, string>;
}

/** Each template's kind and variables; its WhatsApp bodies come from the catalogs (whatsappBodies). */
const DEFINITIONS = {
  dose_reminder: { kind: 'dose', variables: ['medicine', 'dose', 'time'] },
  refill_reminder: { kind: 'refill', variables: ['medicine', 'count'] },
  appointment_reminder: { kind: 'appointment', variables: ['title', 'time', 'location'] },
  care_missed_dose: { kind: 'care_alert', variables: ['patient', 'medicine', 'time'] },
  care_low_glucose: { kind: 'care_alert', variables: ['patient', 'value', 'time'] },
  weekly_summary: { kind: 'weekly_summary', variables: ['week', 'adherence', 'readings'] },
  meal_check: { kind: 'meal_check', variables: ['time'] },
} as const satisfies Record<string, Omit<Template, 'whatsapp'>>;

/**
 * A template's body in every language, from the server catalogs (whatsapp.<name>), with each
 * variable written as WhatsApp's {{n}}: the text to register for it.
 */
function whatsappBodies(name: string, variables: readonly string[]): Record<Language, string> {
  const placeholders = Object.fromEntries(variables.map((variable, i) => [variable, `{{${i + 1}}}`]));
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, t(language, `whatsapp.${name}` as MessageId, placeholders)]),
  ) as Record<Language, string>;
}

export const TEMPLATES = Object.fromEntries(
  Object.entries(DEFINITIONS).map(([name, template]) => [
    name,
    { ...template, whatsapp: whatsappBodies(name, template.variables) },
  ]),
) as { [Name in keyof typeof DEFINITIONS]: (typeof DEFINITIONS)[Name] & Pick<Template, 'whatsapp'> };

export type TemplateName = keyof typeof TEMPLATES;
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

/** The values of one message by variable name, e.g. { medicine: 'Metformin', dose: '500 mg', time: '09:00' }. */
export type TemplateValues = Record<string, string>;

/**
 * The template's values in its variables' order.
 * @throws Error naming the first missing variable (a programming error in the caller).
 */
export function orderedValues(name: TemplateName, values: TemplateValues): string[] {
  return TEMPLATES[name].variables.map((variable) => {
    const value = values[variable];
    if (value === undefined) throw new Error(`template ${name}: missing value '${variable}'`);
    return value;
  });
}
