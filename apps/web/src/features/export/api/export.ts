/** The export endpoints, opened as plain download links (the browser saves the file itself). */

/** GET: a ZIP with one CSV per kind of record. */
export const EXPORT_CSV_URL = '/api/export/csv';
/** GET: a FHIR R4 Bundle (application/fhir+json). */
export const EXPORT_FHIR_URL = '/api/export/fhir';
