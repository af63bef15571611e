/**
 * The catalog areas: one JSON file per area and language, `src/locales/<lang>/<area>.json`
 * ({ "id": "ICU message" }, ids start with `<area>.`). A screen loads the areas it shows
 * (router.tsx), so a route downloads only its own texts, in the active language only
 * (decision 023). h3 owns the first eleven, h3b the last four (issue 14).
 */
export const CATALOG_AREAS = [
  'common',
  'layout',
  'landing',
  'home',
  'medications',
  'medication-form',
  'profile',
  'profile-setup',
  'install',
  'privacy',
  'push',
  'health',
  'appointments',
  'assistant',
  'your-data',
] as const;

export type CatalogArea = (typeof CATALOG_AREAS)[number];
