/**
 * The assistant's API: GET /api/assistant/messages → { messages } (oldest first, the last 50);
 * POST { content } → an NDJSON stream ('user', 'delta'*, then 'done' or 'error'); DELETE → 204.
 * Decision 017.
 */
import { z } from 'zod';
import { vmsg } from './i18n/validation-messages.ts';
import { ASSISTANT_MESSAGE_MAX_CHARS } from './assistant-limits.ts';

export { ASSISTANT_MESSAGE_MAX_CHARS };
export { ASSISTANT_HISTORY_LIMIT, ASSISTANT_STORED_LIMIT, BUILTIN_ASSISTANT_NAME } from './assistant-limits.ts';

export const assistantLinkSchema = z.object({ label: z.string(), href: z.string() });
export type AssistantLink = z.infer<typeof assistantLinkSchema>;

export const assistantSourceSchema = z.object({ title: z.string(), section: z.string() });
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

export const assistantMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** ISO 8601 instant. */
  created_at: z.string(),
  /** 'DiaCare assistant' or the model's name; null for the user's own messages. */
  engine: z.string().nullable(),
  /** Screens that show the figures in the answer, e.g. { label: 'Reports', href: '/reports' }. */
  links: z.array(assistantLinkSchema),
  /** Knowledge-base sources the answer quotes. */
  sources: z.array(assistantSourceSchema),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantHistorySchema = z.object({ messages: z.array(assistantMessageSchema) });
export type AssistantHistory = z.infer<typeof assistantHistorySchema>;

/** POST body: the user's question, trimmed, 1–2,000 characters. */
export const assistantInputSchema = z.object({
  content: z
    .string({ error: vmsg('validation.text') })
    .trim()
    .min(1, { error: vmsg('validation.not_empty') })
    .max(ASSISTANT_MESSAGE_MAX_CHARS, { error: vmsg('validation.max_chars', { max: ASSISTANT_MESSAGE_MAX_CHARS }) }),
});
export type AssistantInput = z.input<typeof assistantInputSchema>;

/** One line of the POST response (application/x-ndjson). */
export const assistantStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), message: assistantMessageSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), message: assistantMessageSchema }),
  z.object({ type: z.literal('error'), detail: z.string() }),
]);
export type AssistantStreamEvent = z.infer<typeof assistantStreamEventSchema>;

/** GET /api/config's `assistant`: which engine answers. */
export const assistantConfigSchema = z.object({
  engine: z.enum(['builtin', 'llm']),
  /** 'DiaCare assistant' or the model's name. */
  name: z.string(),
});
export type AssistantConfig = z.infer<typeof assistantConfigSchema>;
