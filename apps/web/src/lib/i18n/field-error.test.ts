/**
 * Form field errors: fieldMessage, the one entry point of every form, with the real
 * common and health catalogs (compiled by Lingui as the app's are) and the contract's table.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../../locales/en/common.json';
import healthEn from '../../locales/en/health-reports.json';
import commonHi from '../../locales/hi/common.json';
import healthHi from '../../locales/hi/health-reports.json';
import type * as FieldError from './field-error';
import type { TranslateFunction } from './language-provider';

// The page is in Hindi before the modules load (as after the i18n provider set <html lang>),
// so the contract's table is loaded.
const page = { documentElement: { lang: 'hi' } };
const lingui = setupI18n();
lingui.setMessagesCompiler(compileMessage);
lingui.load({ en: { ...commonEn, ...healthEn }, hi: { ...commonHi, ...healthHi } });
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
    await (await import('../validation-messages')).validationTableReady();
  });
  afterAll(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('English keeps the product texts: the label, then the schema rule', () => {
    speak('en');
    expect(fieldMessage(t, 'Value', 'is required', 'health')).toBe('Value is required');
    expect(fieldMessage(t, 'Value', 'must be at least 20 mg/dL', 'health')).toBe('Value must be at least 20 mg/dL');
    expect(fieldMessage(t, 'Medicine name', 'must be at most 100 characters')).toBe(
      'Medicine name must be at most 100 characters',
    );
    expect(fieldMessage(t, 'Pincode', 'must be exactly 6 digits')).toBe('Pincode must be exactly 6 digits');
    expect(fieldMessage(t, 'Value', undefined, 'health')).toBeUndefined();
  });

  it("Hindi Health forms use the health catalog's sentences, limits and units kept", () => {
    speak('hi');
    expect(fieldMessage(t, 'वज़न', 'is required', 'health')).toBe('वज़न भरना ज़रूरी है');
    expect(fieldMessage(t, 'ब्लड शुगर', 'must be at least 20 mg/dL', 'health')).toBe(
      'ब्लड शुगर कम से कम 20 mg/dL होना चाहिए',
    );
    expect(fieldMessage(t, 'ब्लड शुगर', 'must be at most 600 mg/dL', 'health')).toBe(
      'ब्लड शुगर ज़्यादा से ज़्यादा 600 mg/dL हो सकता है',
    );
    // A length limit on a Health form is counted in letters, with no English word left in.
    expect(fieldMessage(t, 'नोट्स', 'must be at most 500 characters', 'health')).toBe(
      'नोट्स में ज़्यादा से ज़्यादा 500 अक्षर हो सकते हैं',
    );
    expect(fieldMessage(t, 'सिस्टोलिक', 'must be above diastolic', 'health')).toBe(
      'सिस्टोलिक डायस्टोलिक से ज़्यादा होना चाहिए',
    );
    // A rule the health catalog does not phrase: the common one.
    expect(fieldMessage(t, 'समय', 'must not repeat a time', 'health')).toBe('समय में कोई समय दोबारा नहीं होना चाहिए');
  });

  it('Hindi elsewhere: the common rules, else the contract table, else the rule as written', () => {
    speak('hi');
    expect(fieldMessage(t, 'नाम', 'is required')).toBe('नाम ज़रूरी है');
    expect(fieldMessage(t, 'दवा का नाम', 'must be at most 100 characters')).toBe(
      'दवा का नाम में ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं',
    );
    expect(fieldMessage(t, 'पिनकोड', 'must be exactly 6 digits')).toBe('पिनकोड ठीक 6 अंक होने चाहिए');
    expect(fieldMessage(t, 'ब्लड शुगर', 'must be at least 20 mg/dL')).toBe('ब्लड शुगर कम से कम 20 mg/dL होना चाहिए');
    expect(fieldMessage(t, 'नाम', 'something new')).toBe('नाम something new');
  });
});
