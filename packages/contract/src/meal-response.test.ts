import { describe, expect, it } from 'vitest';
import { zonedInstant } from './dates.ts';
import { summariseMeals } from './meal-report-rules.ts';
import { median, mealResponse, type TimedReading } from './meal-response.ts';

const MIN = 60_000;
const lunch = { at: Date.parse('2026-03-10T07:30:00Z'), meal_type: 'lunch' as const };
/** A sensor trace every 5 minutes from `from` to `to` minutes around `at`, valued by `f(minute)`. */
function trace(at: number, from: number, to: number, f: (minute: number) => number): TimedReading[] {
  const readings: TimedReading[] = [];
  for (let minute = from; minute <= to; minute += 5) readings.push({ value: f(minute), at: at + minute * MIN });
  return readings;
}
const curve = (minute: number) =>
  minute <= 0 ? 110 : minute <= 60 ? 110 + minute : Math.max(110, 170 - (minute - 60));

describe('mealResponse with a sensor', () => {
  it('takes the reading nearest the meal before it and the highest in the 3 hours after', () => {
    const response = mealResponse(lunch, null, trace(lunch.at, -60, 240, curve), []);
    expect(response).toEqual({
      source: 'sensor',
      before: { value: 110, at: lunch.at },
      peak: { value: 170, at: lunch.at + 60 * MIN },
      rise: 60,
      minutes_to_peak: 60,
    });
  });

  it('stops the peak window at the next meal', () => {
    const snack = lunch.at + 40 * MIN;
    const response = mealResponse(lunch, snack, trace(lunch.at, -60, 240, curve), []);
    expect(response.peak).toEqual({ value: 145, at: lunch.at + 35 * MIN });
    expect(response.rise).toBe(35);
  });

  it('finds no before reading outside 30 min before to 10 min after, and falls back to none', () => {
    const response = mealResponse(lunch, null, trace(lunch.at, 15, 240, curve), []);
    expect(response).toEqual({ source: 'none', before: null, peak: null, rise: null, minutes_to_peak: null });
  });

  it('a reading up to 10 min after the meal may be the before one; a rise may be negative', () => {
    const readings = [
      { value: 150, at: lunch.at + 10 * MIN },
      { value: 140, at: lunch.at + 90 * MIN },
    ];
    const response = mealResponse(lunch, null, readings, []);
    expect(response.before?.value).toBe(150);
    expect(response.peak?.value).toBe(150);
    expect(response.rise).toBe(0);
    expect(mealResponse(lunch, null, [{ value: 150, at: lunch.at - 5 * MIN }, readings[1]!], []).rise).toBe(-10);
  });

  it('a trace ending short of 60 min after the meal gives no peak, unless the next meal came sooner', () => {
    const short = trace(lunch.at, -30, 45, curve);
    expect(mealResponse(lunch, null, short, [])).toEqual({
      source: 'none',
      before: { value: 110, at: lunch.at },
      peak: null,
      rise: null,
      minutes_to_peak: null,
    });
    // A flat trace ending at 45 min: no made-up rise of 0 at 15 min.
    expect(
      mealResponse(
        lunch,
        null,
        trace(lunch.at, -30, 45, () => 110),
        [],
      ).rise,
    ).toBeNull();
    expect(mealResponse(lunch, null, trace(lunch.at, -30, 60, curve), []).rise).toBe(60);
    expect(mealResponse(lunch, lunch.at + 40 * MIN, short, []).rise).toBe(35);
  });

  it('a gap in the trace (sensor off) leaves only what was read; nothing is filled in', () => {
    const readings = trace(lunch.at, -30, 240, curve).filter(
      (r) => r.at < lunch.at + 20 * MIN || r.at > lunch.at + 150 * MIN,
    );
    const response = mealResponse(lunch, null, readings, []);
    expect(response.peak).toEqual({ value: 125, at: lunch.at + 15 * MIN });
  });
});

describe('mealResponse with finger-stick readings', () => {
  it('pairs the latest reading in the hour before with the highest 60–180 min after', () => {
    const readings: TimedReading[] = [
      { value: 95, at: lunch.at - 90 * MIN },
      { value: 118, at: lunch.at - 20 * MIN, meal_context: 'Before Lunch' },
      { value: 176, at: lunch.at + 120 * MIN, meal_context: 'After Lunch' },
      { value: 140, at: lunch.at + 200 * MIN },
    ];
    expect(mealResponse(lunch, null, [], readings)).toEqual({
      source: 'fingerstick',
      before: { value: 118, at: lunch.at - 20 * MIN },
      peak: { value: 176, at: lunch.at + 120 * MIN },
      rise: 58,
      minutes_to_peak: 120,
    });
  });

  it("a 'Before Lunch' reading logged just after the meal counts; another context there does not", () => {
    const after = { value: 160, at: lunch.at + 90 * MIN };
    const own = { value: 120, at: lunch.at + 5 * MIN, meal_context: 'Before Lunch' as const };
    expect(mealResponse(lunch, null, [], [own, after]).rise).toBe(40);
    expect(mealResponse(lunch, null, [], [{ ...own, meal_context: 'After Breakfast' }, after]).source).toBe('none');
  });

  it('a reading 45 min after is too early for the peak; missing readings give none', () => {
    const before = { value: 110, at: lunch.at - 10 * MIN };
    expect(mealResponse(lunch, null, [], [before, { value: 170, at: lunch.at + 45 * MIN }]).source).toBe('none');
    expect(mealResponse(lunch, null, [], [before])).toEqual({
      source: 'none',
      before: { value: before.value, at: before.at },
      peak: null,
      rise: null,
      minutes_to_peak: null,
    });
    expect(mealResponse(lunch, null, [], []).source).toBe('none');
  });

  it("a reading labelled for a meal type counts only for that type's meal, past a snack in between", () => {
    const day = Date.parse('2026-03-10T00:00:00Z');
    const breakfast = { at: day + (8 * 60 + 30) * MIN, meal_type: 'breakfast' as const };
    const snack = { at: day + (9 * 60 + 15) * MIN, meal_type: 'snack' as const };
    const readings: TimedReading[] = [
      { value: 120, at: day + (8 * 60 + 20) * MIN, meal_context: 'Before Breakfast' },
      { value: 220, at: day + (10 * 60 + 30) * MIN, meal_context: 'After Breakfast' },
    ];
    expect(mealResponse(breakfast, snack.at, [], readings)).toEqual({
      source: 'fingerstick',
      before: { value: 120, at: readings[0]!.at },
      peak: { value: 220, at: readings[1]!.at },
      rise: 100,
      minutes_to_peak: 120,
    });
    expect(mealResponse(snack, null, [], readings)).toEqual({
      source: 'none',
      before: null,
      peak: null,
      rise: null,
      minutes_to_peak: null,
    });
    // Unlabelled (or 'Fasting') readings keep the time windows: the snack gets them, the breakfast is cut.
    const plain = readings.map(({ value, at }) => ({ value, at }));
    expect(mealResponse(snack, null, [], plain).rise).toBe(100);
    expect(mealResponse(breakfast, snack.at, [], plain).source).toBe('none');
    // A 'Before Lunch' reading is not a breakfast's peak.
    expect(
      mealResponse(breakfast, null, [], [readings[0]!, { ...readings[1]!, meal_context: 'Before Lunch' }]).source,
    ).toBe('none');
  });

  it('meals close together: a reading after the next meal belongs to that one', () => {
    const readings = [
      { value: 110, at: lunch.at - 10 * MIN },
      { value: 190, at: lunch.at + 100 * MIN },
    ];
    expect(mealResponse(lunch, lunch.at + 90 * MIN, [], readings).source).toBe('none');
    expect(mealResponse(lunch, lunch.at + 120 * MIN, [], readings).rise).toBe(80);
  });

  it('the sensor wins when it gives both readings; finger-sticks fill in when it does not', () => {
    const sensor = trace(lunch.at, -30, 180, curve);
    const sticks = [
      { value: 100, at: lunch.at - 10 * MIN },
      { value: 200, at: lunch.at + 90 * MIN },
    ];
    expect(mealResponse(lunch, null, sensor, sticks).source).toBe('sensor');
    // A trace reaching 60 min after the meal gives the peak; one ending 5 min after does not.
    expect(mealResponse(lunch, null, sensor.slice(0, 19), sticks).source).toBe('sensor');
    expect(mealResponse(lunch, null, sensor.slice(0, 8), sticks).source).toBe('fingerstick');
    expect(mealResponse(lunch, null, sensor.slice(0, 3), sticks).source).toBe('fingerstick');
  });
});

describe('mealResponse across daylight-saving changes (instants from the zone)', () => {
  it('New York spring forward: a 01:30 snack and a 03:30 reading are 1 hour apart, not 2', () => {
    const zone = 'America/New_York';
    const meal = { at: zonedInstant('2026-03-08', '01:30', zone).getTime(), meal_type: 'snack' as const };
    const before = { value: 100, at: zonedInstant('2026-03-08', '01:20', zone).getTime() };
    const after = { value: 150, at: zonedInstant('2026-03-08', '03:30', zone).getTime() };
    const response = mealResponse(meal, null, [], [before, after]);
    expect(response.minutes_to_peak).toBe(60);
    expect(response.rise).toBe(50);
  });

  it('London fall back: a reading at 01:10 after the clocks go back is 100 min after a 00:30 dinner', () => {
    const zone = 'Europe/London';
    const meal = { at: zonedInstant('2026-10-25', '00:30', zone).getTime(), meal_type: 'dinner' as const };
    const after = { value: 170, at: Date.parse('2026-10-25T01:10:00Z') };
    const response = mealResponse(meal, null, [], [{ value: 120, at: meal.at - 30 * MIN }, after]);
    expect(response.minutes_to_peak).toBe(100);
  });

  it('Kolkata has no DST: a meal at 23:50 peaks on the next date', () => {
    const zone = 'Asia/Kolkata';
    const meal = { at: zonedInstant('2026-03-10', '23:50', zone).getTime(), meal_type: 'dinner' as const };
    const sensor = trace(meal.at, -30, 180, curve);
    expect(mealResponse(meal, null, sensor, []).minutes_to_peak).toBe(60);
  });
});

describe('median and the meals summary', () => {
  it('median: odd, even (rounded mean of the middle two), none', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20, 25, 40])).toBe(23);
    expect(median([])).toBeNull();
  });

  it('ranks foods in two or more meals with a response by median rise; counts a food once per meal', () => {
    const item = (food_id: string | null, name: string) => ({ food_id, name });
    const summary = summariseMeals([
      { meal_type: 'breakfast', items: [item('poha', 'Poha')], rise: 40 },
      { meal_type: 'breakfast', items: [item('poha', 'Poha'), item('poha', 'Poha')], rise: 30 },
      { meal_type: 'lunch', items: [item('rice', 'Rice'), item('sambar', 'Sambar')], rise: 95 },
      { meal_type: 'dinner', items: [item('rice', 'Rice'), item(null, 'Mango pickle ')], rise: 80 },
      { meal_type: 'dinner', items: [item('sambar', 'Sambar'), item(null, 'mango pickle')], rise: null },
      { meal_type: 'snack', items: [item(null, 'mango pickle')], rise: 10 },
    ]);
    expect(summary.meals).toBe(6);
    expect(summary.with_response).toBe(5);
    expect(summary.by_meal_type).toEqual([
      { meal_type: 'breakfast', meals: 2, median_rise: 35 },
      { meal_type: 'lunch', meals: 1, median_rise: 95 },
      // Of the two dinners only one has a rise: the count is of meals with a rise.
      { meal_type: 'dinner', meals: 1, median_rise: 80 },
      { meal_type: 'snack', meals: 1, median_rise: 10 },
    ]);
    expect(summary.foods).toEqual([
      { food_id: 'rice', name: 'Rice', meals: 2, median_rise: 88 },
      { food_id: null, name: 'mango pickle', meals: 2, median_rise: 45 },
      { food_id: 'poha', name: 'Poha', meals: 2, median_rise: 35 },
    ]);
  });
});
