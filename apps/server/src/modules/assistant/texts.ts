/**
 * Every sentence the assistant writes: `assistantTexts(language)` picks the English or Hindi
 * set (texts-en.ts, texts-hi.ts). Figures are passed in, computed by the tools with the
 * contract's rules, never here; dates stay ISO and times 24-hour in both languages.
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
