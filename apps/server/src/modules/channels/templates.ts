/**
 * The message templates of the e-mail and WhatsApp channels, as data (decision 050). A WhatsApp
 * template must be registered under `name` in both languages before it can be sent; its body
 * is `whatsapp[language]`, where {{n}} is the n-th of `variables`. README lists them.
 */
import type { NotificationKind } from '@diacare/contract/channels';

export interface Template {
  /** The kind whose routing decides the channels. */
  kind: NotificationKind;
  /** The values a message needs, in WhatsApp's {{1}}, {{2}}… order. */
  variables: readonly string[];
  /** The body to register with WhatsApp (category UTILITY), per language code. */
  whatsapp: { en: string; hi: string };
}

export const TEMPLATES = {
  dose_reminder: {
    kind: 'dose',
    variables: ['medicine', 'dose', 'time'],
    whatsapp: {
      en: 'Time to take {{1}} ({{2}}) at {{3}}.',
      hi: '{{3}} बजे {{1}} ({{2}}) लेने का समय है।',
    },
  },
  refill_reminder: {
    kind: 'refill',
    variables: ['medicine', 'count'],
    whatsapp: {
      en: 'Only {{2}} left of {{1}}. Time to refill.',
      hi: '{{1}} की केवल {{2}} बची हैं। दोबारा खरीदने का समय है।',
    },
  },
  appointment_reminder: {
    kind: 'appointment',
    variables: ['title', 'time', 'location'],
    whatsapp: {
      en: 'Reminder: {{1}} at {{2}}, {{3}}.',
      hi: 'याद दिलाना: {{1}}, {{2}} बजे, {{3}}।',
    },
  },
  care_missed_dose: {
    kind: 'care_alert',
    variables: ['patient', 'medicine', 'time'],
    whatsapp: {
      en: '{{1}} has not marked {{2}} due at {{3}} as taken.',
      hi: '{{1}} ने {{3}} बजे की {{2}} ली गई के रूप में दर्ज नहीं की है।',
    },
  },
  care_low_glucose: {
    kind: 'care_alert',
    variables: ['patient', 'value', 'time'],
    whatsapp: {
      en: '{{1}} logged a low glucose reading of {{2}} at {{3}}. Please check on them.',
      hi: '{{1}} ने {{3}} बजे {{2}} की कम ग्लूकोज़ रीडिंग दर्ज की। कृपया उनका हाल पूछें।',
    },
  },
  weekly_summary: {
    kind: 'weekly_summary',
    variables: ['week', 'adherence', 'readings'],
    whatsapp: {
      en: 'Your week {{1}}: {{2}} of doses taken, {{3}} glucose readings logged.',
      hi: 'आपका सप्ताह {{1}}: {{2}} खुराकें ली गईं, {{3}} ग्लूकोज़ रीडिंग दर्ज हुईं।',
    },
  },
  meal_check: {
    kind: 'meal_check',
    variables: ['time'],
    whatsapp: {
      en: 'It is 2 hours since your {{1}} meal: check your sugar now to see what this meal did.',
      hi: '{{1}} बजे के खाने को 2 घंटे हो गए: अभी शुगर जाँचें, ताकि पता चले इस खाने का क्या असर हुआ।',
    },
  },
} as const satisfies Record<string, Template>;

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
