/** Insulin rules (insulin-rules.ts, insulin.ts; decision 047): bounds and steps, the pre-fill, daily totals. */
import { describe, expect, it } from 'vitest';
import { insulinInputSchema } from './insulin.ts';
import { dailyInsulinTotals, lastDoseUnits, type InsulinDoseLike } from './insulin-rules.ts';
import { english } from './i18n/english-for-tests.ts';

const DOSE = { units: 10, insulin_type: 'long', date: '2026-11-20', time: '22:00' };
const issue = (input: unknown) => {
  const result = insulinInputSchema.safeParse(input);
  return result.success
    ? null
    : `${result.error.issues[0]!.path.join('.')}: ${english(result.error.issues[0]!.message)}`;
};

describe('an insulin dose', () => {
  it('takes 0.5 to 100 U in steps of 0.5, and refuses anything else naming the rule', () => {
    for (const units of [0.5, 1, 7.5, 100]) expect(issue({ ...DOSE, units })).toBeNull();
    expect(issue({ ...DOSE, units: 0 })).toBe('units: must be at least 0.5 U');
    expect(issue({ ...DOSE, units: 100.5 })).toBe('units: must be at most 100 U');
    expect(issue({ ...DOSE, units: 7.25 })).toBe('units: must be in steps of 0.5 U');
    expect(issue({ ...DOSE, units: undefined })).toBe('units: is required');
  });

  it('needs a known insulin type; medication and meal context default to null', () => {
    expect(issue({ ...DOSE, insulin_type: 'basal' })).toMatch(/^insulin_type: must be one of rapid, short/);
    expect(insulinInputSchema.parse(DOSE)).toMatchObject({ medication_id: null, meal_context: null });
  });
});

const dose = (units: number, date: string, time: string, type = 'rapid', medication: string | null = 'm1') =>
  ({ units, insulin_type: type, medication_id: medication, date, time }) as InsulinDoseLike;

describe('the pre-fill of a Take', () => {
  it('is the units of the latest dose of that medicine taken within two hours of that scheduled time', () => {
    const doses = [dose(6, '2026-11-18', '08:00'), dose(8, '2026-11-20', '20:00'), dose(7, '2026-11-19', '09:40')];
    expect(lastDoseUnits(doses, 'm1', '08:00')).toBe(7);
    expect(lastDoseUnits(doses, 'm1', '10:30')).toBe(7);
    expect(lastDoseUnits(doses, 'm1', '06:30')).toBe(6);
    expect(lastDoseUnits(doses, 'm1', '20:00')).toBe(8);
    expect(lastDoseUnits(doses, 'm1', '13:00')).toBeNull();
    expect(lastDoseUnits(doses, 'm2', '08:00')).toBeNull();
  });
});

describe('total daily units by type', () => {
  it('adds each day’s doses per type, newest day first', () => {
    const totals = dailyInsulinTotals([
      dose(6, '2026-11-19', '08:00'),
      dose(18, '2026-11-19', '22:00', 'long'),
      dose(4.5, '2026-11-20', '08:00'),
      dose(5, '2026-11-19', '13:00'),
    ]);
    expect(totals.map((day) => [day.date, day.byType.rapid, day.byType.long, day.total])).toEqual([
      ['2026-11-20', 4.5, 0, 4.5],
      ['2026-11-19', 11, 18, 29],
    ]);
  });
});
