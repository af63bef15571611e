/**
 * Light / dark theme, kept per device in localStorage `diacare-theme` (absent means 'system').
 * public/theme-init.js applies it before first paint; this module applies changes and follows the
 * system while 'system' is chosen.
 * Decision 024.
 */
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

const STORAGE_KEY = 'diacare-theme';
/** The `<meta name="theme-color">` per theme: brand teal-600 in light, the page colour (slate-950) in dark. */
export const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#0d9488', dark: '#020617' };

const listeners = new Set<() => void>();
const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

/** The stored choice; 'system' when nothing (or something unknown) is stored or storage is blocked. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function resolve(choice: ThemeChoice): ResolvedTheme {
  if (choice !== 'system') return choice;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Sets the `dark` class, color-scheme and theme-color meta on the document for `choice`. */
function apply(choice: ThemeChoice): void {
  const theme = resolve(choice);
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  for (const listener of listeners) listener();
}

/** Stores `choice` on this device and applies it at once (no reload). */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage blocked (private mode): the choice holds for this page only.
  }
  apply(choice);
}

/** The theme on screen now, read from the document (what theme-init.js or apply() set). */
export function currentTheme(): ResolvedTheme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Call once at start-up: applies the stored choice and follows the system while it is 'system'. */
export function initTheme(): void {
  apply(readThemeChoice());
  darkQuery()?.addEventListener('change', () => {
    if (readThemeChoice() === 'system') apply('system');
  });
  // Another tab changed the choice.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) apply(readThemeChoice());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The resolved theme, re-rendering when it changes (charts redraw their colours with it). */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}

/** The stored choice, re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}
