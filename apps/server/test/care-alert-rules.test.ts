/** The care alerts' pure rules (decision 051): thresholds, back-dating and quiet hours in the patient's zone. */
import { DEFAULT_CARE_SETTINGS } from '@diacare/contract/care';
import { describe, expect, it } from 'vitest';
import { decideAlert, glucoseAlertKind, quietUntil, type AlertFacts } from '../src/modules/care/care-alert-rules.ts';

const KOLKATA = 'Asia/Kolkata';
const at = (iso: string) => new Date(iso);

describe('care alert rules', () => {
  it('under 54 is urgent, under 70 low, 70 is none; 16 minutes back-dated is none, 15 still alerts', () => {
    const now = at('2026-11-27T10:00:00Z');
    expect(glucoseAlertKind(53, now, now)).toBe('urgent_low_glucose');
    expect(glucoseAlertKind(54, now, now)).toBe('low_glucose');
    expect(glucoseAlertKind(69, now, now)).toBe('low_glucose');
    expect(glucoseAlertKind(70, now, now)).toBeNull();
    expect(glucoseAlertKind(40, at('2026-11-27T09:44:00Z'), now)).toBeNull();
    expect(glucoseAlertKind(40, at('2026-11-27T09:45:00Z'), now)).toBe('urgent_low_glucose');
  });

  it('quiet hours crossing midnight in Kolkata: inside before and after midnight, outside at their end', () => {
    const quiet = { start: '22:00', end: '07:00' };
    // 22:00 Kolkata = 16:30Z; 07:00 the next day = 01:30Z.
    expect(quietUntil(at('2026-11-27T16:30:00Z'), quiet, KOLKATA)).toEqual(at('2026-11-28T01:30:00Z'));
    expect(quietUntil(at('2026-11-27T20:00:00Z'), quiet, KOLKATA)).toEqual(at('2026-11-28T01:30:00Z'));
    expect(quietUntil(at('2026-11-28T01:29:00Z'), quiet, KOLKATA)).toEqual(at('2026-11-28T01:30:00Z'));
    expect(quietUntil(at('2026-11-28T01:30:00Z'), quiet, KOLKATA)).toBeNull();
    expect(quietUntil(at('2026-11-27T16:29:00Z'), quiet, KOLKATA)).toBeNull();
    expect(quietUntil(at('2026-11-27T16:29:00Z'), null, KOLKATA)).toBeNull();
    // Within one day: 13:00–15:00.
    expect(quietUntil(at('2026-11-27T08:00:00Z'), { start: '13:00', end: '15:00' }, KOLKATA)).toEqual(
      at('2026-11-27T09:30:00Z'),
    );
  });

  it('decides: cancels a settled, snoozed or archived dose; holds all but under 54 in quiet hours', () => {
    const night = at('2026-11-27T20:00:00Z');
    const base: AlertFacts = {
      kind: 'missed_dose',
      doseSettled: false,
      doseSnoozed: false,
      medicationGone: false,
      readingGone: false,
      recovered: false,
      episodeAlerted: false,
      settings: { ...DEFAULT_CARE_SETTINGS, quiet_hours: { start: '22:00', end: '07:00' } },
      timezone: KOLKATA,
    };
    expect(decideAlert({ ...base, doseSettled: true }, night)).toEqual({ action: 'cancel', reason: 'dose recorded' });
    expect(decideAlert({ ...base, doseSnoozed: true }, night)).toEqual({ action: 'cancel', reason: 'dose snoozed' });
    expect(decideAlert({ ...base, medicationGone: true }, night).action).toBe('cancel');
    expect(decideAlert(base, night)).toEqual({ action: 'hold', until: at('2026-11-28T01:30:00Z') });
    expect(decideAlert({ ...base, kind: 'low_glucose' }, night).action).toBe('hold');
    expect(decideAlert({ ...base, kind: 'urgent_low_glucose' }, night)).toEqual({ action: 'send' });
    expect(decideAlert({ ...base, kind: 'low_glucose', recovered: true }, night).action).toBe('cancel');
    const off = { ...base, settings: { ...base.settings, low_glucose_alerts: false } };
    expect(decideAlert({ ...off, kind: 'urgent_low_glucose' }, night).action).toBe('cancel');
    expect(decideAlert({ ...base, settings: DEFAULT_CARE_SETTINGS }, night)).toEqual({ action: 'send' });
  });
});
