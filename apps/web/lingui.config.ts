/**
 * Lingui's view of the web catalogs (decision 023): one JSON file per screen area and
 * language, `src/locales/<lang>/<area>.json` = { "id": "ICU message" } (the "minimal" JSON
 * format). @lingui/vite-plugin compiles a file at build time when it is imported with
 * `?lingui` (src/lib/i18n/i18n.ts), so the app ships no message parser.
 */
import { formatter } from '@lingui/format-json';
import type { LinguiConfig } from '@lingui/conf';
import { CATALOG_AREAS } from './src/locales/areas';

const config: LinguiConfig = {
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  fallbackLocales: false,
  catalogs: CATALOG_AREAS.map((area) => ({ path: `<rootDir>/src/locales/{locale}/${area}`, include: [] })),
  format: formatter({ style: 'minimal' }),
};

export default config;
