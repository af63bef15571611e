/**
 * A 400's field and message in the reader's language (decision 094): the contract's message ids
 * rendered from the server catalogs, numbers, units and API values kept as written.
 */
import { vmsg } from '@diacare/contract/i18n/validation-messages';
import { describe, expect, it } from 'vitest';
import { fieldLabel, validationText } from '../src/i18n/validation.ts';

const detail = (language: 'en' | 'hi', field: string, message: string) =>
  `${fieldLabel(language, field)}: ${validationText(language, message)}`;

describe('validation texts', () => {
  it('keeps numbers, units and API values as written', () => {
    expect(validationText('hi', vmsg('validation.min_unit', { min: 20, unit: 'mg/dL' }))).toBe(
      'कम से कम 20 mg/dL होना चाहिए',
    );
    expect(validationText('hi', vmsg('validation.max_unit', { max: 2.5, unit: 'mmol/L' }))).toBe(
      'ज़्यादा से ज़्यादा 2.5 mmol/L होना चाहिए',
    );
    expect(validationText('hi', vmsg('validation.max_chars', { max: 100 }))).toBe('ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं');
    expect(validationText('hi', vmsg('validation.one_of', { values: 'Tablet, Capsule' }))).toBe(
      'इनमें से एक होना चाहिए: Tablet, Capsule',
    );
    expect(validationText('hi', vmsg('validation.max_times', { max: 12 }))).toContain('12');
    expect(validationText('en', vmsg('validation.exact_value', { value: 'pending' }))).toBe("must be 'pending'");
    expect(validationText('en', vmsg('validation.care_quiet_hours'))).toBe(
      "must be { start: 'HH:MM', end: 'HH:MM' } or null",
    );
    expect(validationText('en', vmsg('validation.lab_unit', { first: '%', second: 'mmol/mol', test: 'hba1c' }))).toBe(
      'must be % or mmol/mol for hba1c',
    );
    expect(validationText('en', vmsg('validation.lab_unit', { first: 'mg/dL', second: 'none', test: 'ldl' }))).toBe(
      'must be mg/dL for ldl',
    );
  });

  it('renders a whole detail, field included; English keeps the path as sent; unknown names stay', () => {
    expect(detail('hi', 'value', vmsg('validation.min_unit', { min: 20, unit: 'mg/dL' }))).toBe(
      'ब्लड शुगर: कम से कम 20 mg/dL होना चाहिए',
    );
    expect(detail('hi', 'schedule.times.1', vmsg('validation.time_repeated'))).toBe(
      'समय 2: एक ही समय दो बार नहीं हो सकता',
    );
    expect(validationText('hi', vmsg('validation.profile_name'))).toBe('नाम ज़रूरी है');
    expect(detail('en', 'value', vmsg('validation.min_unit', { min: 20, unit: 'mg/dL' }))).toBe(
      'value: must be at least 20 mg/dL',
    );
    expect(fieldLabel('hi', 'refill_reminder.pills_remaining')).toBe('बची गोलियाँ');
    expect(fieldLabel('hi', 'mystery')).toBe('mystery');
    expect(validationText('en', 'Something new: entirely')).toBe('is invalid');
  });
});
