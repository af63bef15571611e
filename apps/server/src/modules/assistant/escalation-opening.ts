/**
 * What opens an escalated answer (guard-rails.ts escalationFor): 'Call 112 now', with a low's first
 * aid and the 15–15 steps only when the emergency may be a low, and the one article that goes after
 * it; the 15–15 steps alone for a low; the self-harm text. Thresholds from ADA Standards of Care
 * 2025, §6 (docs/product.md, Clinical statements).
 */
import type { AssistantSource } from '@diacare/contract/assistant';
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import { t, type Language } from '../../i18n/index.ts';
import type { Escalation } from './guard-rails.ts';
import { normalise } from './medicine-spelling.ts';
import { mentionedGlucose } from './told-glucose.ts';
import { readChatWords } from './lexicon.ts';
import { citedSource, hypoSteps } from './phrases.ts';
import { statedAboveMgDl, tellsHeartStrokeOrBreathing, tellsVeryHighWithSigns } from './urgent-signs.ts';

/**
 * Whether an emergency told in `text` may be a low, so that the 15–15 steps follow 'Call 112 now':
 * a told glucose under 70 mg/dL, or a low logged in the last 2 hours (`recentLowMgDl`), or — with no
 * glucose told — anything but chest pain, stroke signs, breathing trouble or very high glucose with
 * its signs (an unconscious or confused person with diabetes may be low: ADA Standards of Care 2025, §6).
 */
export function emergencyMayBeLow(text: string, recentLowMgDl: number | null = null): boolean {
  const t = normalise(text);
  const value = mentionedGlucose(t);
  if (value !== null && value < HYPOGLYCAEMIA.low) return true;
  if (recentLowMgDl !== null) return true;
  if (value !== null || statedAboveMgDl(t) !== null) return false;
  return !tellsHeartStrokeOrBreathing(t) && !tellsHeartStrokeOrBreathing(readChatWords(t).padded);
}

/**
 * The article that goes after 'Call 112 now' for the emergency told in `text`: very high glucose with
 * its signs → 'high-sugar'; chest pain, stroke signs or breathing trouble → 'heart-and-cholesterol'
 * (its passage on when to call 112); anything else (a low, fainting, a fit) → null, the 15–15 steps
 * being the body when it may be a low.
 */
export function emergencyArticle(text: string): 'high-sugar' | 'heart-and-cholesterol' | null {
  const t = normalise(text);
  const value = mentionedGlucose(t) ?? statedAboveMgDl(t);
  if (tellsVeryHighWithSigns(t, value)) return 'high-sugar';
  if (tellsHeartStrokeOrBreathing(t) || tellsHeartStrokeOrBreathing(readChatWords(t).padded))
    return 'heart-and-cholesterol';
  return null;
}

/**
 * 'Call 112 now …' in `language`; when the emergency `mayBeLow`, with what to do for someone
 * unconscious or unable to swallow (nothing by mouth, glucagon only if prescribed: ADA Standards of
 * Care 2025, §6), which is a low's first aid, not a stroke's or a heart attack's.
 */
export const emergencyOpening = (language: Language, mayBeLow: boolean) =>
  mayBeLow
    ? `${t(language, 'assistant.emergency')} ${t(language, 'assistant.emergency_unconscious')}`
    : t(language, 'assistant.emergency');

/**
 * The text that opens an escalated answer in `language`, with glucose thresholds in `unit`, and its
 * sources; an emergency adds the 15–15 steps only when `mayBeLow` (emergencyMayBeLow).
 */
export function escalationPreamble(
  escalation: Escalation,
  language: Language = 'en',
  unit: GlucoseUnit = 'mg/dL',
  mayBeLow = true,
): { text: string; sources: AssistantSource[] } | null {
  if (escalation === 'self-harm') {
    return { text: t(language, 'assistant.self_harm'), sources: [citedSource(language, 'emergency')] };
  }
  if (escalation === 'emergency' && !mayBeLow) {
    return { text: emergencyOpening(language, false), sources: [citedSource(language, 'emergency')] };
  }
  if (escalation === 'emergency') {
    return {
      text: `${emergencyOpening(language, true)}\n\n${hypoSteps(unit, language)}`,
      sources: [citedSource(language, 'emergency'), citedSource(language, 'hypo')],
    };
  }
  if (escalation === 'hypo') return { text: hypoSteps(unit, language), sources: [citedSource(language, 'hypo')] };
  return null;
}
