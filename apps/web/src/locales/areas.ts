/**
 * The catalog areas: one JSON file per area and language, `src/locales/<lang>/<area>.json`
 * ({ "id": "ICU message" }, ids start with `<area>.`). A screen loads the areas it shows
 * (router.tsx), so a route downloads only its own texts, in the active language only
 * (decision 023). h3 owns the first eleven, h3b the last four. 'health' holds only
 * what Home's glucose card shows; the rest of Reports and History (and the log and alert-steps
 * dialogs Home opens) is in 'health-reports', so Home loads less (issue 15, page weight);
 * likewise 'appointments' holds Home's upcoming-appointments card and 'booking' the rest.
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
  'health-reports',
  'appointments',
  'booking',
  'assistant',
  'your-data',
  'faq',
  'care',
] as const;

export type CatalogArea = (typeof CATALOG_AREAS)[number];
