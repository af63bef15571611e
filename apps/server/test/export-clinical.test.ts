/**
 * The clinical record in the export: labs.csv and insulin.csv in the CSV ZIP, and in
 * the FHIR Bundle lab Observations (LOINC, UCUM; creatinine adds eGFR) and insulin
 * MedicationAdministrations with dosage.dose in U, each valid FHIR R4 (@medplum/core).
 */
import type { Bundle, MedicationAdministration, Observation } from '@medplum/fhirtypes';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { fhirErrors, loadFhirDefinitions } from './support/export-fixture.ts';

const NOW = new Date('2026-11-23T06:00:00.000Z');

beforeAll(loadFhirDefinitions);

describe.each(DRIVERS)('the clinical record in the export on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let ben: SignedInUser;
  let glargineId: string;

  const post = async (user: SignedInUser, url: string, payload: unknown) => {
    const response = await user.request({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha.clinical@example.com', timezone: 'Asia/Kolkata' });
    ben = await signIn(t.app, { name: 'Ben Carter', email: 'ben.clinical@example.com', timezone: 'America/New_York' });
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: { age: 55, sex: 'male' } });
    glargineId = (
      await post(asha, '/api/medications', {
        name: 'Glargine',
        dosage: '100 U/mL',
        form: 'Injection',
        color: '#4ECDC4',
        schedule: { frequency: 'daily', times: ['22:00'], start_date: '2026-11-01' },
        refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
        insulin_type: 'long',
      })
    ).id;
    await post(asha, '/api/health/labs', { test: 'hba1c', value: 53, unit: 'mmol/mol', date: '2026-11-10' });
    await post(asha, '/api/health/labs', { test: 'creatinine', value: 1.2, unit: 'mg/dL', date: '2026-11-10' });
    await post(asha, '/api/health/insulin', {
      units: 18,
      insulin_type: 'long',
      medication_id: glargineId,
      date: '2026-11-22',
      time: '22:05',
    });
    const batch = await asha.request({
      method: 'POST',
      url: '/api/imports',
      headers: { 'content-type': 'text/csv' },
      payload:
        'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL)\n1,2026-11-21T07:00:00,EGV,,,,G7 App,Low',
    });
    await asha.request({ method: 'POST', url: `/api/imports/${batch.json().id}/commit` });
    await post(ben, '/api/health/labs', { test: 'hba1c', value: 9.1, unit: '%', date: '2026-11-01' });
  });
  afterAll(() => t.close());

  it('labs.csv and insulin.csv hold the user’s results and doses, in stored units, nobody else’s', async () => {
    const response = await asha.request({ url: '/api/export/csv' });
    expect(response.statusCode).toBe(200);
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(response.rawPayload))).map(([name, data]) => [name, strFromU8(data)]),
    );
    const labs: Record<string, string>[] = parse(files['labs.csv']!, { columns: true });
    // Two results of one day come in id order: compare them by test.
    const byTest = labs
      .map(({ test, loinc, value, unit, date }) => ({ test, loinc, value, unit, date }))
      .sort((a, b) => String(a.test).localeCompare(String(b.test)));
    expect(byTest).toEqual([
      { test: 'creatinine', loinc: '2160-0', value: '1.2', unit: 'mg/dL', date: '2026-11-10' },
      { test: 'hba1c', loinc: '4548-4', value: '7', unit: '%', date: '2026-11-10' },
    ]);
    const insulin: Record<string, string>[] = parse(files['insulin.csv']!, { columns: true });
    expect(insulin).toEqual([
      {
        dose_id: expect.any(String),
        taken_at: '2026-11-22T22:05:00+05:30',
        units: '18',
        insulin_type: 'long',
        medication_id: glargineId,
        medication: 'Glargine',
        meal_context: '',
      },
    ]);
  });

  it('imports.csv holds the imported readings with their instant, flag, source and device', async () => {
    const response = await asha.request({ url: '/api/export/csv' });
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const rows: Record<string, string>[] = parse(strFromU8(files['imports.csv']!), { columns: true });
    expect(rows.map(({ reading_id: _, import_id: __, ...rest }) => rest)).toEqual([
      {
        measured_at: '2026-11-21T07:00:00+05:30',
        glucose_mg_dl: '40',
        glucose_mmol_l: '2.2',
        out_of_range: 'low',
        kind: 'cgm',
        source: 'dexcom',
        device: 'G7 App',
        daylight_saving_ambiguous: '', // csv-stringify writes false as empty, true as 1
      },
    ]);
  });

  it('the FHIR Bundle has LOINC/UCUM lab Observations, the eGFR, and insulin in U, all valid R4', async () => {
    const response = await asha.request({ url: '/api/export/fhir' });
    const bundle: Bundle = response.json();
    const resources = (bundle.entry ?? []).map((entry) => entry.resource!);
    const byCode = (code: string) =>
      resources.find(
        (resource): resource is Observation =>
          resource.resourceType === 'Observation' && resource.code?.coding?.[0]?.code === code,
      );
    expect(byCode('4548-4')?.valueQuantity).toEqual({
      value: 7,
      unit: '%',
      system: 'http://unitsofmeasure.org',
      code: '%',
    });
    expect(byCode('2160-0')?.valueQuantity).toMatchObject({ value: 1.2, code: 'mg/dL' });
    expect(byCode('98979-8')?.valueQuantity).toMatchObject({ value: 71, code: 'mL/min/{1.73_m2}' });
    const doses = resources.filter(
      (resource): resource is MedicationAdministration =>
        resource.resourceType === 'MedicationAdministration' && resource.dosage !== undefined,
    );
    expect(doses.map((dose) => dose.dosage!.dose)).toEqual([
      { value: 18, unit: 'U', system: 'http://unitsofmeasure.org', code: 'U' },
    ]);
    expect(doses[0]!.medicationCodeableConcept).toEqual({ text: 'Glargine' });
    expect(JSON.stringify(bundle)).not.toContain('9.1');
    const invalid = resources.flatMap((resource) =>
      fhirErrors(resource).map((issue) => `${resource.resourceType}: ${issue.details?.text}`),
    );
    expect(invalid).toEqual([]);
  });
});
