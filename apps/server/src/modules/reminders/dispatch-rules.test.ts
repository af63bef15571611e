/** Whether a claimed reminder is sent and how a send settles (dispatch-rules.ts), pure. */
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/reminders';
import type { Medication } from '@diacare/contract/medications';
import { describe, expect, it } from 'vitest';
import type { Claimed } from './dispatch.repository.ts';
import { preferenceBlocks, reasonNotToSend, sendResult } from './dispatch-rules.ts';

const now = new Date('2026-11-21T02:35:00Z');

/** A daily 08:00 dose reminder of an active medication, not taken, every preference on. */
function claimed(overrides: Partial<Claimed['row']> = {}, extra: Partial<Claimed> = {}): Claimed {
  return {
    row: {
      id: 'r1',
      user_id: 'u1',
      kind: 'dose',
      medication_id: 'm1',
      dose_date: '2026-11-21',
      scheduled_time: '08:00',
      title: 'Metformin',
      body: '500 mg',
      expires_at: new Date('2026-11-21T04:30:00Z'),
      dedupe_key: 'dose:m1:2026-11-21:08:00',
      snoozed_from: null,
      attempts: 1,
      claimed_until: new Date('2026-11-21T02:40:00Z'),
      ...overrides,
    },
    medication: {
      id: 'm1',
      name: 'Metformin',
      dosage: '500 mg',
      archived: false,
      times: ['08:00'],
      schedule: {
        schedule: { frequency: 'daily', times: ['08:00'], weekdays: [], start_date: '2026-11-01', end_date: null },
      } as unknown as Medication,
    },
    settings: { ...NOTIFICATION_DEFAULTS, pushNotifications: true, medicationReminders: true },
    taken: false,
    language: 'en',
    ...extra,
  };
}

describe('a claimed reminder', () => {
  it('is sent when due, scheduled, not taken, wanted and subscribed', () => {
    expect(reasonNotToSend(claimed(), true, now)).toBeNull();
  });

  it('is missed past its window, before anything else is asked', () => {
    expect(reasonNotToSend(claimed({ expires_at: now }), false, now)).toEqual(['missed', 'past its window']);
  });

  it('is skipped when its medicine is gone, no longer schedules it, or the dose is taken', () => {
    expect(reasonNotToSend(claimed({}, { medication: null }), true, now)).toEqual(['skipped', 'medication deleted']);
    expect(reasonNotToSend(claimed({ scheduled_time: '09:00' }), true, now)).toEqual(['skipped', 'schedule changed']);
    expect(reasonNotToSend(claimed({ scheduled_time: '09:00', snoozed_from: 'r0' }), true, now)).toBeNull();
    expect(reasonNotToSend(claimed({}, { taken: true }), true, now)).toEqual(['skipped', 'dose taken']);
  });

  it('is skipped when a preference is off or nothing can carry it, unless the channels route it', () => {
    const off = claimed({}, { settings: { ...NOTIFICATION_DEFAULTS, pushNotifications: false } });
    expect(reasonNotToSend(off, true, now)).toEqual(['skipped', 'push notifications off']);
    expect(reasonNotToSend(off, true, now, true)).toBeNull();
    expect(reasonNotToSend(claimed(), false, now)).toEqual(['skipped', 'no subscription']);
    expect(reasonNotToSend(claimed({ kind: 'weekly_summary', medication_id: null }), true, now)).toEqual([
      'skipped',
      'no e-mail or WhatsApp on the server',
    ]);
  });

  it('names the preference that stops each kind', () => {
    const settings = {
      ...NOTIFICATION_DEFAULTS,
      pushNotifications: true,
      appointmentReminders: false,
      healthTips: false,
    };
    expect(preferenceBlocks({ kind: 'appointment' }, settings)).toBe('appointment reminders off');
    expect(preferenceBlocks({ kind: 'tip' }, settings)).toBe('health tips off');
    expect(preferenceBlocks({ kind: 'dose' }, { ...settings, medicationReminders: false })).toBe(
      'medication reminders off',
    );
  });
});

describe('a send settles', () => {
  it('sent when any delivery took, skipped when every subscription was gone, else retry until the last claim', () => {
    expect(sendResult({ deliveries: 1, failures: 2 }, 3, 3)).toBe('sent');
    expect(sendResult({ deliveries: 0, failures: 0 }, 1, 3)).toBe('skipped');
    expect(sendResult({ deliveries: 0, failures: 1 }, 2, 3)).toBe('retry');
    expect(sendResult({ deliveries: 0, failures: 1 }, 3, 3)).toBe('failed');
  });
});
