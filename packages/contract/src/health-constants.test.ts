/** The meal context a glucose reading starts with, by the time of day. */
import { describe, expect, it } from 'vitest';
import { defaultMealContext, MEAL_CONTEXTS } from './health-constants.ts';

describe('defaultMealContext', () => {
  it('follows the day: fasting in the morning, then around each meal, bedtime at night', () => {
    expect(defaultMealContext('04:00')).toBe('Fasting');
    expect(defaultMealContext('07:30')).toBe('Fasting');
    expect(defaultMealContext('09:59')).toBe('Fasting');
    expect(defaultMealContext('10:00')).toBe('After Breakfast');
    expect(defaultMealContext('11:59')).toBe('After Breakfast');
    expect(defaultMealContext('12:00')).toBe('Before Lunch');
    expect(defaultMealContext('13:00')).toBe('After Lunch');
    expect(defaultMealContext('16:59')).toBe('After Lunch');
    expect(defaultMealContext('17:00')).toBe('Before Dinner');
    expect(defaultMealContext('20:29')).toBe('Before Dinner');
    expect(defaultMealContext('20:30')).toBe('After Dinner');
    expect(defaultMealContext('22:59')).toBe('After Dinner');
    expect(defaultMealContext('23:00')).toBe('Bedtime');
    expect(defaultMealContext('00:00')).toBe('Bedtime');
    expect(defaultMealContext('03:59')).toBe('Bedtime');
  });

  it('is one of the product meal contexts at every minute of the day', () => {
    const seen = new Set<string>();
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const context = defaultMealContext(time);
      expect(MEAL_CONTEXTS).toContain(context);
      seen.add(context);
    }
    // Every context but 'Before Breakfast' (left to the person: fasting covers the early morning).
    expect(seen.size).toBe(MEAL_CONTEXTS.length - 1);
  });
});
