/**
 * The catalog areas: one JSON file per area and language, ids starting with `<area>.`; a route loads
 * only its areas in the active language. 'health' and 'appointments' hold only Home's cards (the
 * rest is in 'health-reports' and 'booking'), so Home loads less. 'validation' holds the rules of form errors (lib/i18n/field-error.ts loads it). Decision 023.
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
  'validation',
  'meals',
] as const;

export type CatalogArea = (typeof CATALOG_AREAS)[number];
