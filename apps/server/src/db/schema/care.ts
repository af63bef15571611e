/**
 * The care circle (decision 048): invitations (token stored hashed), members with
 * role and scopes, and the patient's audit. Every row dies with either person's account.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const ROLES = ['family', 'doctor'] as const;

/** A link a patient made: single use, valid until `expires_at`. Only the SHA-256 of its token is kept. */
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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('care_invitations_token_hash_key').on(table.token_hash),
    index('care_invitations_patient_id_idx').on(table.patient_id),
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
    action: text('action', { enum: ['invite', 'join', 'view', 'change', 'remove', 'mark_taken'] }).notNull(),
    role: text('role', { enum: ROLES }),
    scopes: text('scopes').array(),
    resource: text('resource'),
    /** For a view: the start of its hour, so a second view that hour is not another row. */
    hour: timestamp('hour', { withTimezone: true }),
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
    check('care_settings_minutes_range', sql`${table.missed_dose_alert_minutes} between 5 and 240`),
    check('care_settings_quiet_both', sql`(${table.quiet_start} is null) = (${table.quiet_end} is null)`),
  ],
);
