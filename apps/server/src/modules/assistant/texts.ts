/**
 * Every sentence the assistant writes, in English and Hindi: the data tools'
 * answers, the guard rails (dose-change refusal, 'Call 112 now', the ADA 15–15 rule), the
 * built-in engine's fallback and notes, link labels and the stream's error. The English
 * texts are the ones issue 11 shipped, unchanged; the Hindi is written the way Indian
 * health apps write for patients (आप form; शुगर, ब्लड प्रेशर, दवा, खुराक), with Western
 * digits and units as written (mg/dL, mmHg, kg). Dates stay ISO (YYYY-MM-DD) and times
 * 24-hour, as the English answers give them, so the figures are the same in both.
 *
 * `assistantTexts(language)` returns one language's set; the figures passed in are the
 * ones the tools computed with the contract's rules, never computed here.
 */
import type { AssistantLink } from '@diacare/contract/assistant';
import type { Language } from '../../i18n/index.ts';
import type { AssistantTexts } from './texts-common.ts';
import { EN } from './texts-en.ts';
import { HI } from './texts-hi.ts';

export type { AssistantTexts, PeriodDays } from './texts-common.ts';

const TEXTS: Record<Language, AssistantTexts> = { en: EN, hi: HI };

/** The assistant's texts in `language` (English when none is given). */
export function assistantTexts(language: Language = 'en'): AssistantTexts {
  return TEXTS[language];
}

/** Both languages' sets (guard-rail grounding and tests). */
export const ALL_TEXTS: readonly AssistantTexts[] = [EN, HI];

/** A link to a screen, labelled in `language`. */
export function link(texts: AssistantTexts, key: keyof AssistantTexts['links'], href: string): AssistantLink {
  return { label: texts.links[key], href };
}
