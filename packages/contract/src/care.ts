/**
 * The care circle: invitations, members, the people a member
 * cares for, and the patient's audit. Alerts and channels (items 4–5) hang off a member later.
 */
import { z } from 'zod';
import { HYPOGLYCAEMIA } from './clinical.ts';
import { vmsg } from './i18n/validation-messages.ts';
import { orRequired } from './common.ts';

export const CARE_ROLES = ['family', 'doctor'] as const;
export type CareRole = (typeof CARE_ROLES)[number];

/** What a member may read; each names one or two of the patient's own routes (see CARE_RESOURCES). */
export const CARE_SCOPES = ['medications', 'glucose', 'bp', 'weight', 'appointments', 'labs', 'meals'] as const;
export type CareScope = (typeof CARE_SCOPES)[number];

/** All for family; glucose + medications for a doctor. */
export const DEFAULT_SCOPES: Record<CareRole, readonly CareScope[]> = {
  family: CARE_SCOPES,
  doctor: ['glucose', 'medications'],
};
export const DEFAULT_INVITATION_DAYS = 7;
export const MAX_INVITATION_DAYS = 30;

/** The member routes under /api/care/patients/{id}/ and the scope each needs. */
export const CARE_RESOURCES = {
  medications: 'medications',
  adherence: 'medications',
  glucose: 'glucose',
  bp: 'bp',
  metrics: 'weight',
  appointments: 'appointments',
  labs: 'labs',
  /** Insulin doses given: part of the medicines a member is shown (decision 077). */
  insulin: 'medications',
  /** Logged meals, their photos and responses (decision 088). */
  meals: 'meals',
} as const satisfies Record<string, CareScope>;
export type CareResource = keyof typeof CARE_RESOURCES;

const roleSchema = z.enum(CARE_ROLES, { error: orRequired(vmsg('validation.care_role')) });
export const scopesSchema = z
  .array(z.enum(CARE_SCOPES, { error: vmsg('validation.one_of', { values: CARE_SCOPES.join(', ') }) }), {
    error: orRequired(vmsg('validation.care_scopes')),
  })
  .max(CARE_SCOPES.length, { error: vmsg('validation.care_max_scopes', { max: CARE_SCOPES.length }) })
  .refine((scopes) => new Set(scopes).size === scopes.length, { error: vmsg('validation.care_scope_repeated') });

/** Scopes in CARE_SCOPES order, so stored and shown lists read the same everywhere. */
export const sortScopes = (scopes: readonly CareScope[]): CareScope[] =>
  CARE_SCOPES.filter((scope) => scopes.includes(scope));

/** POST /api/care/invitations; scopes and expiry fall back to the role's defaults, the mark-taken right to off. */
export const invitationInputSchema = z
  .object({
    role: roleSchema,
    scopes: scopesSchema.optional(),
    expires_in_days: z
      .number({ error: vmsg('validation.whole_days') })
      .int({ error: vmsg('validation.whole_days') })
      .min(1, { error: vmsg('validation.min', { min: 1 }) })
      .max(MAX_INVITATION_DAYS, { error: vmsg('validation.max', { max: MAX_INVITATION_DAYS }) })
      .default(DEFAULT_INVITATION_DAYS),
    /** The member may mark the patient's doses taken once they join (kept when the patient re-invites them). */
    can_mark_taken: z.boolean({ error: vmsg('validation.boolean') }).default(false),
  })
  .transform((input) => ({ ...input, scopes: sortScopes(input.scopes ?? DEFAULT_SCOPES[input.role]) }));
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** 201 of POST /api/care/invitations: the token is shown once; the server keeps only its hash. */
export const invitationSchema = z.object({
  id: z.uuid(),
  token: z.string(),
  url: z.string(),
  role: z.enum(CARE_ROLES),
  scopes: z.array(z.enum(CARE_SCOPES)),
  can_mark_taken: z.boolean(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/care/invitations/{token}: what the consent screen names, and nothing else. */
export const invitationPreviewSchema = z.object({
  inviter_name: z.string(),
  role: z.enum(CARE_ROLES),
  scopes: z.array(z.enum(CARE_SCOPES)),
  can_mark_taken: z.boolean(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * At most this many invitations a patient has pending (not used, revoked or expired): each is a
 * live link to their data, so the patient keeps a short list they can read and revoke.
 */
export const MAX_PENDING_INVITATIONS = 10;

/**
 * One of the patient's pending invitations (GET /api/care/invitations): what it shares and until
 * when. Never the token nor its hash: only the person the link was sent to holds it.
 */
export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  role: z.enum(CARE_ROLES),
  scopes: z.array(z.enum(CARE_SCOPES)),
  can_mark_taken: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** Path parameter `{token}`: base64url, as newToken() makes them (43 characters). */
export const tokenParamsSchema = z.object({
  token: z
    .string()
    .min(16, { error: vmsg('validation.care_invitation_token') })
    .max(128, { error: vmsg('validation.care_invitation_token') })
    .regex(/^[A-Za-z0-9_-]+$/, { error: vmsg('validation.care_invitation_token') }),
});

/** A person in the patient's circle (GET /api/care/members). */
export const careMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(CARE_ROLES),
  scopes: z.array(z.enum(CARE_SCOPES)),
  can_mark_taken: z.boolean(),
  /** Whether the member gets care alerts (decision 051): on for family by default. */
  alerts: z.boolean(),
  joined_at: z.string(),
});
export type CareMember = z.infer<typeof careMemberSchema>;

/** PATCH /api/care/members/{id}: any of role, scopes, can_mark_taken, alerts. */
export const careMemberUpdateSchema = z
  .strictObject({
    role: roleSchema.optional(),
    scopes: scopesSchema.optional(),
    can_mark_taken: z.boolean({ error: vmsg('validation.boolean') }).optional(),
    alerts: z.boolean({ error: vmsg('validation.boolean') }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: vmsg('validation.care_member_change') });
export type CareMemberUpdate = z.infer<typeof careMemberUpdateSchema>;

export const MIN_MISSED_DOSE_ALERT_MINUTES = 5;
export const MAX_MISSED_DOSE_ALERT_MINUTES = 240;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z
  .string({ error: vmsg('validation.clock_time') })
  .regex(HH_MM, { error: vmsg('validation.clock_time') });

/**
 * GET/PUT /api/care/settings: when the circle is alerted (decision 048). Times are the
 * patient's wall clock; quiet hours may cross midnight (22:00–07:00) but not be empty.
 */
export const careSettingsSchema = z.strictObject({
  missed_dose_alert_minutes: z
    .number({ error: orRequired(vmsg('validation.whole_minutes')) })
    .int({ error: vmsg('validation.whole_minutes') })
    .min(MIN_MISSED_DOSE_ALERT_MINUTES, { error: vmsg('validation.min', { min: MIN_MISSED_DOSE_ALERT_MINUTES }) })
    .max(MAX_MISSED_DOSE_ALERT_MINUTES, { error: vmsg('validation.max', { max: MAX_MISSED_DOSE_ALERT_MINUTES }) }),
  low_glucose_alerts: z.boolean({ error: orRequired(vmsg('validation.boolean')) }),
  quiet_hours: z
    .strictObject({ start: clockTime, end: clockTime }, { error: orRequired(vmsg('validation.care_quiet_hours')) })
    .refine((hours) => hours.start !== hours.end, { error: vmsg('validation.care_quiet_hours_equal') })
    .nullable(),
});
export type CareSettings = z.infer<typeof careSettingsSchema>;
/** What a patient who never saved settings gets. */
export const DEFAULT_CARE_SETTINGS: CareSettings = {
  missed_dose_alert_minutes: 60,
  low_glucose_alerts: true,
  quiet_hours: null,
};

/** A person the signed-in user cares for (GET /api/care/patients). */
export const carePatientSchema = z.object({
  patient_id: z.uuid(),
  name: z.string(),
  timezone: z.string(),
  role: z.enum(CARE_ROLES),
  scopes: z.array(z.enum(CARE_SCOPES)),
  can_mark_taken: z.boolean(),
});
export type CarePatient = z.infer<typeof carePatientSchema>;

export const patientParamsSchema = z.object({ patient_id: z.uuid({ error: vmsg('validation.uuid') }) });

export const CARE_AUDIT_ACTIONS = [
  'invite',
  'revoke',
  'join',
  'view',
  'change',
  'remove',
  'mark_taken',
  'alert',
  'alert_seen',
  'unmark_taken',
  /** A member marked the patient reviewed (decision 086). */
  'review',
  /** The patient shared with a doctor from the doctor's clinic code (decision 087). */
  'share',
] as const;
export type CareAuditAction = (typeof CARE_AUDIT_ACTIONS)[number];

/** One line of the patient's audit (GET /api/care/audit): who did what, when. */
export const careAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(CARE_AUDIT_ACTIONS),
  /** Who did it: the patient (invite, revoke, change, remove) or the member. */
  actor_name: z.string(),
  /** The member the entry is about (join, view, change, remove, mark_taken). */
  member_name: z.string().nullable(),
  role: z.enum(CARE_ROLES).nullable(),
  scopes: z.array(z.enum(CARE_SCOPES)).nullable(),
  /** For a view: the resource read (CareResource); for an alert: its kind (CareAlertKind). */
  resource: z.string().nullable(),
  /** For an alert sent: each channel's outcome for the member, e.g. 'push: delivered; email: failed (smtp 550)'. */
  detail: z.string().nullable(),
  at: z.string(),
});
export type CareAuditEntry = z.infer<typeof careAuditEntrySchema>;

/** What a care alert is about (decision 051): a dose not taken in time, a low reading, a very low one. */
export const CARE_ALERT_KINDS = ['missed_dose', 'low_glucose', 'urgent_low_glucose'] as const;
export type CareAlertKind = (typeof CARE_ALERT_KINDS)[number];
/** pending: not sent yet (waiting for its time, quiet hours or a retry); cancelled: the dose was taken, the reading recovered. */
export const CARE_ALERT_STATUSES = ['pending', 'sent', 'cancelled', 'failed'] as const;

/** Below this a reading alerts at once, even in quiet hours (mg/dL; ADA level 2 hypoglycaemia). */
export const URGENT_LOW_GLUCOSE_MG_DL = HYPOGLYCAEMIA.veryLow;
/** Below this a reading alerts unless one of LOW_GLUCOSE_MG_DL or more follows within the recovery window (ADA level 1). */
export const LOW_GLUCOSE_MG_DL = HYPOGLYCAEMIA.low;

/** One member an alert was meant for, and whether it reached them. */
export const careAlertRecipientSchema = z.object({
  name: z.string(),
  /** delivered: at least one channel took it; failed: every channel failed; unavailable: no channel (no push subscription). */
  outcome: z.enum(['delivered', 'failed', 'unavailable']),
  channels: z.array(z.string()),
  at: z.string(),
});

/** GET /api/care/alerts and GET /api/care/patients/{id}/alerts: recent alerts, newest first. */
export const careAlertSchema = z.object({
  id: z.uuid(),
  patient_id: z.uuid(),
  kind: z.enum(CARE_ALERT_KINDS),
  status: z.enum(CARE_ALERT_STATUSES),
  /** A missed dose: the medicine, the dose's date and 'HH:MM' in the patient's zone. */
  medication_name: z.string().nullable(),
  dose_date: z.string().nullable(),
  scheduled_time: z.string().nullable(),
  /** A low reading: mg/dL. */
  value: z.number().nullable(),
  /** When the dose was due or the reading taken (ISO instant). */
  event_at: z.string(),
  sent_at: z.string().nullable(),
  recipients: z.array(careAlertRecipientSchema),
  seen_at: z.string().nullable(),
  seen_by_name: z.string().nullable(),
});
export type CareAlert = z.infer<typeof careAlertSchema>;

/** Query of the alert lists: the newest `limit` (1–50, default 20). */
export const careAlertQuerySchema = z.object({
  limit: z.coerce
    .number({ error: vmsg('validation.whole_number_between', { min: 1, max: 50 }) })
    .int({ error: vmsg('validation.whole_number_between', { min: 1, max: 50 }) })
    .min(1, { error: vmsg('validation.whole_number_between', { min: 1, max: 50 }) })
    .max(50, { error: vmsg('validation.whole_number_between', { min: 1, max: 50 }) })
    .default(20),
});

/** Path of POST /api/care/alerts/{id}/seen. */
export const careAlertParamsSchema = z.object({ id: z.uuid({ error: vmsg('validation.uuid') }) });

/** The scope a member needs to read an alert of each kind: a dose is medicines, a reading is glucose. */
export const CARE_ALERT_SCOPE = {
  missed_dose: 'medications',
  low_glucose: 'glucose',
  urgent_low_glucose: 'glucose',
} as const satisfies Record<CareAlertKind, CareScope>;

/** An alert older than this is history, not news: the member's open list leaves it out (decision 075). */
export const OPEN_ALERT_DAYS = 7;

/**
 * One of GET /api/care/alerts/open (decision 075): an alert a member was told of and nobody has
 * seen yet, about someone they care for, with that person's name and zone (alert times are
 * their wall clock).
 */
export const memberOpenAlertSchema = careAlertSchema
  .pick({
    id: true,
    patient_id: true,
    kind: true,
    medication_name: true,
    dose_date: true,
    scheduled_time: true,
    value: true,
    event_at: true,
    sent_at: true,
  })
  .extend({ patient_name: z.string(), patient_timezone: z.string() });
export type MemberOpenAlert = z.infer<typeof memberOpenAlertSchema>;
