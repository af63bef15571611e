/**
 * Export's edge cases on each driver: a deleted medicine stays with its doses, more rows than one
 * page, and an mmol/L user's columns and FHIR values (decision 025).
 */
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glucoseReadings } from '../src/db/schema.ts';
import { EXPORT_PAGE_SIZE } from '../src/modules/export/export.repository.ts';
import { SQL_DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import {
  NOW,
  fhirErrors,
  headerOf,
  loadFhirDefinitions,
  rowsOf,
  seedExportStories,
  unzip,
  type ExportPost,
} from './support/export-fixture.ts';

beforeAll(loadFhirDefinitions);

describe.each(SQL_DRIVERS)('export edge cases on %s', (driver) => {
  let t: TestApp;
  let post: ExportPost;

  const download = (user: SignedInUser, kind: 'csv' | 'fhir') => user.request({ url: `/api/export/${kind}` });

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    ({ post } = await seedExportStories(t));
  });
  afterAll(() => t.close());

  it('a deleted medicine stays in the export, stopped, with its doses', async () => {
    const ravi = await signIn(t.app, {
      name: 'Ravi Menon',
      email: 'ravi.export@example.com',
      timezone: 'Asia/Kolkata',
    });
    const medicine = await post(
      ravi,
      '/api/medications',
      {
        name: 'Sitagliptin',
        dosage: '100 mg',
        form: 'Tablet',
        instructions: '',
        color: '#FF6B6B',
        when_to_take: null,
        schedule: { frequency: 'as-needed', times: [], start_date: '2026-11-01', end_date: null },
        refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      },
      'ravi',
    );
    await post(
      ravi,
      '/api/adherence',
      { medication_id: medicine.id, date: '2026-11-20', scheduled_time: '09:00', taken_time: '09:30', status: 'taken' },
      'ravi',
    );
    expect((await ravi.request({ method: 'DELETE', url: `/api/medications/${medicine.id}` })).statusCode).toBeLessThan(
      300,
    );

    const files = unzip((await download(ravi, 'csv')).rawPayload);
    expect(rowsOf(files['medications.csv']!)[0]!.deleted_at).toMatch(/^2026-.*\+05:30$/);
    expect(rowsOf(files['adherence.csv']!)[0]).toMatchObject({ medication: 'Sitagliptin', status: 'taken' });

    const bundle = (await download(ravi, 'fhir')).json() as Bundle;
    for (const entry of bundle.entry!) expect(fhirErrors(entry.resource!)).toEqual([]);
    const types = bundle.entry!.map((entry) => entry.resource!);
    expect(types.find((r) => r.resourceType === 'MedicationStatement')).toMatchObject({
      status: 'stopped',
      dosage: [{ asNeededBoolean: true }],
    });
    expect(types.find((r) => r.resourceType === 'MedicationAdministration')).toMatchObject({
      medicationCodeableConcept: { text: 'Sitagliptin' },
      effectiveDateTime: '2026-11-20T09:30:00+05:30',
    });
  });

  it(`pages through more than ${EXPORT_PAGE_SIZE} rows: every reading once, in order, ties broken by id`, async () => {
    const many = await signIn(t.app, { name: 'Many Readings', email: 'many.export@example.com', timezone: 'UTC' });
    const count = EXPORT_PAGE_SIZE * 2 + 37;
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: many.user.id,
      value: 80 + (i % 200),
      meal_context: 'Fasting',
      // Three readings share each minute, so pages often end inside a (date, time) tie.
      date: `2026-${String(1 + (Math.floor(i / 3 / 28) % 10)).padStart(2, '0')}-${String(1 + (Math.floor(i / 3) % 28)).padStart(2, '0')}`,
      time: `0${Math.floor(i / 3 / 280)}:00`,
    }));
    const inserted = await t.database.db.insert(glucoseReadings).values(rows).returning({ id: glucoseReadings.id });

    const csvRows = rowsOf(unzip((await download(many, 'csv')).rawPayload)['glucose.csv']!);
    expect(csvRows).toHaveLength(count);
    expect(new Set(csvRows.map((row) => row.reading_id))).toEqual(new Set(inserted.map((row) => row.id)));
    const keys = csvRows.map((row) => `${row.measured_at} ${row.reading_id}`);
    expect(keys).toEqual([...keys].sort());
    expect(csvRows[0]!.measured_at).toMatch(/\+00:00$/);

    const bundle = (await download(many, 'fhir')).json() as Bundle;
    expect(bundle.entry!.filter((entry) => entry.resource!.resourceType === 'Observation')).toHaveLength(count);
  });

  it('an mmol/L user gets the same columns and a FHIR value in mg/dL (decision 025)', async () => {
    const farah = await signIn(t.app, { name: 'Farah', email: 'farah.export@example.com', timezone: 'Asia/Kolkata' });
    const put = await farah.request({ method: 'PUT', url: '/api/users/me', payload: { glucose_unit: 'mmol/L' } });
    expect(put.statusCode).toBe(200);
    // What logging 5.5 mmol/L stores.
    await farah.request({
      method: 'POST',
      url: '/api/health/glucose',
      payload: { value: 99, meal_context: 'Fasting', date: '2026-11-22', time: '07:00' },
    });
    const csv = unzip((await download(farah, 'csv')).rawPayload)['glucose.csv']!;
    expect(headerOf(csv)).toEqual(['reading_id', 'measured_at', 'glucose_mg_dl', 'glucose_mmol_l', 'meal_context']);
    expect(rowsOf(csv)).toMatchObject([{ glucose_mg_dl: '99', glucose_mmol_l: '5.5' }]);

    // LOINC 2339-0 is a mass concentration: its value stays in mg/dL, UCUM 'mg/dL'.
    const bundle = (await download(farah, 'fhir')).json() as Bundle;
    const observation = bundle.entry!.map((entry) => entry.resource!).find((r) => r.resourceType === 'Observation') as
      Observation | undefined;
    expect(observation?.code.coding?.[0]?.code).toBe('2339-0');
    expect(observation?.valueQuantity).toEqual({
      value: 99,
      unit: 'mg/dL',
      system: 'http://unitsofmeasure.org',
      code: 'mg/dL',
    });
    expect(fhirErrors(observation!)).toEqual([]);
  });
});
