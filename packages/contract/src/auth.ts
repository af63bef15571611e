/** Sign-in payloads. */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { timeZoneSchema } from './common.ts';
import { assistantConfigSchema } from './assistant.ts';
import { userSchema } from './users.ts';

/**
 * POST /api/auth/session: exchange the one-time code from `#session_id=` for a session.
 * The browser also sends its IANA time zone so that dose times follow the user's clock.
 */
export const sessionRequestSchema = z.object({
  session_id: z
    .string()
    .min(1, { error: vmsg('validation.required') })
    .max(200),
  timezone: timeZoneSchema.optional(),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

export const sessionResponseSchema = z.object({ user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** GET /api/config: runtime settings the signed-in app needs. */
export const appConfigSchema = z.object({
  chat_agent_url: z.string().nullable(),
  pharmacy_url: z.string(),
  store_url: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  privacy_email: z.string(),
  privacy_phone: z.string(),
  /** Which assistant engine answers on /chat. */
  assistant: assistantConfigSchema,
});
export type AppConfig = z.infer<typeof appConfigSchema>;
