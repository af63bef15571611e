/**
 * Which appointments are upcoming (appointment-rules.ts) and the wall-clock → instant conversion of
 * `starts_at` (dates.ts `zonedInstant`). Expected instants are by hand: Kolkata is UTC+05:30 all year;
 * New York is UTC−05:00, and UTC−04:00 from 8 March to 1 November 2026 (02:00 each).
 */
import { describe, expect, it } from 'vitest';
import { HOME_UPCOMING_LIMIT, isUpcoming, pastAppointments, upcomingAppointments } from './appointment-rules.ts';
import type { Appointment } from './appointments.ts';
import { zonedInstant } from './dates.ts';

const NOW = new Date('2026-11-20T20:00:00.000Z');

function appointment(overrides: Partial<Appointment> & Pick<Appointment, 'id' | 'starts_at'>): Appointment {
  return {
    type: 'doctor',
    title: 'Quarterly review',
    doctor: 'Dr Mehta',
    location: 'City Clinic',
    date: overrides.starts_at.slice(0, 10),
    time: overrides.starts_at.slice(11, 16),
    notes: '',
    status: 'upcoming',
    ...overrides,
  };
}

const ids = (list: Appointment[]) => list.map((a) => a.id);

describe('isUpcoming', () => {
  it('an upcoming appointment that starts later than now is upcoming', () => {
    expect(isUpcoming(appointment({ id: 'a', starts_at: '2026-11-20T20:01:00.000Z' }), NOW)).toBe(true);
  });

  it('an upcoming appointment whose time has passed is not upcoming', () => {
    expect(isUpcoming(appointment({ id: 'a', starts_at: '2026-11-20T19:59:00.000Z' }), NOW)).toBe(false);
  });

  it('an appointment starting exactly now is no longer upcoming', () => {
    expect(isUpcoming(appointment({ id: 'a', starts_at: NOW.toISOString() }), NOW)).toBe(false);
  });

  it('a cancelled or completed appointment is never upcoming, even in the future', () => {
    const future = '2026-12-01T04:30:00.000Z';
    expect(isUpcoming(appointment({ id: 'a', starts_at: future, status: 'cancelled' }), NOW)).toBe(false);
    expect(isUpcoming(appointment({ id: 'b', starts_at: future, status: 'completed' }), NOW)).toBe(false);
  });
});

describe('upcomingAppointments and pastAppointments', () => {
  const list: Appointment[] = [
    appointment({ id: 'later', starts_at: '2026-12-05T05:00:00.000Z' }),
    appointment({ id: 'cancelled-soon', starts_at: '2026-11-21T03:30:00.000Z', status: 'cancelled' }),
    appointment({ id: 'yesterday', starts_at: '2026-11-19T04:00:00.000Z' }),
    appointment({ id: 'soonest', starts_at: '2026-11-21T04:00:00.000Z' }),
    appointment({ id: 'done-last-week', starts_at: '2026-11-13T06:00:00.000Z', status: 'completed' }),
    appointment({ id: 'next', starts_at: '2026-11-22T08:15:00.000Z', type: 'lab', doctor: null }),
    appointment({ id: 'an-hour-ago', starts_at: '2026-11-20T19:00:00.000Z' }),
  ];

  it('upcoming appointments are listed soonest first, leaving out cancelled, completed and past ones', () => {
    expect(ids(upcomingAppointments(list, NOW))).toEqual(['soonest', 'next', 'later']);
  });

  it('Home shows at most the 2 soonest upcoming appointments', () => {
    expect(HOME_UPCOMING_LIMIT).toBe(2);
    expect(ids(upcomingAppointments(list, NOW, HOME_UPCOMING_LIMIT))).toEqual(['soonest', 'next']);
  });

  it('a limit larger than the list returns every upcoming appointment', () => {
    expect(ids(upcomingAppointments(list.slice(0, 2), NOW, 2))).toEqual(['later']);
  });

  it('past, completed and cancelled appointments are listed most recent first', () => {
    expect(ids(pastAppointments(list, NOW))).toEqual(['cancelled-soon', 'an-hour-ago', 'yesterday', 'done-last-week']);
  });

  it('the input list is left in its original order', () => {
    const before = ids(list);
    upcomingAppointments(list, NOW, 2);
    pastAppointments(list, NOW);
    expect(ids(list)).toEqual(before);
  });

  it('with no appointments both lists are empty', () => {
    expect(upcomingAppointments([], NOW, 2)).toEqual([]);
    expect(pastAppointments([], NOW)).toEqual([]);
  });
});

describe('zonedInstant', () => {
  it('09:00 on 21 November 2026 in Kolkata is 03:30 UTC', () => {
    expect(zonedInstant('2026-11-21', '09:00', 'Asia/Kolkata').toISOString()).toBe('2026-11-21T03:30:00.000Z');
  });

  it('09:00 on 21 November 2026 in New York, on standard time, is 14:00 UTC', () => {
    expect(zonedInstant('2026-11-21', '09:00', 'America/New_York').toISOString()).toBe('2026-11-21T14:00:00.000Z');
  });

  it('09:00 on 1 July 2026 in New York, on daylight time, is 13:00 UTC', () => {
    expect(zonedInstant('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
  });

  // On 8 March 2026 New York clocks jump from 02:00 EST (07:00Z) to 03:00 EDT, so 02:30
  // never happens: it maps to the first valid instant after the gap, 03:00 EDT (07:00Z).
  it('a time skipped by the spring-forward change in New York moves to the end of the gap', () => {
    const instant = zonedInstant('2026-03-08', '02:30', 'America/New_York');
    expect(instant.toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  // On 1 November 2026 New York clocks fall back from 02:00 EDT to 01:00 EST, so 01:30
  // happens twice: 05:30Z (EDT) and 06:30Z (EST). The first, daylight-time one counts.
  it('a time repeated by the fall-back change in New York maps to its first occurrence', () => {
    const instant = zonedInstant('2026-11-01', '01:30', 'America/New_York');
    expect(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z']).toContain(instant.toISOString());
    expect(instant.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});
