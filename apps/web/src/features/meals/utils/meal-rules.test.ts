import { describe, expect, it } from 'vitest';
import {
  carbsFor,
  defaultMealType,
  formatCarbs,
  formatItems,
  formatPortions,
  formatRise,
  inTimeOrder,
  itemsInShort,
  PORTION_STEPS,
  stepPortion,
} from './meal-rules';

describe('meal rules', () => {
  it('starts a meal by the time of day, including a late dinner after midnight', () => {
    expect(
      ['03:59', '04:00', '10:59', '11:00', '15:59', '16:00', '18:59', '19:00', '23:59'].map(defaultMealType),
    ).toEqual(['dinner', 'breakfast', 'breakfast', 'lunch', 'lunch', 'snack', 'snack', 'dinner', 'dinner']);
  });

  it('steps portions by quarters to 1, then halves to 10, in steps the contract accepts', () => {
    expect(PORTION_STEPS.slice(0, 6)).toEqual([0.25, 0.5, 0.75, 1, 1.5, 2]);
    expect(PORTION_STEPS.at(-1)).toBe(10);
    expect(PORTION_STEPS.every((step) => Number.isInteger(step * 4))).toBe(true);
    expect(stepPortion(1, 1)).toBe(1.5);
    expect(stepPortion(1, -1)).toBe(0.75);
    expect(stepPortion(0.25, -1)).toBe(0.25);
    expect(stepPortion(10, 1)).toBe(10);
    expect(stepPortion(1.25, 1)).toBe(1.5);
    expect(stepPortion(1.25, -1)).toBe(1);
  });

  it('writes portions, carbohydrate estimates and rises as a person reads them', () => {
    expect([0.25, 0.5, 1, 1.5, 2, 1.25].map(formatPortions)).toEqual(['¼', '½', '1', '1½', '2', '1¼']);
    expect(carbsFor(15, 1.5)).toBe(22.5);
    expect(formatCarbs(14.6)).toBe('≈ 15 g');
    expect(formatRise(65, 'mg/dL')).toBe('+65 mg/dL');
    expect(formatRise(65, 'mmol/L')).toBe('+3.6 mmol/L');
    expect(formatRise(-10, 'mg/dL')).toBe('−10 mg/dL');
    expect(formatRise(0, 'mmol/L')).toBe('0.0 mmol/L');
  });

  it("writes a meal's items, in short on Home without ever hiding a single one behind '+1 more'", () => {
    const item = (name: string, portions = 1) => ({ name, portions });
    expect(formatItems([item('Roti', 2), item('Dal', 0.5)])).toBe('Roti × 2, Dal × ½');
    const three = [item('Roti', 2), item('Dal'), item('Rice', 1.5)];
    expect(itemsInShort(three)).toEqual({ text: 'Roti × 2, Dal × 1, Rice × 1½', more: 0 });
    expect(itemsInShort([...three, item('Curd')])).toEqual({ text: 'Roti × 2, Dal × 1', more: 2 });
    expect(itemsInShort([item('Idli', 2)], 1)).toEqual({ text: 'Idli × 2', more: 0 });
  });

  it("puts a day's meals in the order eaten (the API lists newest first)", () => {
    const meals = [{ time: '20:15' }, { time: '13:00' }, { time: '08:05' }];
    expect(inTimeOrder(meals).map((meal) => meal.time)).toEqual(['08:05', '13:00', '20:15']);
    expect(meals[0]!.time).toBe('20:15');
  });
});
