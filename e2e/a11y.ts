/**
 * WCAG 2.2 AA checks: axe-core with the wcag2a/2aa/21a/21aa/22aa rules; journeys run it once
 * per screen (light), accessibility-themes.spec.ts every screen in both themes (decision 043).
 * axe runs inside the page itself, in one call (decision 058). Colour contrast, a third of axe's
 * time, is measured where a check names its themes (accessibility-themes.spec.ts: every screen and
 * the log dialogs in both themes; the care screens) and everywhere with AXE_THEMES=both (`npm run
 * test:full`); the journeys' other checks leave it out (decision 106).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export type Theme = 'light' | 'dark';
/** Journeys check the light theme; AXE_THEMES=both (`npm run test:full`) checks both everywhere. */
const DEFAULT_THEMES: Theme[] = process.env.AXE_THEMES === 'both' ? ['light', 'dark'] : ['light'];
const UNMEASURABLE = new Set(['bgGradient', 'bgImage', 'imgNode']);

/**
 * Runs axe once on the page as it is now, colour contrast included unless `contrast` is false;
 * returns readable lines, one per violating element.
 */
export async function axeViolations(page: Page, { contrast = true } = {}): Promise<string[]> {
  // Legacy mode: axe.run() in the page, not runPartial() plus finishRun() in a new blank page
  // (2–3× faster; the same results, since the app has no cross-origin frames).
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
  if (!contrast) builder.disableRules(['color-contrast']);
  const results = await builder.analyze();
  // axe cannot measure text over a gradient or an image and reports it as incomplete; such
  // text counts as a violation here, so every text pair on screen is actually measured.
  const unmeasured = results.incomplete
    .filter((rule) => rule.id === 'color-contrast')
    .flatMap((rule) => rule.nodes)
    .filter((node) => UNMEASURABLE.has((node.any[0]?.data as { messageKey?: string } | null)?.messageKey ?? ''))
    .map((node) => `color-contrast (unmeasurable): text over a gradient or image — ${node.target.join(' ')}`);
  return unmeasured.concat(
    results.violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
      ),
    ),
  );
}

/** Shows the page in `theme` through the emulated system setting and waits until it applies. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  // Server-rendered pages (the local sign-in page) follow the media query with CSS alone.
  if ((await page.locator('script[src="/theme-init.js"]').count()) === 0) return;
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/);
}

/**
 * Fails the test when axe finds a WCAG 2.x A/AA violation on the page (every open dialog
 * included) in any of `themes` (default above: light only; the theme follows the emulated system
 * setting, and motion is reduced while axe runs so no colour is sampled mid-transition).
 * Colour contrast is measured when `themes` is given or AXE_THEMES=both (see above).
 * `name` names the screen in the failure message. The page is left in the first theme, with
 * motion reduced (the journeys' default, playwright.config.ts).
 */
export async function expectAccessible(page: Page, name: string, { themes }: { themes?: Theme[] } = {}): Promise<void> {
  const contrast = themes !== undefined || process.env.AXE_THEMES === 'both';
  themes ??= DEFAULT_THEMES;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  for (const theme of themes) {
    await useTheme(page, theme);
    for (const line of await axeViolations(page, { contrast })) found.push(`[${name}, ${theme}] ${line}`);
  }
  await useTheme(page, themes[0] ?? 'light');
  expect(found, `axe found WCAG violations on ${name}:\n${found.join('\n')}`).toEqual([]);
}
