/** The language rule (decision 023): profile, else this device's choice, else the browser's, else English. */
import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './i18n';

describe('resolveLanguage', () => {
  it("takes the profile's language first", () => {
    expect(resolveLanguage({ profile: 'hi', stored: 'en', browser: ['en-IN'] })).toBe('hi');
    expect(resolveLanguage({ profile: 'en', stored: 'hi', browser: ['hi-IN'] })).toBe('en');
  });

  it("takes this device's choice when the profile has none (null) or is unknown", () => {
    expect(resolveLanguage({ profile: null, stored: 'hi', browser: ['en-US'] })).toBe('hi');
    expect(resolveLanguage({ profile: undefined, stored: 'en', browser: ['hi'] })).toBe('en');
    expect(resolveLanguage({ profile: 'fr', stored: 'hi' })).toBe('hi');
  });

  it("takes the first of the browser's languages DiaCare speaks (hi* is Hindi)", () => {
    expect(resolveLanguage({ browser: ['hi-IN', 'en-IN'] })).toBe('hi');
    expect(resolveLanguage({ browser: ['HI'] })).toBe('hi');
    expect(resolveLanguage({ browser: ['mr-IN', 'hi', 'en'] })).toBe('hi');
    expect(resolveLanguage({ browser: ['ta-IN', 'en-GB', 'hi'] })).toBe('en');
    expect(resolveLanguage({ stored: 'de', browser: ['en-US'] })).toBe('en');
  });

  it('falls back to English', () => {
    expect(resolveLanguage({})).toBe('en');
    expect(resolveLanguage({ profile: null, stored: null, browser: ['fr-FR', 'ta'] })).toBe('en');
  });
});
