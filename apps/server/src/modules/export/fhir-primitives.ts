/** FHIR R4 building blocks shared by the export's resources: code systems, stable ids, references. */
import { createHash } from 'node:crypto';
import type { CodeableConcept, Patient, Quantity, Reference } from '@medplum/fhirtypes';

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** LOINC codes used by the export, with their display names. */
export const LOINC_CODES = {
  glucose: { code: '2339-0', display: 'Glucose [Mass/volume] in Blood' },
  bloodPressurePanel: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure' },
  heartRate: { code: '8867-4', display: 'Heart rate' },
  bodyWeight: { code: '29463-7', display: 'Body weight' },
  bodyHeight: { code: '8302-2', display: 'Body height' },
  bmi: { code: '39156-5', display: 'Body mass index (BMI) [Ratio]' },
  /** A meal's estimated carbohydrate (decision 088). */
  carbohydrateIntake: { code: '9059-7', display: 'Carbohydrate intake Estimated' },
} as const;

/**
 * A stable uuid for the `name`d resource derived from the row `id` (RFC 4122 version 5:
 * SHA-1 of the row's uuid bytes and the name).
 */
export function derivedUuid(id: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(id.replaceAll('-', ''), 'hex'))
    .update(name)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const fullUrl = (id: string) => `urn:uuid:${id}`;

export const loinc = (entry: { code: string; display: string }): CodeableConcept => ({
  coding: [{ system: LOINC, code: entry.code, display: entry.display }],
  text: entry.display,
});

export const category = (code: 'vital-signs' | 'laboratory'): CodeableConcept[] => [
  {
    coding: [{ system: OBSERVATION_CATEGORY, code, display: code === 'vital-signs' ? 'Vital Signs' : 'Laboratory' }],
  },
];

export const quantity = (value: number, code: string, unit = code): Quantity => ({ value, unit, system: UCUM, code });

/** Reference to the bundle's Patient. */
export const patientReference = (userId: string): Reference<Patient> => ({ reference: fullUrl(userId) });
