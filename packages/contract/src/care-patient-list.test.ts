/**
 * needsAttention (decision 086): each reason at its edge, weighed on exact counts, and none of
 * glucose without the glucose scope.
 */
import { describe, expect, it } from 'vitest';
import { comparePatients, needsAttention, type CarePatientWithSummary } from './care-patient-list.ts';

const NOW = new Date('2026-11-20T06:30:00Z');
const DAY_MS = 86_400_000;
const glucose = (
  counts: Partial<{ readings: number; below54: number; below70: number; inRange: number; lastReadingAt: Date | null }>,
) => ({
  readings: 200,
  below54: 0,
  below70: 0,
  inRange: 200,
  lastReadingAt: NOW as Date | null,
  ...counts,
});

describe('needsAttention', () => {
  it('flags over 1 % under 54 and over 4 % under 70, not at exactly 1 % and 4 %', () => {
    const at = (below54: number, below70: number) =>
      needsAttention({
        glucose: glucose({ below54, below70, inRange: 200 - below70 }),
        adherencePercent: null,
        now: NOW,
      });
    expect(at(2, 2)).toEqual([]);
    expect(at(3, 3)).toEqual(['below_54']);
    expect(at(0, 8)).toEqual([]);
    expect(at(0, 9)).toEqual(['below_70']);
  });

  it('flags under 70 % in range and under 80 % adherence, not at exactly 70 % and 80 %', () => {
    expect(needsAttention({ glucose: glucose({ inRange: 140 }), adherencePercent: 80, now: NOW })).toEqual([]);
    expect(needsAttention({ glucose: glucose({ inRange: 139 }), adherencePercent: 79, now: NOW })).toEqual([
      'low_time_in_range',
      'low_adherence',
    ]);
  });

  it('flags no reading for 7 days, or none at all; says nothing of glucose without the scope', () => {
    const last = (ms: number) => glucose({ readings: 0, inRange: 0, lastReadingAt: new Date(NOW.getTime() - ms) });
    expect(needsAttention({ glucose: last(7 * DAY_MS - 60_000), adherencePercent: null, now: NOW })).toEqual([]);
    expect(needsAttention({ glucose: last(7 * DAY_MS), adherencePercent: null, now: NOW })).toEqual([
      'no_recent_reading',
    ]);
    expect(
      needsAttention({ glucose: { ...glucose({}), lastReadingAt: null }, adherencePercent: null, now: NOW }),
    ).toEqual(['no_recent_reading']);
    expect(needsAttention({ glucose: null, adherencePercent: null, now: NOW })).toEqual([]);
  });
});

describe('comparePatients', () => {
  const person = (name: string, reasons: number, reviewed: string | null) =>
    ({
      patient_id: name,
      name,
      summary: { needs_attention: Array(reasons).fill('below_54'), last_reviewed_at: reviewed },
    }) as unknown as CarePatientWithSummary;

  it('puts needing attention first, then the longest unreviewed, then by name', () => {
    const people = [
      person('Zara', 0, null),
      person('Meena', 1, '2026-11-19T10:00:00.000Z'),
      person('Dev', 1, null),
      person('Asha', 1, '2026-11-10T10:00:00.000Z'),
    ];
    expect(people.sort(comparePatients('attention')).map((p) => p.name)).toEqual(['Dev', 'Asha', 'Meena', 'Zara']);
    expect(people.sort(comparePatients('name')).map((p) => p.name)).toEqual(['Asha', 'Dev', 'Meena', 'Zara']);
  });
});
