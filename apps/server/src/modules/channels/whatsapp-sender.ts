/**
 * The WhatsApp channel: template messages through the WhatsApp Cloud API (Graph API
 * `/{phone-number-id}/messages`) over fetch, with bounded retries (decision 050).
 */

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

/** Retry-After in ms (seconds form only), capped at 60 s; null when absent or unreadable. */
function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) * 1000 : null;
}

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
      let last: { status: number | null; error: string } = { status: null, error: 'not sent' };
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        let wait = baseDelay * 2 ** (attempt - 1);
        try {
          const response = await doFetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
            body,
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (response.ok) {
            await response.body?.cancel();
            return { outcome: 'delivered', status: response.status, attempts: attempt };
          }
          last = { status: response.status, error: await apiErrorCode(response) };
          if (!retryable(response.status)) {
            options.logger?.warn({ channel: 'whatsapp', error: last.error }, 'WhatsApp message refused');
            return { outcome: 'failed', ...last, attempts: attempt };
          }
          wait = Math.max(wait, retryAfterMs(response) ?? 0);
        } catch (error) {
          last = {
            status: null,
            error: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network',
          };
        }
        if (attempt < maxAttempts) await sleep(wait);
      }
      options.logger?.warn(
        { channel: 'whatsapp', error: last.error, attempts: maxAttempts },
        'WhatsApp message not delivered',
      );
      return { outcome: 'failed', ...last, attempts: maxAttempts };
    },
  };
}
