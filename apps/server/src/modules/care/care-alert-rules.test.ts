/** The missed-dose timing (care-alert-rules.ts), pure: when a dose not taken alerts, and for how long. */
import { MAX_MISSED_DOSE_ALERT_MINUTES } from '@diacare/contract/care';
import { describe, expect, it } from 'vitest';
import {
  isMissedDoseAlertDue,
  MISSED_DOSE_LOOKBACK_MS,
  missedDoseAlertAt,
  missedDoseCandidatesFrom,
} from './care-alert-rules.ts';

const dose = new Date('2026-11-21T02:30:00Z'); // 08:00 in Kolkata

describe('a missed dose alerts', () => {
  it("at its time plus the patient's delay", () => {
    expect(missedDoseAlertAt(dose, 60).toISOString()).toBe('2026-11-21T03:30:00.000Z');
  });

  it('from its alert time on, and no longer once the look-back has passed', () => {
    const alertAt = missedDoseAlertAt(dose, 60);
    expect(isMissedDoseAlertDue(alertAt, new Date(alertAt.getTime() - 1))).toBe(false);
    expect(isMissedDoseAlertDue(alertAt, alertAt)).toBe(true);
    expect(isMissedDoseAlertDue(alertAt, new Date(alertAt.getTime() + MISSED_DOSE_LOOKBACK_MS - 1))).toBe(true);
    expect(isMissedDoseAlertDue(alertAt, new Date(alertAt.getTime() + MISSED_DOSE_LOOKBACK_MS))).toBe(false);
  });

  it('so only doses since the look-back plus the longest delay are read', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const from = missedDoseCandidatesFrom(now);
    expect(now.getTime() - from.getTime()).toBe(MISSED_DOSE_LOOKBACK_MS + MAX_MISSED_DOSE_ALERT_MINUTES * 60_000);
    // The oldest dose that can still alert, with the longest delay, is just after `from`.
    const oldest = new Date(from.getTime() + 1);
    expect(isMissedDoseAlertDue(missedDoseAlertAt(oldest, MAX_MISSED_DOSE_ALERT_MINUTES), now)).toBe(true);
  });
});
