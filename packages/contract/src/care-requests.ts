/**
 * A doctor's clinic code (decision 087): a link and QR code a doctor shows from the Patients
 * screen; a patient who opens it sees who asks and for what, and chooses. Joining makes the same
 * membership an invitation makes, which the patient changes or removes as any other.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { CARE_ROLES, CARE_SCOPES, DEFAULT_SCOPES, scopesSchema, sortScopes } from './care.ts';

export const DEFAULT_CLINIC_CODE_DAYS = 30;
export const MAX_CLINIC_CODE_DAYS = 90;
/** At most this many live clinic codes a doctor keeps (one per clinic or desk is the use). */
export const MAX_LIVE_CLINIC_CODES = 5;

/** POST /api/care/requests: what the doctor asks patients to share, and for how long the code works. */
export const careRequestInputSchema = z
  .object({
    scopes: scopesSchema.optional(),
    expires_in_days: z
      .number({ error: vmsg('validation.whole_days') })
      .int({ error: vmsg('validation.whole_days') })
      .min(1, { error: vmsg('validation.min', { min: 1 }) })
      .max(MAX_CLINIC_CODE_DAYS, { error: vmsg('validation.max', { max: MAX_CLINIC_CODE_DAYS }) })
      .default(DEFAULT_CLINIC_CODE_DAYS),
  })
  .transform((input) => ({ ...input, scopes: sortScopes(input.scopes ?? DEFAULT_SCOPES.doctor) }));

/** A clinic code of the signed-in doctor (POST's 201 and GET /api/care/requests). */
export const careRequestSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  url: z.string(),
  scopes: z.array(z.enum(CARE_SCOPES)),
  created_at: z.string(),
  expires_at: z.string(),
});
export type CareRequest = z.infer<typeof careRequestSchema>;

/** GET /api/care/requests/{code}: what the patient's consent screen names, and nothing else. */
export const careRequestPreviewSchema = z.object({
  requester_name: z.string(),
  role: z.enum(CARE_ROLES),
  scopes: z.array(z.enum(CARE_SCOPES)),
  expires_at: z.string(),
});
export type CareRequestPreview = z.infer<typeof careRequestPreviewSchema>;

/** POST /api/care/requests/{code}/accept: the patient may share less than was asked. */
/** What the patient shares: at least one scope (sharing nothing would list them with nothing to see). */
export const careRequestAcceptSchema = z.object({
  scopes: scopesSchema.min(1, { error: vmsg('validation.care_scopes_min') }).optional(),
});

/** Path parameter `{code}`: base64url, as newToken() makes them. */
export const codeParamsSchema = z.object({
  code: z
    .string()
    .min(16, { error: vmsg('validation.clinic_code') })
    .max(128, { error: vmsg('validation.clinic_code') })
    .regex(/^[A-Za-z0-9_-]+$/, { error: vmsg('validation.clinic_code') }),
});
