/**
 * Export as a FHIR R4 Bundle (GET /api/export/fhir) through the real app on each driver: every
 * resource is checked by @medplum/core's validator with the R4 StructureDefinitions.
 */
import type { Bundle, BundleEntry, Observation, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { SQL_DRIVERS, type SignedInUser } from './helpers.ts';
import { exportStoriesApp, fhirErrors, loadFhirDefinitions } from './support/export-fixture.ts';

beforeAll(loadFhirDefinitions);

describe.each(SQL_DRIVERS)('export as FHIR on %s', (driver) => {
  const stories = exportStoriesApp(driver);
  const { download } = stories;

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
      const { response, bundle } = await bundleOf(stories.asha);
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
      const { bundle } = await bundleOf(stories.asha);
      const [patient] = resources(bundle, 'Patient');
      expect(patient).toMatchObject({
        name: [{ text: 'Asha Rao' }],
        telecom: [{ system: 'email', value: 'asha.export@example.com' }],
      });
      const observations = resources(bundle, 'Observation') as Observation[];
      for (const observation of observations)
        expect(observation.subject).toEqual({ reference: `urn:uuid:${stories.asha.user.id}` });

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
      const { bundle } = await bundleOf(stories.ben);
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
      const ashaText = (await download(stories.asha, 'fhir')).body;
      const benText = (await download(stories.ben, 'fhir')).body;
      for (const id of stories.ids.ben) expect(ashaText).not.toContain(id);
      for (const id of stories.ids.asha) expect(benText).not.toContain(id);
      expect(ashaText).not.toMatch(/Ben Carter|ben\.export|Insulin|Quest/);
      expect(benText).not.toMatch(/Asha Rao|asha\.export|Metformin|Mehta/);
      const again = (await bundleOf(stories.asha)).bundle;
      expect(again.entry!.map((entry: BundleEntry) => entry.fullUrl)).toEqual(
        (JSON.parse(ashaText) as Bundle).entry!.map((entry) => entry.fullUrl),
      );
    });
  });
});
