/**
 * Who answered, as the screen names it: the built-in engine's stored name
 * ('DiaCare assistant') in the active language, a model's name as configured, and
 * 'Assistant' when the name is not known.
 */
import type { TranslateFunction } from '../../../lib/i18n/language-provider';
import { BUILTIN_ENGINE_NAME } from '../api/types';

export function engineLabel(t: TranslateFunction, engine: string | null | undefined): string {
  if (!engine) return t('assistant.engine.generic');
  return engine === BUILTIN_ENGINE_NAME ? t('assistant.engine.builtin') : engine;
}
