/**
 * Lingui's view of the web catalogs (decision 023): one JSON file per screen area and
 * language, `src/locales/<lang>/<area>.json` = { "id": "ICU message" } (the "minimal" JSON
 * format). @lingui/vite-plugin compiles a file at build time when it is imported with
 * `?lingui` (src/lib/i18n/i18n.ts), so the app ships no message parser.
 */
import { formatter } from '@lingui/format-json';
import type { LinguiConfig } from '@lingui/conf';
import { pseudoLocalise } from '@diacare/contract/i18n/pseudo-locale';
import { CATALOG_AREAS } from './src/locales/areas';

const json = formatter({ style: 'minimal' });

/**
 * DIACARE_PSEUDO_LOCALE=1 at build or dev time (`npm run build:pseudo -w apps/web` writes
 * dist-pseudo): English is compiled as the pseudo-locale en-XA ('[Ḿéḋîçîñé ~~~]'), made here from
 * the English catalogs, never committed (decision 095).
 */
const pseudo = process.env.DIACARE_PSEUDO_LOCALE === '1';

const config: LinguiConfig = {
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  fallbackLocales: false,
  catalogs: CATALOG_AREAS.map((area) => ({ path: `<rootDir>/src/locales/{locale}/${area}`, include: [] })),
  format: pseudo
    ? {
        ...json,
        async parse(content, context) {
          const catalog = await json.parse(content, context);
          if (context.locale !== 'en') return catalog;
          for (const message of Object.values(catalog)) {
            if (message.translation) message.translation = pseudoLocalise(message.translation);
          }
          return catalog;
        },
      }
    : json,
};

export default config;
