/**
 * The User entity and the profile update payload.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
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

import { LANGUAGES, type Language } from './languages.ts';

export { LANGUAGES, type Language };

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
    .max(max, { error: vmsg('validation.max_chars', { max: max }) });

/** Phone number: digits only, 10–15 of them (a WhatsApp number, with or without country code). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10,15}$/, { error: vmsg('validation.phone_digits') });

/** Indian PIN code: exactly 6 digits. */
export const pincodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: vmsg('validation.pincode_digits') });

const AGE_ERROR = vmsg('validation.whole_number_between', { min: AGE_RANGE.min, max: AGE_RANGE.max });
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
  sex: z
    .enum(SEX_OPTIONS, { error: vmsg('validation.sex') })
    .nullable()
    .optional(),
  age: ageSchema.nullable().optional(),
  address: trimmed(500).nullable().optional(),
  state: z
    .enum(INDIAN_STATES, { error: vmsg('validation.state') })
    .nullable()
    .optional(),
  country: z.literal(DEFAULT_COUNTRY, { error: vmsg('validation.country') }).optional(),
  pincode: pincodeSchema.nullable().optional(),
  diabetes_type: z
    .enum(DIABETES_TYPES, { error: vmsg('validation.one_of', { values: DIABETES_TYPES.join(', ') }) })
    .optional(),
  timezone: timeZoneSchema.optional(),
  language: z.enum(LANGUAGES, { error: vmsg('validation.language') }).optional(),
  glucose_unit: z.enum(GLUCOSE_UNITS, { error: vmsg('validation.glucose_unit') }).optional(),
  email: z.never({ error: vmsg('validation.unchangeable') }).optional(),
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
    .min(1, { error: vmsg('validation.profile_name') })
    .refine(hasVisibleText, { error: vmsg('validation.profile_name') }),
  sex: z.enum(SEX_OPTIONS, { error: vmsg('validation.profile_sex') }),
  age: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: vmsg('validation.profile_age') })
    .refine((value) => Number(value) >= 1 && Number(value) <= 120, {
      error: vmsg('validation.profile_age'),
    }),
  whatsapp: z
    .string()
    .trim()
    .regex(/^\d{10,15}$/, { error: vmsg('validation.profile_whatsapp') }),
  address: trimmed(500).min(1, { error: vmsg('validation.profile_address') }),
  state: z.enum(INDIAN_STATES, { error: vmsg('validation.profile_state') }),
  pincode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: vmsg('validation.profile_pincode') }),
});
export type ProfileSetupInput = z.infer<typeof profileSetupSchema>;

export { ACCOUNT_DELETION_WORD };

/**
 * DELETE /api/users/me: the body must be `{ confirm: "DELETE" }`, so a stray request
 * cannot delete an account (decision 021).
 */
export const accountDeletionSchema = z.object({
  confirm: z.literal(ACCOUNT_DELETION_WORD, { error: vmsg('validation.exact_word', { word: ACCOUNT_DELETION_WORD }) }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
