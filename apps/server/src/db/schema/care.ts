/**
 * The care circle (decision 048): invitations (token stored hashed), members with
 * role and scopes, and the patient's audit. Every row dies with either person's account.
 */
import {
  CARE_AUDIT_ACTIONS,
  MAX_MISSED_DOSE_ALERT_MINUTES,
  MIN_MISSED_DOSE_ALERT_MINUTES,
} from '@diacare/contract/care';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { medications } from './medications.ts';

const ROLES = ['family', 'doctor'] as const;

/**
 * A link a patient made: single use, valid until `expires_at` unless revoked first. Only the
 * SHA-256 of its token is kept. Pending = not used, not revoked, not expired.
 */
export const careInvitations = pgTable(
  'care_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** CareScope values, in the contract's order. */
    scopes: text('scopes').array().notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    /** Set when the patient withdrew the link before it was used (DELETE /api/care/invitations/{id}). */
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** The right to mark doses taken that the member gets on joining (decision 078). */
    can_mark_taken: boolean('can_mark_taken').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('care_invitations_token_hash_key').on(table.token_hash),
    index('care_invitations_patient_id_idx').on(table.patient_id),
  ],
);

/**
 * A doctor's clinic code (decision 087): a link any patient may open to share with the doctor,
 * until it expires or the doctor withdraws it. The code is kept as it is, so the doctor can show
 * it again: it lets nobody read anything, only ask a patient, who chooses.
 */
export const careRequests = pgTable(
  'care_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** CareScope values asked for, in the contract's order. */
    scopes: text('scopes').array().notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('care_requests_code_key').on(table.code),
    index('care_requests_member_id_idx').on(table.member_id),
  ],
);

/**
 * One member of one patient's circle. `alerts` is read by the care circle's escalation alerts
 * (not built yet): per member, on for family by default.
 */
export const careMembers = pgTable(
  'care_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    scopes: text('scopes').array().notNull(),
    can_mark_taken: boolean('can_mark_taken').notNull().default(false),
    alerts: boolean('alerts').notNull().default(false),
    /** When this member last marked the patient reviewed (decision 086); each mark is also in the audit. */
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('care_members_patient_member_key').on(table.patient_id, table.member_id),
    index('care_members_member_id_idx').on(table.member_id),
  ],
);

/** The patient's audit: invite, join, view (one per member, resource and hour), change, remove, mark_taken. */
export const careAudit = pgTable(
  'care_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who acted: the patient or a member. */
    actor_id: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member the entry is about; null for an invite. */
    member_id: uuid('member_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', {
      enum: CARE_AUDIT_ACTIONS,
    }).notNull(),
    role: text('role', { enum: ROLES }),
    scopes: text('scopes').array(),
    resource: text('resource'),
    /** For a view: the start of its hour, so a second view that hour is not another row. */
    hour: timestamp('hour', { withTimezone: true }),
    /** For an alert: each channel's outcome, e.g. 'push: delivered; email: failed (smtp 550)'. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('care_audit_patient_at_idx').on(table.patient_id, table.at),
    uniqueIndex('care_audit_view_hour_key')
      .on(table.patient_id, table.actor_id, table.resource, table.hour)
      .where(sql`${table.action} = 'view'`),
  ],
);

/**
 * The patient's care-alert settings (decision 048): one row per patient, absent until the
 * first PUT (the defaults apply). Read by the alert engine through getCareSettings.
 */
export const careSettings = pgTable(
  'care_settings',
  {
    patient_id: uuid('patient_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    missed_dose_alert_minutes: integer('missed_dose_alert_minutes').notNull().default(60),
    low_glucose_alerts: boolean('low_glucose_alerts').notNull().default(true),
    /** 'HH:MM' in the patient's zone; both null = no quiet hours. */
    quiet_start: text('quiet_start'),
    quiet_end: text('quiet_end'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'care_settings_minutes_range',
      sql`${table.missed_dose_alert_minutes} between ${sql.raw(String(MIN_MISSED_DOSE_ALERT_MINUTES))} and ${sql.raw(String(MAX_MISSED_DOSE_ALERT_MINUTES))}`,
    ),
    check('care_settings_quiet_both', sql`(${table.quiet_start} is null) = (${table.quiet_end} is null)`),
  ],
);

/**
 * A care alert (decision 051): one per missed dose or low reading (`dedupe_key` unique, so two
 * instances make it once), sent to the members with alerts on under a claim like reminders.
 */
export const careAlerts = pgTable(
  'care_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['missed_dose', 'low_glucose', 'urgent_low_glucose'] }).notNull(),
    /** 'missed:<medication>:<date>:<time>' or 'glucose:<reading>'. */
    dedupe_key: text('dedupe_key').notNull(),
    medication_id: uuid('medication_id').references(() => medications.id, { onDelete: 'cascade' }),
    dose_date: date('dose_date', { mode: 'string' }),
    scheduled_time: text('scheduled_time'),
    /** The glucose reading (no foreign key: a deleted reading cancels a pending alert). */
    reading_id: uuid('reading_id'),
    /** mg/dL of the reading. */
    value: integer('value'),
    /** The dose's instant or the reading's. */
    event_at: timestamp('event_at', { withTimezone: true }).notNull(),
    /** Not sent before (quiet hours move it to their end). */
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'cancelled', 'failed'] })
      .notNull()
      .default('pending'),
    /** Why cancelled or failed (no personal data). */
    detail: text('detail'),
    attempts: integer('attempts').notNull().default(0),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    claim_token: uuid('claim_token'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** The first member who marked it seen: acknowledged for everyone. */
    seen_at: timestamp('seen_at', { withTimezone: true }),
    seen_by: uuid('seen_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('care_alerts_dedupe_key').on(table.dedupe_key),
    index('care_alerts_pending_due_idx')
      .on(table.due_at)
      .where(sql`${table.status} = 'pending'`),
    index('care_alerts_patient_created_idx').on(table.patient_id, table.created_at),
  ],
);

/** Who an alert reached, per member and channel ('push' now; e-mail and WhatsApp later). */
export const careAlertDeliveries = pgTable(
  'care_alert_deliveries',
  {
    alert_id: uuid('alert_id')
      .notNull()
      .references(() => careAlerts.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    outcome: text('outcome', { enum: ['delivered', 'failed', 'unavailable'] }).notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.alert_id, table.member_id, table.channel] }),
    index('care_alert_deliveries_member_idx').on(table.member_id),
  ],
);
