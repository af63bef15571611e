/**
 * Configuration: every environment variable of docs/architecture.md, parsed by one
 * zod schema at start. A bad value stops start-up with a message naming the variable.
 */
import { z } from 'zod';

/** Public push services whose endpoints a subscription may use. */
const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

const flag = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true');
const optionalUrl = z.url({ error: 'must be a URL' }).optional();

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_ORIGIN: z
    .url({ error: 'must be an origin such as https://diacare.example' })
    .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
      error: 'must be an origin only (scheme, host and port, no path)',
    })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_LOCAL_SIGNIN: flag.optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** When set, sign-in rate limits are counted in this Redis instead of PostgreSQL (decision 013). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  PUSH_SERVICE_HOSTS: z.string().default(DEFAULT_PUSH_SERVICE_HOSTS),
  /** 'false' stops this process from materialising and dispatching reminders (another instance does it). */
  REMINDER_ENGINE: flag.default(true),
  CHAT_AGENT_URL: optionalUrl,
  /** An OpenAI-compatible endpoint (…/v1) and model; both set → the assistant uses the model. */
  LLM_BASE_URL: optionalUrl,
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  /** Questions per minute per user to the assistant. */
  ASSISTANT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Care invitations a patient may create per minute (429 beyond), in the same shared store. */
  CARE_INVITATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  PHARMACY_URL: z.url().default('https://www.1mg.com/'),
  STORE_URL: z.url().default('https://www.amazon.in/'),
  SUPPORT_EMAIL: z.string().min(1).default('support@diacare.example'),
  SUPPORT_PHONE: z.string().min(1).default('+91 80 0000 0000'),
  PRIVACY_EMAIL: z.string().min(1).default('privacy@diacare.example'),
  PRIVACY_PHONE: z.string().min(1).default('+91 80 0000 0001'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** /readyz fails once the oldest due, unsent reminder is this late (seconds). */
  READY_MAX_REMINDER_LAG_SECONDS: z.coerce.number().int().min(1).default(300),
  /** /metrics is served only when set, to requests with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** The server writes its own backups into this directory when set. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Hours between the server's own backups (fractions allowed). */
  BACKUP_EVERY_HOURS: z.coerce.number().positive().default(24),
  /** The server's own backups kept; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /**
   * 'true' lets a Nightscout import reach http:// and private, loopback or link-local
   * addresses (a local stand-in in tests); off, only https:// on public addresses (decision 053).
   */
  NIGHTSCOUT_ALLOW_PRIVATE: flag.default(false),
  /** E-mail channel (decision 050): smtp://user:pass@host:587 or smtps://…; with MAIL_FROM. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  /** The From of every e-mail, e.g. 'DiaCare <reminders@diacare.example>'. */
  MAIL_FROM: z.string().min(3).optional(),
  /** WhatsApp channel: a Cloud API access token and the sender's phone number id, both needed. */
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, { error: 'must be the numeric phone number id' }).optional(),
  /** The Graph API base, e.g. https://graph.facebook.com/v21.0 (the default). */
  WHATSAPP_API_URL: z.url({ error: 'must be a URL' }).default('https://graph.facebook.com/v21.0'),
});

/** zod's English messages, which a per-parse map puts before the contract's global one. */
const OPERATOR_MESSAGES = z.locales.en().localeError;

/** The parsed configuration with derived values filled in. */
export type Env = ReturnType<typeof parseEnv>;

/**
 * Parses `source` (normally process.env).
 * @throws Error whose message names each bad variable, e.g. "PORT: Too big: expected number to be <=65535".
 */
export function parseEnv(source: Record<string, string | undefined>) {
  // Messages for the operator in zod's own English, not the contract's message ids (decision 094).
  const result = rawEnvSchema.safeParse(source, { error: OPERATOR_MESSAGES });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const raw = result.data;
  if (Boolean(raw.VAPID_PUBLIC_KEY) !== Boolean(raw.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  for (const [a, b] of [
    ['SMTP_URL', 'MAIL_FROM'],
    ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'],
  ] as const) {
    if (Boolean(raw[a]) !== Boolean(raw[b])) {
      throw new Error(`Invalid configuration:\n  ${raw[a] ? b : a}: set both ${a} and ${b}, or neither`);
    }
  }
  const appOrigin = (raw.APP_ORIGIN ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  // With the default origin, http://127.0.0.1:PORT is the same local server: accept it too
  // for sign-in redirects and the same-origin check.
  const allowedOrigins = new Set([appOrigin]);
  if (!raw.APP_ORIGIN) {
    allowedOrigins.add(`http://127.0.0.1:${raw.PORT}`);
    allowedOrigins.add(`http://[::1]:${raw.PORT}`);
  }
  const oidcEnabled = Boolean(raw.OIDC_CLIENT_ID);
  return {
    ...raw,
    appOrigin,
    allowedOrigins,
    secureCookies: appOrigin.startsWith('https://'),
    oidcEnabled,
    /** The assistant's model when LLM_BASE_URL and LLM_MODEL are both set, else null (built-in engine). */
    llm:
      raw.LLM_BASE_URL && raw.LLM_MODEL
        ? { baseUrl: raw.LLM_BASE_URL, model: raw.LLM_MODEL, apiKey: raw.LLM_API_KEY }
        : null,
    /** The e-mail channel's settings when SMTP_URL and MAIL_FROM are both set, else null. */
    smtp: raw.SMTP_URL && raw.MAIL_FROM ? { url: raw.SMTP_URL, from: raw.MAIL_FROM } : null,
    /** The WhatsApp channel's settings when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are both set, else null. */
    whatsapp:
      raw.WHATSAPP_TOKEN && raw.WHATSAPP_PHONE_NUMBER_ID
        ? {
            token: raw.WHATSAPP_TOKEN,
            phoneNumberId: raw.WHATSAPP_PHONE_NUMBER_ID,
            apiUrl: raw.WHATSAPP_API_URL.replace(/\/$/, ''),
          }
        : null,
    localSignInEnabled: raw.AUTH_LOCAL_SIGNIN ?? raw.NODE_ENV !== 'production',
    pushServiceHosts: raw.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}
