/**
 * A dedicated worker that main.tsx starts first thing: Chromium builds its ICU locale data once
 * per renderer process, on the first use of Intl (15–45 ms here). Done here, on another core
 * while the app downloads, the main thread's first formatter costs under a millisecond
 * (decision 061). It takes nothing, answers nothing and closes itself.
 */
import { INTL_LOCALES } from '@diacare/contract/languages';

for (const locale of ['en-US', ...Object.values(INTL_LOCALES)]) {
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  new Intl.NumberFormat(locale).format(1.5);
  new Intl.PluralRules(locale).select(1);
}
Intl.DateTimeFormat().resolvedOptions();
self.close();
