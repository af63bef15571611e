/**
 * A meal's glucose response (decision 089): the reading before the meal, the highest after it and
 * the rise between them, from the person's own readings only; nothing is interpolated or made up.
 * The after-meal window follows the ADA's self-monitoring advice to measure 1–2 h after the start
 * of a meal, where the peak usually falls (ADA Standards of Care in Diabetes 2025, §6 Glycemic
 * Goals and Hypoglycemia); a sensor, read every few minutes, is searched up to 3 h.
 * Works on instants (ms since the epoch), so daylight-saving changes in the person's zone are
 * settled before: the caller turns dates and times into instants with dates.ts's zonedInstant.
 */
import type { MealContext } from './health-constants.ts';
import type { MealResponseSource, MealType } from './meal-constants.ts';

const MINUTE_MS = 60_000;

/** The windows of the rule, minutes relative to the meal's start (decision 089). */
export const MEAL_RESPONSE_WINDOWS = {
  /** Sensor: the reading nearest the meal between 30 min before and 10 min after it. */
  sensor_before: [-30, 10],
  /** Sensor: the highest reading up to 3 h after the meal (and before the next meal). */
  sensor_peak: [0, 180],
  /** Sensor: the readings after the meal must reach this far (unless the next meal comes sooner), or there is no peak. */
  sensor_min_after: 60,
  /** Finger-stick: the latest reading in the hour before the meal (or its own 'Before …' up to 10 min after). */
  fingerstick_before: [-60, 10],
  /** Finger-stick: the highest reading 60–180 min after the meal (and before the next meal). */
  fingerstick_peak: [60, 180],
} as const;

/** A glucose reading at an instant: mg/dL; a finger-stick one carries the context it was logged with. */
export interface TimedReading {
  value: number;
  /** ms since the epoch */
  at: number;
  meal_context?: MealContext | null;
}

export interface MealResponsePoint {
  /** mg/dL */
  value: number;
  /** ms since the epoch */
  at: number;
}

export interface MealResponseResult {
  source: MealResponseSource;
  before: MealResponsePoint | null;
  peak: MealResponsePoint | null;
  /** peak − before, mg/dL */
  rise: number | null;
  minutes_to_peak: number | null;
}

export interface MealMoment {
  /** ms since the epoch: the meal's date and time in the person's zone */
  at: number;
  meal_type: MealType;
}

const NONE: MealResponseResult = { source: 'none', before: null, peak: null, rise: null, minutes_to_peak: null };

/** The 'Before …' context a finger-stick reading for this meal type carries ('Fasting' counts for breakfast). */
const BEFORE_CONTEXTS: Record<MealType, readonly MealContext[]> = {
  breakfast: ['Before Breakfast', 'Fasting'],
  lunch: ['Before Lunch'],
  dinner: ['Before Dinner'],
  snack: [],
};

/** The 'After …' context a finger-stick reading for this meal type carries. */
const AFTER_CONTEXTS: Record<MealType, readonly MealContext[]> = {
  breakfast: ['After Breakfast'],
  lunch: ['After Lunch'],
  dinner: ['After Dinner'],
  snack: [],
};

/** Contexts that name a meal type: such a reading counts only for a meal of that type (decision 089). */
const LABELLED: readonly MealContext[] = [...Object.values(BEFORE_CONTEXTS), ...Object.values(AFTER_CONTEXTS)]
  .flat()
  .filter((context) => context !== 'Fasting');
const labelled = (r: TimedReading) => !!r.meal_context && LABELLED.includes(r.meal_context);

const within = (at: number, meal: number, [from, to]: readonly [number, number]) =>
  at >= meal + from * MINUTE_MS && at <= meal + to * MINUTE_MS;

/** The highest reading of `readings` (the earliest of equal ones); null for none. */
function highest(readings: readonly TimedReading[]): TimedReading | null {
  let best: TimedReading | null = null;
  for (const reading of readings) if (!best || reading.value > best.value) best = reading;
  return best;
}

/** The reading of `readings` nearest `at` (the earlier of two equally near); null for none. */
function nearest(readings: readonly TimedReading[], at: number): TimedReading | null {
  let best: TimedReading | null = null;
  for (const reading of readings) {
    const distance = Math.abs(reading.at - at);
    const bestDistance = best ? Math.abs(best.at - at) : Infinity;
    if (distance < bestDistance || (distance === bestDistance && best && reading.at < best.at)) best = reading;
  }
  return best;
}

function result(
  source: MealResponseSource,
  meal: number,
  before: TimedReading,
  peak: TimedReading,
): MealResponseResult {
  return {
    source,
    before: { value: before.value, at: before.at },
    peak: { value: peak.value, at: peak.at },
    rise: peak.value - before.value,
    minutes_to_peak: Math.round((peak.at - meal) / MINUTE_MS),
  };
}

/**
 * The response of one meal.
 * - sensor: `before` the sensor reading nearest the meal from 30 min before to 10 min after;
 *   `peak` the highest sensor reading after the meal up to 3 h, or until the next meal if sooner;
 *   no peak when the readings after the meal stop short of 60 min after it (and no next meal came sooner).
 * - fingerstick (only when the sensor cannot give both): `before` the latest finger-stick reading
 *   in the hour before the meal, or a reading logged with this meal's 'Before …' context up to
 *   10 min after it (a 'Before/After Lunch' pair counts); `peak` the highest finger-stick reading
 *   60–180 min after the meal and before the next meal. A reading labelled for a meal type
 *   ('Before/After Breakfast|Lunch|Dinner') counts only for a meal of that type ('Before …' as its
 *   before, 'After …' as its peak, even past a snack in between); an unlabelled or other one
 *   ('Fasting', 'Bedtime', …) keeps the time windows.
 * - none: when neither gives both readings; `before` is still the reading before the meal when
 *   there is one (the sensor's, else the finger-stick's), everything else null.
 * @param meal the meal's instant and type
 * @param nextMealAt the instant of the person's next meal after this one (ms), or null
 * @param sensor sensor readings (mg/dL), any order; those far from the meal are ignored
 * @param fingersticks typed finger-stick readings (mg/dL) with their meal context, any order
 */
export function mealResponse(
  meal: MealMoment,
  nextMealAt: number | null,
  sensor: readonly TimedReading[],
  fingersticks: readonly TimedReading[],
): MealResponseResult {
  const at = meal.at;
  // Readings strictly before the next meal belong to this one.
  const until = (limit: number) => (nextMealAt !== null && nextMealAt > at ? Math.min(limit, nextMealAt - 1) : limit);
  const w = MEAL_RESPONSE_WINDOWS;

  const sensorBefore = nearest(
    sensor.filter((r) => within(r.at, at, w.sensor_before)),
    at,
  );
  const sensorEnd = until(at + w.sensor_peak[1] * MINUTE_MS);
  const sensorAfter = sensor.filter((r) => r.at > at && r.at <= sensorEnd);
  // Data that stops short of an hour after the meal (when no next meal cut the window) has not seen the peak.
  const sensorSeen =
    sensorEnd < at + w.sensor_min_after * MINUTE_MS ||
    sensorAfter.some((r) => r.at >= at + w.sensor_min_after * MINUTE_MS);
  const sensorPeak = sensorSeen ? highest(sensorAfter) : null;
  if (sensorBefore && sensorPeak) return result('sensor', at, sensorBefore, sensorPeak);

  const ownBefore = BEFORE_CONTEXTS[meal.meal_type];
  const ownAfter = AFTER_CONTEXTS[meal.meal_type];
  const fingerBefore = fingersticks
    .filter((r) => !labelled(r) || ownBefore.includes(r.meal_context!))
    .filter(
      (r) =>
        (r.at >= at + w.fingerstick_before[0] * MINUTE_MS && r.at <= at) ||
        (r.at > at &&
          r.at <= at + w.fingerstick_before[1] * MINUTE_MS &&
          !!r.meal_context &&
          ownBefore.includes(r.meal_context)),
    )
    .reduce<TimedReading | null>((latest, r) => (!latest || r.at > latest.at ? r : latest), null);
  // A reading logged 'After' this meal's type is this meal's even past a snack in between; an
  // unlabelled one belongs to the meal it follows most closely.
  const fingerEnd = until(at + w.fingerstick_peak[1] * MINUTE_MS);
  const fingerPeak = highest(
    fingersticks.filter((r) => {
      if (r.at < at + w.fingerstick_peak[0] * MINUTE_MS) return false;
      if (!labelled(r)) return r.at <= fingerEnd;
      return ownAfter.includes(r.meal_context!) && r.at <= at + w.fingerstick_peak[1] * MINUTE_MS;
    }),
  );
  if (fingerBefore && fingerPeak) return result('fingerstick', at, fingerBefore, fingerPeak);
  // No rise, but a reading before the meal is still shown, so the person sees what is missing.
  const before = sensorBefore ?? fingerBefore;
  return before ? { ...NONE, before: { value: before.value, at: before.at } } : NONE;
}

/** The median of `values` (the mean of the middle two for an even count), rounded to a whole number; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value);
}
