/**
 * The exports speak the user's language where the text is ours: the CSV headers and a meal's
 * items from the server catalogs (`export.csv.*`), the FHIR Bundle's notes, types and methods
 * (`export.fhir.*`); values stay as stored, and code systems' displays (LOINC) stay as published
 * (docs/architecture.md, Languages and units; decision 020).
 */
import type { Appointment, Bundle, Observation, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { t as translate, type MessageId } from '../src/i18n/index.ts';
import { CSV_FILES as SPECS, csvHeader } from '../src/modules/export/csv.ts';
import { LOINC_CODES } from '../src/modules/export/fhir-primitives.ts';
import {
  fhirErrors,
  exportStoriesApp,
  headerOf,
  loadFhirDefinitions,
  rowsOf,
  unzip,
} from './support/export-fixture.ts';

beforeAll(loadFhirDefinitions);

const DEVANAGARI = /[\u0900-\u097f]/;

describe('exports in the user’s language', () => {
  const stories = exportStoriesApp('pglite');

  it('every CSV column has a header text in English (its snake_case name) and in Hindi', () => {
    for (const spec of SPECS) {
      expect(csvHeader(spec, 'en')).toEqual(spec.header);
      const hindi = csvHeader(spec, 'hi');
      hindi.forEach((header, i) => expect(header, spec.header[i]).toMatch(DEVANAGARI));
      expect(new Set(hindi).size, spec.file).toBe(hindi.length);
    }
  });

  it('a Hindi user’s CSV headers are Hindi; the values stay as stored', async () => {
    await stories.asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const files = unzip((await stories.download(stories.asha, 'csv')).rawPayload);
    const column = (name: string) => translate('hi', `export.csv.${name}` as MessageId);
    const glucose = files['glucose.csv']!;
    expect(headerOf(glucose)).toEqual(
      ['reading_id', 'measured_at', 'glucose_mg_dl', 'glucose_mmol_l', 'meal_context'].map(column),
    );
    expect(rowsOf(glucose).map((row) => [row[column('measured_at')], row[column('meal_context')]])).toEqual([
      ['2026-11-22T08:00:00+05:30', 'Fasting'],
      ['2026-11-22T13:30:00+05:30', 'After Lunch'],
    ]);
    for (const [file, csv] of Object.entries(files)) {
      if (file.endsWith('.csv')) for (const header of headerOf(csv)) expect(header, file).toMatch(DEVANAGARI);
    }
    await stories.asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'en' } });
  });

  it('a Hindi user’s FHIR Bundle has our texts in Hindi, LOINC displays as published, and validates', async () => {
    await stories.asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const bundle = (await stories.download(stories.asha, 'fhir')).json() as Bundle;
    await stories.asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'en' } });
    const resources = (bundle.entry ?? []).map((entry) => entry.resource!) as Resource[];
    for (const resource of resources) expect(fhirErrors(resource), resource.resourceType).toEqual([]);

    const fasting = resources.find(
      (r): r is Observation =>
        r.resourceType === 'Observation' &&
        r.code.coding?.[0]?.code === LOINC_CODES.glucose.code &&
        r.valueQuantity?.value === 152,
    )!;
    expect(fasting.note).toEqual([{ text: 'खाने के हिसाब से समय: खाली पेट' }]);
    expect(fasting.code.coding?.[0]?.display).toBe(LOINC_CODES.glucose.display);

    const visits = resources.filter((r): r is Appointment => r.resourceType === 'Appointment');
    expect(visits.length).toBeGreaterThan(0);
    for (const visit of visits) expect(visit.appointmentType?.text).toMatch(DEVANAGARI);
  });
});
