/**
 * The language rule (decision 023): profile, else this device's choice, else the browser's, else
 * English; and user text inside a message shown as typed (contract i18n/verbatim-values).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import medicationsEn from '../../locales/en/medications.json';
import medicationsHi from '../../locales/hi/medications.json';
import { i18n, resolveLanguage, t } from './i18n';

const compiled = (catalog: Record<string, string>) =>
  Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, compileMessage(text)]));

describe('t: user text in a message', () => {
  const name = String.raw`Met\u0041 {x} <b>`;
  it('shows a medicine name with a backslash escape, braces and a tag as typed, in English and Hindi', () => {
    i18n.load({ en: compiled(medicationsEn), hi: compiled(medicationsHi) });
    i18n.activate('en');
    expect(t('medications.card.delete', { name })).toBe(`Delete ${name}`);
    i18n.activate('hi');
    expect(t('medications.card.delete', { name })).toContain(name);
    expect(t('medications.toast.taken', { name })).toContain(name);
  });
});

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
