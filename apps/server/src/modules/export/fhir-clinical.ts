/**
 * FHIR R4 for the clinical record: a lab result as a laboratory Observation with
 * its LOINC code and UCUM unit (creatinine adds an eGFR Observation), an insulin dose as a
 * MedicationAdministration whose dosage.dose is in units (UCUM 'U').
 */
import { EGFR_LOINC, EGFR_UCUM, LAB_TEST_RULES, egfrCkdEpi2021, type LabTest } from '@diacare/contract/lab-rules';
import type { MedicationAdministration, Observation } from '@medplum/fhirtypes';
import type { InsulinRow, LabRow, MedicationRow, UserRow } from './export.repository.ts';
import { category, derivedUuid, loinc, patientReference, quantity } from './fhir-primitives.ts';
import { isoLocal } from '@diacare/contract/dates';
import { optionText, t, type Language } from '../../i18n/index.ts';

/** 'Meal context: Fasting' in `language` (the context's catalog name, else as stored). */
export const mealContextNote = (context: string, language: Language) =>
  t(language, 'export.fhir.meal_context', { context: optionText(language, `option.meal.${context}`, context) });

const EGFR_DISPLAY =
  'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI 2021)';

/**
 * A lab result as an Observation dated by its day; a creatinine also yields the eGFR
 * (CKD-EPI 2021) from the profile's age and sex when both are known (decision 045).
 */
export function labObservations(
  row: LabRow,
  user: Pick<UserRow, 'id' | 'age' | 'sex'>,
  language: Language = 'en',
): Observation[] {
  const rule = LAB_TEST_RULES[row.test as LabTest];
  const value = Number(row.value);
  const result: Observation = {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: category('laboratory'),
    code: loinc({ code: rule.loinc, display: rule.display }),
    subject: patientReference(row.user_id),
    effectiveDateTime: row.date,
    valueQuantity: quantity(value, rule.units[0].unit),
    ...(row.notes ? { note: [{ text: row.notes }] } : {}),
  };
  const egfr = row.test === 'creatinine' ? egfrCkdEpi2021(value, user.age, user.sex) : null;
  if (egfr === null) return [result];
  return [
    result,
    {
      resourceType: 'Observation',
      id: derivedUuid(row.id, 'egfr'),
      status: 'final',
      category: category('laboratory'),
      code: loinc({ code: EGFR_LOINC, display: EGFR_DISPLAY }),
      subject: patientReference(row.user_id),
      effectiveDateTime: row.date,
      valueQuantity: quantity(egfr, EGFR_UCUM, 'mL/min/1.73 m2'),
      derivedFrom: [{ reference: `urn:uuid:${row.id}` }],
      note: [{ text: t(language, 'export.fhir.egfr_note') }],
    },
  ];
}

/** An insulin dose as a completed MedicationAdministration, the dose in units (U); its texts in `language`. */
export function insulinAdministration(
  row: InsulinRow,
  medication: Pick<MedicationRow, 'name'> | undefined,
  zone: string,
  language: Language = 'en',
): MedicationAdministration {
  const type = optionText(language, `report.insulin.type.${row.insulin_type}`, row.insulin_type);
  return {
    resourceType: 'MedicationAdministration',
    id: row.id,
    status: 'completed',
    medicationCodeableConcept: { text: medication?.name ?? t(language, 'export.fhir.insulin', { type }) },
    subject: patientReference(row.user_id),
    effectiveDateTime: isoLocal(row.date, row.time, zone),
    dosage: {
      text: t(language, 'export.fhir.insulin_dose', { units: Number(row.units), type }),
      dose: quantity(Number(row.units), 'U'),
    },
    ...(row.meal_context ? { note: [{ text: mealContextNote(row.meal_context, language) }] } : {}),
  };
}
