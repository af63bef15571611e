import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ValidationMessages from './validation-messages';

// The page is in Hindi before the module loads (as after the i18n provider set <html lang>).
const page = { documentElement: { lang: 'hi' } };

describe('form errors in the page language', () => {
  let module: typeof ValidationMessages;
  beforeAll(async () => {
    (globalThis as { document?: unknown }).document = page;
    module = await import('./validation-messages');
    await module.validationTableReady();
  });
  afterAll(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('a Hindi page gets whole messages and rules in Hindi, numbers and units kept', () => {
    expect(module.localiseValidationRule('must be at least 20 mg/dL')).toBe('कम से कम 20 mg/dL होना चाहिए');
    expect(module.localiseValidationText('Pincode must be exactly 6 digits')).toBe('पिनकोड में ठीक 6 अंक होने चाहिए');
  });

  it('an English page keeps the product texts exactly', () => {
    page.documentElement.lang = 'en';
    expect(module.localiseValidationRule('must be at least 20 mg/dL')).toBe('must be at least 20 mg/dL');
    expect(module.localiseValidationText('Name is required')).toBe('Name is required');
    page.documentElement.lang = 'hi';
  });
});
