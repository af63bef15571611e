/** Users, sessions and the short-lived records of the sign-in flow. */
import { DEFAULT_ZONE } from '@diacare/contract/dates';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A person. Keyed by (issuer, subject) of whoever signed them in; 'local' for local sign-in. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    name: text('name'),
    phone: text('phone'),
    sex: text('sex', { enum: ['male', 'female', 'other'] }),
    age: integer('age'),
    address: text('address'),
    state: text('state'),
    country: text('country').notNull().default('India'),
    pincode: text('pincode'),
    diabetes_type: text('diabetes_type').notNull().default('Type 2'),
    picture: text('picture'),
    // IANA zone the user lives in; the browser sends it at sign-in.
    timezone: text('timezone').notNull().default(DEFAULT_ZONE),
    // The language the user chose ('en' | 'hi'); null until chosen: the browser's languages decide.
    language: text('language', { enum: ['en', 'hi'] }),
    // The unit glucose is shown and entered in; always stored as mg/dL.
    glucose_unit: text('glucose_unit', { enum: ['mg/dL', 'mmol/L'] })
      .notNull()
      .default('mg/dL'),
    ...timestamps,
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_issuer_subject_key').on(table.issuer, table.subject)],
);

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.token_hash),
    index('sessions_user_id_idx').on(table.user_id),
  ],
);

/** One-time codes handed to the SPA as `#session_id=`: valid 60 s, single use. */
export const loginCodes = pgTable(
  'login_codes',
  {
    code_hash: text('code_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('login_codes_user_id_idx').on(table.user_id)],
);

/**
 * An OpenID Connect authorization request in progress, bound to the browser that
 * started it by a cookie whose hash is `flow_hash`: state, nonce and PKCE verifier.
 */
export const oidcFlows = pgTable('oidc_flows', {
  flow_hash: text('flow_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  code_verifier: text('code_verifier').notNull(),
  redirect: text('redirect').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps,
});

/**
 * Sign-in attempts per client address and minute, when several instances share PostgreSQL
 * (rate-limiter-flexible's table, in its own layout). Made by a migration rather than by
 * the library at start, where two instances starting at once raced (decision 055).
 */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
