/**
 * The signed-in user's glucose unit: 'mg/dL' (the default) or 'mmol/L'.
 * Every glucose figure on screen goes through it, so a change on Profile applies at once.
 */
import { DEFAULT_GLUCOSE_UNIT, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { useAuth } from './auth/auth-provider';

export function useGlucoseUnit(): GlucoseUnit {
  const { user } = useAuth();
  return user?.glucose_unit ?? DEFAULT_GLUCOSE_UNIT;
}
