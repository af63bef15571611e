/**
 * The database schema (Drizzle, PostgreSQL dialect), split by domain in one file per
 * table group. Every user-owned table carries `user_id` with ON DELETE CASCADE and
 * indexes that lead with it.
 */
export * from './schema/auth.ts';
export * from './schema/medications.ts';
export * from './schema/appointments.ts';
export * from './schema/health.ts';
export * from './schema/push.ts';
export * from './schema/reminders.ts';
export * from './schema/assistant.ts';
export * from './schema/idempotency.ts';
export * from './schema/labs.ts';
export * from './schema/insulin.ts';
export * from './schema/imports.ts';
export * from './schema/care.ts';
export * from './schema/channels.ts';
export * from './schema/meals.ts';
