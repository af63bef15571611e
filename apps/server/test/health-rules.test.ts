/**
 * Health readings' rules through the API: validation (400 naming the field, nothing stored), no
 * instant after now in the user's zone (00:10 on 2026-11-21 in Kolkata, 13:40 on 2026-11-20 in
 * New York at the fixed clock; 5 minutes of skew) and none before 2000, lists newest first, and start_date/end_date ranges. Each test signs in users of its own.
 */
import { describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers.ts';
import {
  BLOOD_PRESSURE,
  BODY,
  GLUCOSE,
  KOLKATA,
  NEW_YORK,
  NOW,
  PATHS,
  healthApi,
  without,
  type Kind,
} from './support/health.ts';

/** Today for a Kolkata user at NOW; New York is still on 2026-11-20. */
const KOLKATA_TODAY = '2026-11-21';

const VALID: Record<Kind, Record<string, unknown>> = { glucose: GLUCOSE, bp: BLOOD_PRESSURE, metrics: BODY };

describe.each(DRIVERS)('health reading rules on %s', (driver) => {
  const api = healthApi(driver);
  const { newUser, log, list, logOk } = api;

  describe('validation: each rule refuses with 400 naming the field, and nothing is stored', () => {
    it.each<[string, Kind, Record<string, unknown>, string]>([
      ['a glucose reading without a value', 'glucose', without(GLUCOSE, 'value'), 'value'],
      ['a glucose value under 20 mg/dL', 'glucose', { ...GLUCOSE, value: 19 }, 'value'],
      ['a glucose value over 600 mg/dL', 'glucose', { ...GLUCOSE, value: 601 }, 'value'],
      ['a glucose value that is not a whole number', 'glucose', { ...GLUCOSE, value: 112.5 }, 'value'],
      ['a glucose value sent as text', 'glucose', { ...GLUCOSE, value: '112' }, 'value'],
      ['an unknown meal context', 'glucose', { ...GLUCOSE, meal_context: 'Brunch' }, 'meal_context'],
      ['a glucose reading without a date', 'glucose', without(GLUCOSE, 'date'), 'date'],
      ['a glucose date that does not exist', 'glucose', { ...GLUCOSE, date: '2026-02-29' }, 'date'],
      ['a glucose date in another format', 'glucose', { ...GLUCOSE, date: '20/11/2026' }, 'date'],
      ['a glucose reading without a time', 'glucose', without(GLUCOSE, 'time'), 'time'],
      ['a glucose time past 23:59', 'glucose', { ...GLUCOSE, time: '24:00' }, 'time'],
      ['a glucose time without a leading zero', 'glucose', { ...GLUCOSE, time: '7:45' }, 'time'],
      ['a reading without systolic', 'bp', without(BLOOD_PRESSURE, 'systolic'), 'systolic'],
      ['systolic under 60 mmHg', 'bp', { ...BLOOD_PRESSURE, systolic: 59, diastolic: 40 }, 'systolic'],
      ['systolic over 260 mmHg', 'bp', { ...BLOOD_PRESSURE, systolic: 261 }, 'systolic'],
      ['systolic that is not a whole number', 'bp', { ...BLOOD_PRESSURE, systolic: 128.5 }, 'systolic'],
      ['a reading without diastolic', 'bp', without(BLOOD_PRESSURE, 'diastolic'), 'diastolic'],
      ['diastolic under 30 mmHg', 'bp', { ...BLOOD_PRESSURE, diastolic: 29 }, 'diastolic'],
      ['diastolic over 160 mmHg', 'bp', { ...BLOOD_PRESSURE, systolic: 200, diastolic: 161 }, 'diastolic'],
      ['systolic equal to diastolic', 'bp', { ...BLOOD_PRESSURE, systolic: 90, diastolic: 90 }, 'systolic'],
      ['systolic below diastolic', 'bp', { ...BLOOD_PRESSURE, systolic: 80, diastolic: 120 }, 'systolic'],
      ['a pulse under 30 beats/min', 'bp', { ...BLOOD_PRESSURE, pulse: 29 }, 'pulse'],
      ['a pulse over 220 beats/min', 'bp', { ...BLOOD_PRESSURE, pulse: 221 }, 'pulse'],
      ['a pulse that is not a whole number', 'bp', { ...BLOOD_PRESSURE, pulse: 72.5 }, 'pulse'],
      ['a blood-pressure date that does not exist', 'bp', { ...BLOOD_PRESSURE, date: '2026-11-31' }, 'date'],
      ['a blood-pressure time that is not HH:MM', 'bp', { ...BLOOD_PRESSURE, time: '08:60' }, 'time'],
      ['body metrics without a weight', 'metrics', without(BODY, 'weight'), 'weight'],
      ['a weight under 2 kg', 'metrics', { ...BODY, weight: 1.9 }, 'weight'],
      ['a weight over 400 kg', 'metrics', { ...BODY, weight: 400.1 }, 'weight'],
      ['a weight finer than 0.1 kg', 'metrics', { ...BODY, weight: 70.25 }, 'weight'],
      ['a weight sent as text', 'metrics', { ...BODY, weight: '70' }, 'weight'],
      ['body metrics without a height', 'metrics', without(BODY, 'height'), 'height'],
      ['a height under 50 cm', 'metrics', { ...BODY, height: 49.9 }, 'height'],
      ['a height over 250 cm', 'metrics', { ...BODY, height: 250.1 }, 'height'],
      ['body metrics without a date', 'metrics', without(BODY, 'date'), 'date'],
      ['a body-metrics date that does not exist', 'metrics', { ...BODY, date: '2026-13-01' }, 'date'],
    ])('%s', async (_case, kind, payload, field) => {
      const asha = await newUser();
      const response = await log(asha, kind, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(new RegExp(`^${field}: `));
      expect(await list(asha, kind)).toEqual([]);
    });

    it.each<[Kind, string]>([
      ['glucose', 'value'],
      ['bp', 'systolic'],
      ['bp', 'diastolic'],
      ['metrics', 'weight'],
      ['metrics', 'height'],
    ])('%s without %s reads "is required"', async (kind, field) => {
      const asha = await newUser();
      const response = await log(asha, kind, without(VALID[kind], field));
      expect(response.json()).toEqual({ detail: `${field}: is required` });
    });

    it('systolic not above diastolic reads "systolic: must be above diastolic"', async () => {
      const asha = await newUser();
      const response = await log(asha, 'bp', { ...BLOOD_PRESSURE, systolic: 90, diastolic: 90 });
      expect(response.json()).toEqual({ detail: 'systolic: must be above diastolic' });
    });
  });

  describe('a reading may not be dated after today in the user’s zone', () => {
    it.each<Kind>(['glucose', 'bp', 'metrics'])(
      '%s: a Kolkata user just after midnight may log the new day, while UTC is still on the old one',
      async (kind) => {
        const asha = await newUser('Asha Rao', KOLKATA);
        const time = kind === 'metrics' ? {} : { time: '00:05' };
        const reading = await logOk(asha, kind, { ...VALID[kind], date: KOLKATA_TODAY, ...time });
        expect(reading.date).toBe(KOLKATA_TODAY);
        expect(await list(asha, kind)).toEqual([reading]);
      },
    );

    it.each<Kind>(['glucose', 'bp', 'metrics'])(
      '%s: a Kolkata user cannot log the day after her today',
      async (kind) => {
        const asha = await newUser('Asha Rao', KOLKATA);
        const response = await log(asha, kind, { ...VALID[kind], date: '2026-11-22' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'date: must not be in the future' });
        expect(await list(asha, kind)).toEqual([]);
      },
    );

    it.each<Kind>(['glucose', 'bp', 'metrics'])(
      '%s: a New York user, still on 20 November, cannot log 21 November but can log 20 November',
      async (kind) => {
        const ben = await newUser('Ben Cole', NEW_YORK);
        const refused = await log(ben, kind, { ...VALID[kind], date: KOLKATA_TODAY });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ detail: 'date: must not be in the future' });
        expect(await list(ben, kind)).toEqual([]);
        const reading = await logOk(ben, kind, { ...VALID[kind], date: '2026-11-20' });
        expect(await list(ben, kind)).toEqual([reading]);
      },
    );

    it.each<Kind>(['glucose', 'bp'])(
      '%s: at 00:10 in Kolkata, 00:15 (the 5-minute clock skew) is accepted, 00:16 is refused naming time',
      async (kind) => {
        const asha = await newUser('Asha Rao', KOLKATA);
        const refused = await log(asha, kind, { ...VALID[kind], date: KOLKATA_TODAY, time: '00:16' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ detail: 'time: must not be later than now' });
        expect(await list(asha, kind)).toEqual([]);
        await logOk(asha, kind, { ...VALID[kind], date: KOLKATA_TODAY, time: '00:15' });
      },
    );

    it.each<Kind>(['glucose', 'bp'])(
      '%s: in New York, west of UTC, it is 13:40 on 20 November: 13:45 is accepted, 13:46 refused',
      async (kind) => {
        const ben = await newUser('Ben Cole', NEW_YORK);
        const refused = await log(ben, kind, { ...VALID[kind], date: '2026-11-20', time: '13:46' });
        expect(refused.json()).toEqual({ detail: 'time: must not be later than now' });
        expect(await list(ben, kind)).toEqual([]);
        await logOk(ben, kind, { ...VALID[kind], date: '2026-11-20', time: '13:45' });
      },
    );

    it('the injected clock decides: a glucose time refused now is accepted once the clock passes it', async () => {
      const asha = await newUser('Asha Rao', KOLKATA);
      const later = { ...GLUCOSE, date: KOLKATA_TODAY, time: '00:30' };
      expect((await log(asha, 'glucose', later)).statusCode).toBe(400);
      api.t.clock.advance(15 * 60 * 1000); // 00:25 in Kolkata: 00:30 is within the skew
      try {
        await logOk(asha, 'glucose', later);
      } finally {
        api.t.clock.set(NOW);
      }
    });

    it.each<[Kind, string]>([
      ['glucose', '2099-01-01'],
      ['bp', '2099-01-01'],
      ['metrics', '2099-01-01'],
    ])('%s dated %s is refused as in the future', async (kind, date) => {
      const asha = await newUser();
      const response = await log(asha, kind, { ...VALID[kind], date });
      expect(response.json()).toEqual({ detail: 'date: must not be in the future' });
      expect(await list(asha, kind)).toEqual([]);
    });

    it.each<[Kind, string]>([
      ['glucose', '1900-01-01'],
      ['bp', '1900-11-20'],
      ['metrics', '1999-12-31'],
    ])('%s dated %s, before 2000, is refused naming the date', async (kind, date) => {
      const asha = await newUser();
      const response = await log(asha, kind, { ...VALID[kind], date });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'date: must not be before 2000-01-01' });
      expect(await list(asha, kind)).toEqual([]);
    });

    it('the first day of 2000 is accepted', async () => {
      const asha = await newUser();
      expect((await logOk(asha, 'metrics', { ...BODY, date: '2000-01-01' })).date).toBe('2000-01-01');
    });

    it('a reading from long ago is accepted', async () => {
      const asha = await newUser();
      expect((await logOk(asha, 'glucose', { ...GLUCOSE, date: '2020-02-29' })).date).toBe('2020-02-29');
    });
  });

  describe('lists are newest first', () => {
    it('glucose readings by date, then time, whatever order they were logged in', async () => {
      const asha = await newUser();
      const logged = [
        { date: '2026-11-18', time: '21:30', value: 150 },
        { date: '2026-11-20', time: '07:00', value: 101 },
        { date: '2026-11-19', time: '13:15', value: 165 },
        { date: '2026-11-20', time: '19:45', value: 140 },
        { date: '2026-11-19', time: '06:50', value: 98 },
        { date: '2026-11-20', time: '12:30', value: 155 },
      ];
      for (const reading of logged) await logOk(asha, 'glucose', { ...GLUCOSE, ...reading });
      const listed = (await list(asha, 'glucose')).map((r: { date: string; time: string }) => `${r.date} ${r.time}`);
      expect(listed).toEqual([
        '2026-11-20 19:45',
        '2026-11-20 12:30',
        '2026-11-20 07:00',
        '2026-11-19 13:15',
        '2026-11-19 06:50',
        '2026-11-18 21:30',
      ]);
    });

    it('blood-pressure readings by date, then time', async () => {
      const asha = await newUser();
      const logged = [
        { date: '2026-11-19', time: '20:00' },
        { date: '2026-11-20', time: '08:00' },
        { date: '2026-11-19', time: '08:00' },
        { date: '2026-11-17', time: '23:59' },
        { date: '2026-11-20', time: '00:00' },
      ];
      for (const reading of logged) await logOk(asha, 'bp', { ...BLOOD_PRESSURE, ...reading });
      const listed = (await list(asha, 'bp')).map((r: { date: string; time: string }) => `${r.date} ${r.time}`);
      expect(listed).toEqual([
        '2026-11-20 08:00',
        '2026-11-20 00:00',
        '2026-11-19 20:00',
        '2026-11-19 08:00',
        '2026-11-17 23:59',
      ]);
    });

    it('body metrics by date, and on one date the later-logged first', async () => {
      const asha = await newUser();
      const logged = [
        { weight: 71, date: '2026-11-15' },
        { weight: 70.4, date: '2026-11-20' },
        { weight: 70.8, date: '2026-11-17' },
        { weight: 70.2, date: '2026-11-20' },
      ];
      for (const reading of logged) await logOk(asha, 'metrics', { ...BODY, ...reading });
      const listed = (await list(asha, 'metrics')).map(
        (r: { date: string; weight: number }) => `${r.date} ${r.weight}`,
      );
      expect(listed).toEqual(['2026-11-20 70.2', '2026-11-20 70.4', '2026-11-17 70.8', '2026-11-15 71']);
    });
  });

  describe('start_date and end_date', () => {
    const DATES = ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18'];
    const datesOf = (readings: { date: string }[]) => readings.map((reading) => reading.date);

    it.each<Kind>(['glucose', 'bp', 'metrics'])(
      '%s: both ends are inclusive, and either may be left out',
      async (kind) => {
        const asha = await newUser();
        for (const date of DATES) await logOk(asha, kind, { ...VALID[kind], date });
        expect(datesOf(await list(asha, kind, '?start_date=2026-11-15&end_date=2026-11-17'))).toEqual([
          '2026-11-17',
          '2026-11-16',
          '2026-11-15',
        ]);
        expect(datesOf(await list(asha, kind, '?start_date=2026-11-17'))).toEqual(['2026-11-18', '2026-11-17']);
        expect(datesOf(await list(asha, kind, '?end_date=2026-11-15'))).toEqual(['2026-11-15', '2026-11-14']);
        expect(datesOf(await list(asha, kind, '?start_date=2026-11-16&end_date=2026-11-16'))).toEqual(['2026-11-16']);
        expect(datesOf(await list(asha, kind, '?start_date=2026-11-19'))).toEqual([]);
        expect(datesOf(await list(asha, kind))).toEqual([...DATES].reverse());
      },
    );

    it.each<Kind>(['glucose', 'bp', 'metrics'])(
      '%s: an end before the start is a 400 naming end_date',
      async (kind) => {
        const asha = await newUser();
        const response = await asha.request({ url: `${PATHS[kind]}?start_date=2026-11-17&end_date=2026-11-16` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'end_date: must not be before start_date' });
      },
    );

    it.each<Kind>(['glucose', 'bp', 'metrics'])('%s: limit keeps only the newest readings', async (kind) => {
      const asha = await newUser();
      for (const date of DATES) await logOk(asha, kind, { ...VALID[kind], date });
      expect(datesOf(await list(asha, kind, '?limit=1'))).toEqual(['2026-11-18']);
      expect(datesOf(await list(asha, kind, '?limit=2&end_date=2026-11-16'))).toEqual(['2026-11-16', '2026-11-15']);
      expect(datesOf(await list(asha, kind, '?limit=10'))).toHaveLength(5);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=few', 'limit'],
      ['start_date=2026-02-30', 'start_date'],
      ['end_date=yesterday', 'end_date'],
      ['start_date=2026-11-1', 'start_date'],
    ])('a bad query (%s) is a 400 naming the field', async (query, field) => {
      const asha = await newUser();
      const response = await asha.request({ url: `${PATHS.glucose}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(new RegExp(`^${field}: `));
    });
  });
});
