/** Labels of the care circle's roles, scopes and audit resources, as catalog ids. */
import type { CarePatient, CareRole, CareScope } from '@diacare/contract/care';
import type { MessageId } from '../../../lib/i18n/i18n';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';

export const ROLE_LABELS: Record<CareRole, MessageId> = { family: 'care.role.family', doctor: 'care.role.doctor' };

/** The contract's CARE_SCOPES, repeated so the first screen does not pull zod in. */
export const SCOPES = [
  'medications',
  'glucose',
  'bp',
  'weight',
  'appointments',
  'labs',
  'meals',
] as const satisfies readonly CareScope[];
export const DEFAULT_SCOPES: Record<CareRole, readonly CareScope[]> = {
  family: SCOPES,
  doctor: ['medications', 'glucose'],
};

export const SCOPE_LABELS: Record<CareScope, MessageId> = {
  medications: 'care.scope.medications',
  glucose: 'care.scope.glucose',
  bp: 'care.scope.bp',
  weight: 'care.scope.weight',
  appointments: 'care.scope.appointments',
  labs: 'care.scope.labs',
  meals: 'care.scope.meals',
};

const RESOURCE_LABELS: Record<string, MessageId> = {
  medications: 'care.resource.medications',
  adherence: 'care.resource.adherence',
  glucose: 'care.resource.glucose',
  bp: 'care.resource.bp',
  metrics: 'care.resource.metrics',
  appointments: 'care.resource.appointments',
  labs: 'care.resource.labs',
  insulin: 'care.resource.insulin',
  meals: 'care.resource.meals',
};

/**
 * An audit entry's channels ('push: unavailable; email: failed (smtp 550)', as the server writes
 * them) in the reader's language: 'push: not set up, e-mail: not delivered' / 'पुश: चालू नहीं, …'.
 * A failure's technical code is left out (the deliveries keep it).
 */
export const channelsText = (t: TranslateFunction, detail: string | null) =>
  (detail ?? '')
    .split('; ')
    .filter(Boolean)
    .map((part) => {
      const [channel = '', rest = ''] = part.split(': ');
      return t('care.audit.channel', { channel, outcome: rest.split(' (')[0] ?? '' });
    })
    .join(', ');

/** A resource the audit names, in words ('blood sugar'); an unknown one as it came. */
export const resourceLabel = (t: TranslateFunction, resource: string | null) =>
  resource && RESOURCE_LABELS[resource] ? t(RESOURCE_LABELS[resource]) : (resource ?? '');

/** Scopes as one comma-separated phrase in the active language. */
export const scopeList = (t: TranslateFunction, scopes: readonly CareScope[], locale: string) =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(scopes.map((scope) => t(SCOPE_LABELS[scope])));

/** The member's badge on a patient's screens: what they may do there. */
export const accessBadge = (patient: Pick<CarePatient, 'can_mark_taken'>): MessageId =>
  patient.can_mark_taken ? 'care.members.canMarkTaken' : 'care.patient.readOnly';
