/**
 * The User entity and the profile update payload.
 */
import { z } from 'zod';
import { ACCOUNT_DELETION_WORD } from './account-deletion.ts';
import { displayTextSchema, hasVisibleText, stripBidiControls, timeZoneSchema } from './common.ts';
import { GLUCOSE_UNITS } from './glucose-units.ts';

import {
  SEX_OPTIONS,
  INDIAN_STATES,
  DIABETES_TYPES,
  DEFAULT_DIABETES_TYPE,
  DEFAULT_COUNTRY,
  AGE_RANGE,
} from './profile-options.ts';

export { SEX_OPTIONS, INDIAN_STATES, DIABETES_TYPES, DEFAULT_DIABETES_TYPE, DEFAULT_COUNTRY };

/** The app's languages: English and Hindi. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export { GLUCOSE_UNITS, type GlucoseUnit } from './glucose-units.ts';

/** A user as the API returns it. Optional profile fields are null until filled. */
export const userSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  sex: z.enum(SEX_OPTIONS).nullable(),
  age: z.number().int().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  pincode: z.string().nullable(),
  diabetes_type: z.string(),
  picture: z.string().nullable(),
  timezone: z.string(),
  language: z.enum(LANGUAGES).nullable(),
  glucose_unit: z.enum(GLUCOSE_UNITS),
});
export type User = z.infer<typeof userSchema>;

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

/** Phone number: digits only, 10–15 of them (a WhatsApp number, with or without country code). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10,15}$/, { error: 'must be 10 to 15 digits' });

/** Indian PIN code: exactly 6 digits. */
export const pincodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'must be exactly 6 digits' });

const AGE_ERROR = `must be a whole number from ${AGE_RANGE.min} to ${AGE_RANGE.max}`;
/** Age in whole years, AGE_RANGE (1–120). */
export const ageSchema = z
  .number({ error: AGE_ERROR })
  .int({ error: AGE_ERROR })
  .min(AGE_RANGE.min, { error: AGE_ERROR })
  .max(AGE_RANGE.max, { error: AGE_ERROR });

/**
 * PUT /api/users/me: a partial update that merges into the stored user.
 * The email comes from the sign-in provider and cannot be changed: sending one is a 400
 * (docs/decisions/002-email-is-read-only.md). Unknown fields are refused too.
 */
export const userUpdateSchema = z.strictObject({
  name: displayTextSchema(100).optional(),
  phone: phoneSchema.nullable().optional(),
  sex: z.enum(SEX_OPTIONS, { error: 'must be male, female or other' }).nullable().optional(),
  age: ageSchema.nullable().optional(),
  address: trimmed(500).nullable().optional(),
  state: z
    .enum(INDIAN_STATES, { error: 'must be one of the 28 Indian states or 8 union territories' })
    .nullable()
    .optional(),
  country: z.literal(DEFAULT_COUNTRY, { error: 'must be India' }).optional(),
  pincode: pincodeSchema.nullable().optional(),
  diabetes_type: z.enum(DIABETES_TYPES, { error: `must be one of ${DIABETES_TYPES.join(', ')}` }).optional(),
  timezone: timeZoneSchema.optional(),
  language: z.enum(LANGUAGES, { error: 'must be en or hi' }).optional(),
  glucose_unit: z.enum(GLUCOSE_UNITS, { error: 'must be mg/dL or mmol/L' }).optional(),
  email: z.never({ error: 'cannot be changed' }).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * Profile setup form: every field required; the WhatsApp
 * number becomes `phone`. Age is typed as text in the form and sent as an integer.
 */
export const profileSetupSchema = z.object({
  name: trimmed(100)
    .overwrite(stripBidiControls)
    .trim()
    .min(1, { error: 'Name is required' })
    .refine(hasVisibleText, { error: 'Name is required' }),
  sex: z.enum(SEX_OPTIONS, { error: 'Sex is required' }),
  age: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'Age must be a whole number from 1 to 120' })
    .refine((value) => Number(value) >= 1 && Number(value) <= 120, {
      error: 'Age must be a whole number from 1 to 120',
    }),
  whatsapp: z
    .string()
    .trim()
    .regex(/^\d{10,15}$/, { error: 'WhatsApp Number must be 10 to 15 digits' }),
  address: trimmed(500).min(1, { error: 'Address is required' }),
  state: z.enum(INDIAN_STATES, { error: 'State is required' }),
  pincode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Pincode must be exactly 6 digits' }),
});
export type ProfileSetupInput = z.infer<typeof profileSetupSchema>;

export { ACCOUNT_DELETION_WORD };

/**
 * DELETE /api/users/me: the body must be `{ confirm: "DELETE" }`, so a stray request
 * cannot delete an account (decision 021).
 */
export const accountDeletionSchema = z.object({
  confirm: z.literal(ACCOUNT_DELETION_WORD, { error: `must be "${ACCOUNT_DELETION_WORD}"` }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
