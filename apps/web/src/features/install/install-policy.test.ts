import { describe, expect, it } from 'vitest';
import { installPromptMode, type InstallEnvironment } from './install-policy';

const PIXEL_7 =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const env = (overrides: Partial<InstallEnvironment>): InstallEnvironment => ({
  hostname: 'diacare.example',
  userAgent: PIXEL_7,
  maxTouchPoints: 5,
  standalone: false,
  dismissed: false,
  ...overrides,
});

describe('install prompt mode', () => {
  it('appears after the delay on Android and iOS, iPads included', () => {
    expect(installPromptMode(env({}))).toBe('after-delay');
    expect(installPromptMode(env({ userAgent: IPHONE }))).toBe('after-delay');
    expect(installPromptMode(env({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 }))).toBe('after-delay');
  });

  it('waits for the browser’s own offer on a desktop, a Mac included', () => {
    expect(installPromptMode(env({ userAgent: DESKTOP_CHROME, maxTouchPoints: 0 }))).toBe('on-native-event');
    expect(installPromptMode(env({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }))).toBe('on-native-event');
  });

  it('never appears when installed, dismissed, or on localhost', () => {
    expect(installPromptMode(env({ standalone: true }))).toBe('never');
    expect(installPromptMode(env({ dismissed: true }))).toBe('never');
    expect(installPromptMode(env({ hostname: 'localhost' }))).toBe('never');
    expect(installPromptMode(env({ hostname: 'app.localhost' }))).toBe('never');
  });

  it('treats 127.0.0.1 like any other host', () => {
    expect(installPromptMode(env({ hostname: '127.0.0.1' }))).toBe('after-delay');
  });
});
