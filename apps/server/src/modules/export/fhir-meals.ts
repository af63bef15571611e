/**
 * FHIR R4 for a meal (decision 088): an Observation of estimated carbohydrate intake, LOINC
 * 9059-7 'Carbohydrate intake Estimated' in grams (UCUM 'g'), at the meal's instant, with one
 * component per food naming it (and its DiaCare food id) with its own estimate. A meal or an
 * item without a figure carries dataAbsentReason 'unknown' instead of a value.
 */
import type { CodeableConcept, Observation, ObservationComponent } from '@medplum/fhirtypes';
import type { MealExportRow } from './export.repository.ts';
import { LOINC_CODES, loinc, patientReference, quantity } from './fhir-primitives.ts';
import { isoLocal } from '@diacare/contract/dates';
import { optionText, t, type Language } from '../../i18n/index.ts';

/** DiaCare's own code system for the food list's ids. */
export const FOOD_SYSTEM = 'https://diacare.app/fhir/CodeSystem/food';
const DATA_ABSENT = 'http://terminology.hl7.org/CodeSystem/data-absent-reason';

const unknown: CodeableConcept = { coding: [{ system: DATA_ABSENT, code: 'unknown', display: 'Unknown' }] };
const value = (carbs: number | null) =>
  carbs === null ? { dataAbsentReason: unknown } : { valueQuantity: quantity(carbs, 'g') };

/** A meal as an Observation of its estimated carbohydrate, the foods as components; our texts in `language`. */
export function mealObservation(row: MealExportRow, zone: string, language: Language = 'en'): Observation {
  const carbs = loinc(LOINC_CODES.carbohydrateIntake);
  const component: ObservationComponent[] = row.items.map((item) => ({
    code: {
      coding: [
        ...carbs.coding!,
        ...(item.food_id ? [{ system: FOOD_SYSTEM, code: item.food_id, display: item.name }] : []),
      ],
      text: t(language, 'export.fhir.meal_item', { name: item.name, portions: item.portions }),
    },
    ...value(item.carbs_g),
  }));
  return {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    code: {
      ...carbs,
      text: t(language, 'export.fhir.carbohydrate_intake', {
        meal: optionText(language, `report.meals.type.${row.meal_type}`, row.meal_type),
      }),
    },
    subject: patientReference(row.user_id),
    effectiveDateTime: isoLocal(row.date, row.time, zone),
    ...value(row.carbs_g),
    component,
    method: { text: t(language, 'export.fhir.carbohydrate_method') },
    ...(row.note ? { note: [{ text: row.note }] } : {}),
  };
}
