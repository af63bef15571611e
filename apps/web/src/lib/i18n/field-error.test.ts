/**
 * Form field errors: fieldMessage, the one entry point of every form, with the real common,
 * health and validation catalogs (compiled by Lingui as the app's are) and the contract's
 * message ids (decision 094).
 */
import { vmsg } from '@diacare/contract/i18n/validation-messages';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../../locales/en/common.json';
import healthEn from '../../locales/en/health-reports.json';
import commonHi from '../../locales/hi/common.json';
import healthHi from '../../locales/hi/health-reports.json';
import validationEn from '../../locales/en/validation.json';
import validationHi from '../../locales/hi/validation.json';
import type * as FieldError from './field-error';
import type { TranslateFunction } from './language-provider';

// The page is in Hindi before the modules load (as after the i18n provider set <html lang>).
const page = { documentElement: { lang: 'hi' } };
const lingui = setupI18n();
lingui.setMessagesCompiler(compileMessage);
lingui.load({ en: { ...commonEn, ...healthEn, ...validationEn }, hi: { ...commonHi, ...healthHi, ...validationHi } });
const t: TranslateFunction = (id, values) => lingui._(id, values);

/** Sets the page's and Lingui's language. */
function speak(language: 'en' | 'hi') {
  page.documentElement.lang = language;
  lingui.activate(language);
}

describe('a field error in the active language', () => {
  let fieldMessage: typeof FieldError.fieldMessage;
  beforeAll(async () => {
    (globalThis as { document?: unknown }).document = page;
    ({ fieldMessage } = await import('./field-error'));
  });
  afterAll(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('English keeps the product texts: the label, then the schema rule', () => {
    speak('en');
    expect(fieldMessage(t, 'Value', vmsg('validation.required'), 'health')).toBe('Value is required');
    expect(fieldMessage(t, 'Value', vmsg('validation.min_unit', { min: 20, unit: 'mg/dL' }), 'health')).toBe(
      'Value must be at least 20 mg/dL',
    );
    expect(fieldMessage(t, 'Medicine name', vmsg('validation.max_chars', { max: 100 }))).toBe(
      'Medicine name must be at most 100 characters',
    );
    expect(fieldMessage(t, 'Pincode', vmsg('validation.pincode_digits'))).toBe('Pincode must be exactly 6 digits');
    expect(fieldMessage(t, 'Value', undefined, 'health')).toBeUndefined();
  });

  it("Hindi Health forms use the health catalog's sentences, limits and units kept", () => {
    speak('hi');
    expect(fieldMessage(t, 'वज़न', vmsg('validation.required'), 'health')).toBe('वज़न भरना ज़रूरी है');
    expect(fieldMessage(t, 'ब्लड शुगर', vmsg('validation.min_unit', { min: 20, unit: 'mg/dL' }), 'health')).toBe(
      'ब्लड शुगर कम से कम 20 mg/dL होना चाहिए',
    );
    expect(fieldMessage(t, 'ब्लड शुगर', vmsg('validation.max_unit', { max: 600, unit: 'mg/dL' }), 'health')).toBe(
      'ब्लड शुगर ज़्यादा से ज़्यादा 600 mg/dL हो सकता है',
    );
    // A length limit on a Health form is counted in letters, with no English word left in.
    expect(fieldMessage(t, 'नोट्स', vmsg('validation.max_chars', { max: 500 }), 'health')).toBe(
      'नोट्स: ज़्यादा से ज़्यादा 500 अक्षर हो सकते हैं',
    );
    expect(fieldMessage(t, 'वज़न', vmsg('validation.one_decimal'), 'health')).toBe(
      'वज़न: दशमलव के बाद ज़्यादा से ज़्यादा एक अंक हो सकता है',
    );
    expect(fieldMessage(t, 'सिस्टोलिक', vmsg('validation.above_diastolic'), 'health')).toBe(
      'सिस्टोलिक डायस्टोलिक से ज़्यादा होना चाहिए',
    );
    // A rule the health catalog does not phrase: the common one.
    expect(fieldMessage(t, 'समय', vmsg('validation.time_repeated'), 'health')).toBe(
      'समय: एक ही समय दो बार नहीं हो सकता',
    );
  });

  it("Hindi elsewhere: '<label>: <rule>', so no postposition follows the label ('दवा का नाम में' would need the oblique)", () => {
    speak('hi');
    expect(fieldMessage(t, 'नाम', vmsg('validation.required'))).toBe('नाम: ज़रूरी है');
    expect(fieldMessage(t, 'दवा का नाम', vmsg('validation.max_chars', { max: 100 }))).toBe(
      'दवा का नाम: ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं',
    );
    expect(fieldMessage(t, 'दवा का नाम', vmsg('validation.visible_character'))).toBe(
      'दवा का नाम: कम से कम एक दिखने वाला अक्षर होना चाहिए',
    );
    expect(fieldMessage(t, 'रिमाइंडर का समय', vmsg('validation.times_required'))).toBe(
      'रिमाइंडर का समय: कम से कम एक रिमाइंडर का समय चुनें',
    );
    expect(fieldMessage(t, 'पिनकोड', vmsg('validation.pincode_digits'))).toBe('पिनकोड: ठीक 6 अंक होने चाहिए');
    expect(fieldMessage(t, 'ब्लड शुगर', vmsg('validation.min_unit', { min: 20, unit: 'mg/dL' }))).toBe(
      'ब्लड शुगर: कम से कम 20 mg/dL होना चाहिए',
    );
    expect(fieldMessage(t, 'नाम', 'something new')).toBe('नाम: something new');
  });

  it('a whole-sentence message (the profile form) is shown as it is, in either language', () => {
    speak('en');
    expect(fieldMessage(t, 'Name', vmsg('validation.profile_name'))).toBe('Name is required');
    speak('hi');
    expect(fieldMessage(t, 'पिनकोड', vmsg('validation.profile_pincode'))).toBe('पिनकोड ठीक 6 अंकों का होना चाहिए');
  });
});
