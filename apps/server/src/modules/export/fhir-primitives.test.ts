/** The FHIR mapping's building blocks and the lab mapper (fhir-primitives.ts, fhir-clinical.ts), pure. */
import { describe, expect, it } from 'vitest';
import { labObservations } from './fhir-clinical.ts';
import { derivedUuid, fullUrl, LOINC, loinc, quantity, UCUM } from './fhir-primitives.ts';

const rowId = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const userId = '00000000-0000-4000-8000-000000000002';

describe('FHIR primitives', () => {
  it('derive one stable version-5 uuid per row and name', () => {
    const egfr = derivedUuid(rowId, 'egfr');
    expect(egfr).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedUuid(rowId, 'egfr')).toBe(egfr);
    expect(derivedUuid(rowId, 'other')).not.toBe(egfr);
    expect(fullUrl(egfr)).toBe(`urn:uuid:${egfr}`);
  });

  it('code with LOINC and measure with UCUM', () => {
    expect(loinc({ code: '2339-0', display: 'Glucose' })).toEqual({
      coding: [{ system: LOINC, code: '2339-0', display: 'Glucose' }],
      text: 'Glucose',
    });
    expect(quantity(110, 'mg/dL')).toEqual({ value: 110, unit: 'mg/dL', system: UCUM, code: 'mg/dL' });
  });
});

describe('a lab result', () => {
  const row = { id: rowId, user_id: userId, test: 'creatinine', value: '1.0', date: '2026-11-20', notes: null };

  it('is a laboratory Observation dated by its day', () => {
    const [observation] = labObservations(row as never, { id: userId, age: null, sex: null });
    expect(observation).toMatchObject({
      resourceType: 'Observation',
      id: rowId,
      status: 'final',
      effectiveDateTime: '2026-11-20',
      subject: { reference: `urn:uuid:${userId}` },
      valueQuantity: { value: 1, system: UCUM },
    });
    expect(observation!.category?.[0]?.coding?.[0]?.code).toBe('laboratory');
  });

  it('a creatinine also yields the eGFR, derived from it, when age and sex are known', () => {
    const observations = labObservations(row as never, { id: userId, age: 50, sex: 'female' } as never);
    expect(observations).toHaveLength(2);
    expect(observations[1]).toMatchObject({
      id: derivedUuid(rowId, 'egfr'),
      derivedFrom: [{ reference: `urn:uuid:${rowId}` }],
      valueQuantity: { system: UCUM },
    });
  });
});
