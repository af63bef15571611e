/**
 * FHIR R4 for the patient's care circle (decision 048): a family member as a RelatedPerson,
 * a doctor as a Practitioner, and for each a Consent naming what they may read and since when.
 */
import type { CareScope } from '@diacare/contract/care';
import type { CodeableConcept, Consent, Practitioner, RelatedPerson, Resource } from '@medplum/fhirtypes';
import type { CareCircleRow } from './export.repository.ts';
import { derivedUuid, fullUrl, patientReference } from './fhir-primitives.ts';
import { isoInZone } from '@diacare/contract/dates';
import { t, type Language } from '../../i18n/index.ts';

const ROLE_CODE = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
const PARTICIPATION = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const CONSENT_ACTION = 'http://terminology.hl7.org/CodeSystem/consentaction';
/** DiaCare's own code system for a care scope (the contract's CARE_SCOPES). */
export const CARE_SCOPE_SYSTEM = 'https://diacare.app/fhir/CodeSystem/care-scope';

/** The FHIR resource types each scope lets a member read, as the Bundle exports them. */
const SCOPE_RESOURCE_TYPES: Record<CareScope, string[]> = {
  medications: ['MedicationStatement', 'MedicationAdministration'],
  glucose: ['Observation'],
  bp: ['Observation'],
  weight: ['Observation'],
  appointments: ['Appointment'],
  labs: ['Observation'],
  meals: ['Observation'],
};

const action = (code: string): CodeableConcept => ({ coding: [{ system: CONSENT_ACTION, code }] });

/**
 * The resources of one member of the patient's circle (`row.direction` 'in_my_circle'):
 * RelatedPerson (family, relationship FAMMEMB) or Practitioner (doctor), then an active
 * Consent from the day they joined (no end: it lasts until removed) permitting 'access' to
 * the scopes' data, and 'correct' too when they may mark doses taken. Ids derive from the
 * membership's id, so a second export gives the same ids.
 */
export function careCircleResources(
  row: CareCircleRow,
  patientId: string,
  zone: string,
  language: Language = 'en',
): Resource[] {
  const joined = isoInZone(row.created_at, zone);
  const name = [{ text: row.person }];
  const telecom = row.email ? [{ system: 'email' as const, value: row.email }] : undefined;
  const person: RelatedPerson | Practitioner =
    row.role === 'family'
      ? {
          resourceType: 'RelatedPerson',
          id: derivedUuid(row.id, 'related-person'),
          active: true,
          patient: patientReference(patientId),
          relationship: [{ coding: [{ system: ROLE_CODE, code: 'FAMMEMB', display: 'family member' }] }],
          name,
          ...(telecom ? { telecom } : {}),
          period: { start: joined },
        }
      : {
          resourceType: 'Practitioner',
          id: derivedUuid(row.id, 'practitioner'),
          active: true,
          name,
          ...(telecom ? { telecom } : {}),
        };
  const scopes = row.scopes as CareScope[];
  const consent: Consent = {
    resourceType: 'Consent',
    id: derivedUuid(row.id, 'consent'),
    status: 'active',
    scope: { coding: [{ system: CONSENT_SCOPE, code: 'patient-privacy', display: 'Privacy Consent' }] },
    category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] }],
    patient: patientReference(patientId),
    dateTime: joined,
    policyRule: { text: t(language, 'export.fhir.care_policy') },
    provision: {
      type: 'permit',
      period: { start: joined },
      actor: [
        {
          role: { coding: [{ system: PARTICIPATION, code: 'IRCP', display: 'information recipient' }] },
          reference: { reference: fullUrl(person.id!), display: row.person },
        },
      ],
      action: [action('access'), ...(row.can_mark_taken ? [action('correct')] : [])],
      class: [...new Set(scopes.flatMap((scope) => SCOPE_RESOURCE_TYPES[scope]))].map((code) => ({
        system: 'http://hl7.org/fhir/resource-types',
        code,
      })),
      code: scopes.map((scope) => ({ coding: [{ system: CARE_SCOPE_SYSTEM, code: scope }], text: scope })),
    },
  };
  return [person, consent];
}
