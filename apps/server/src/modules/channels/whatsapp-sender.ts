/**
 * The WhatsApp channel: template messages through the WhatsApp Cloud API (Graph API
 * `/{phone-number-id}/messages`) over fetch, with bounded retries (decision 050) from the one
 * retry kit (lib/retry.ts).
 */
import { backoffDelay, parseRetryAfter, withRetries } from '../../lib/retry.ts';

/**
 * A profile's WhatsApp number in E.164. The profile takes 10 to 15 digits, with or without the
 * country code (contract users.ts): 10 digits are an Indian mobile number → '+91' + digits;
 * '0' + 10 digits (trunk prefix) → '+91' + the 10; 11–15 digits already carry a country code.
 * @returns '+91XXXXXXXXXX' and the like, or null when it is not such a number.
 */
export function toE164(profileNumber: string | null | undefined): string | null {
  const digits = (profileNumber ?? '').replace(/[\s()+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 10) return `+91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `+91${digits.slice(1)}`;
  if (digits.length >= 11 && digits.length <= 15 && !digits.startsWith('0')) return `+${digits}`;
  return null;
}

export interface WhatsAppMessage {
  /** The profile's number as stored; converted with toE164. */
  to: string;
  /** A registered template name (templates.ts). */
  template: string;
  language: 'en' | 'hi';
  /** The body's {{1}}, {{2}}… in order. */
  parameters: readonly string[];
}

/** `status` is the last HTTP status (null: network error or bad number); `error` has no personal data. */
export type WhatsAppResult =
  | { outcome: 'delivered'; status: number; attempts: number }
  | { outcome: 'failed'; status: number | null; attempts: number; error: string };

export interface WhatsAppSender {
  /** Sends one template message. Never throws for API or network errors. */
  send(message: WhatsAppMessage): Promise<WhatsAppResult>;
}

export interface WhatsAppOptions {
  token: string;
  phoneNumberId: string;
  /** e.g. https://graph.facebook.com/v21.0 */
  apiUrl: string;
  /** Attempts in all, including the first (default 4). */
  maxAttempts?: number;
  /** The first retry's delay; it doubles each time (default 1000 ms). A Retry-After of up to 60 s wins when longer. */
  baseDelayMs?: number;
  /** Aborts one request after this long (default 10 000 ms); counts as a network error. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  logger?: { warn(details: object, message: string): void };
}

const retryable = (status: number) => status === 429 || status >= 500;

/** The longest Retry-After the sender waits out, ms (60 s); a longer one waits this long. */
const RETRY_AFTER_MAX_MS = 60_000;

/** The Cloud API's error code from a JSON error body ({ error: { code } }), when it has one. */
async function apiErrorCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'number'
      ? `http ${response.status} code ${body.error.code}`
      : `http ${response.status}`;
  } catch {
    return `http ${response.status}`;
  }
}

/**
 * A sender for one WhatsApp business number. 2xx → delivered; 429, 5xx and network errors are
 * retried after baseDelayMs × 2^n; any other 4xx fails at once (a bad number or template).
 */
export function createWhatsAppSender(options: WhatsAppOptions): WhatsAppSender {
  const maxAttempts = options.maxAttempts ?? 4;
  const baseDelay = options.baseDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const url = `${options.apiUrl.replace(/\/$/, '')}/${options.phoneNumberId}/messages`;

  return {
    async send(message) {
      const to = toE164(message.to);
      if (!to) return { outcome: 'failed', status: null, attempts: 0, error: 'bad number' };
      const body = JSON.stringify({
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.language },
          components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
        },
      });
      type Answer = { status: number; error?: undefined } | { status: number | null; error: string };
      const { value, attempts, end } = await withRetries<Answer>({
        maxAttempts,
        attempt: async () => {
          try {
            const response = await doFetch(url, {
              method: 'POST',
              headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
              body,
              signal: AbortSignal.timeout(timeoutMs),
            });
            if (response.ok) {
              await response.body?.cancel();
              return { value: { status: response.status }, retry: false };
            }
            const failed = { status: response.status, error: await apiErrorCode(response) };
            const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
            return { value: failed, retry: retryable(response.status), retryAfterMs };
          } catch (error) {
            const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
            return { value: { status: null, error: reason }, retry: true };
          }
        },
        // The backoff, or the service's Retry-After (up to RETRY_AFTER_MAX_MS) when longer.
        wait: (attempt, retryAfterMs) =>
          Math.max(backoffDelay(attempt, { baseDelayMs: baseDelay }), Math.min(retryAfterMs ?? 0, RETRY_AFTER_MAX_MS)),
        sleep,
      });
      if (value.error === undefined) return { outcome: 'delivered', status: value.status, attempts };
      if (end === 'done') {
        options.logger?.warn({ channel: 'whatsapp', error: value.error }, 'WhatsApp message refused');
      } else {
        options.logger?.warn({ channel: 'whatsapp', error: value.error, attempts }, 'WhatsApp message not delivered');
      }
      return { outcome: 'failed', status: value.status, error: value.error, attempts };
    },
  };
}
