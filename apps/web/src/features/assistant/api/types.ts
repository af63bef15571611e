/**
 * Client types for /api/assistant (issue 11). Temporary: they mirror the zod schemas in
 * `packages/contract/src/assistant.ts`, written in parallel on the server branch; on merge
 * these become `import type { … } from '@diacare/contract/assistant'` and this file goes.
 */

/** A link from an answer to the screen that shows the figure (e.g. '/reports'). */
export interface AssistantLink {
  label: string;
  href: string;
}

/** The guideline an answer cites (e.g. 'ADA Standards of Care 2025', 'Section 5'). */
export interface AssistantSource {
  title: string;
  section: string;
}

export interface AssistantMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** ISO 8601 instant. */
  created_at: string;
  /** 'DiaCare assistant' or the language model's name; null for the user's own messages. */
  engine: string | null;
  links: AssistantLink[];
  sources: AssistantSource[];
}

/** GET /api/assistant/messages: the conversation, oldest first. */
export interface AssistantMessages {
  messages: AssistantMessage[];
}

/** One line of the NDJSON stream POST /api/assistant/messages answers with. */
export type AssistantStreamEvent =
  | { type: 'user'; message: AssistantMessage }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: AssistantMessage }
  | { type: 'error'; detail: string };

/** GET /api/config's `assistant` field: which engine answers on this server. */
export interface AssistantConfig {
  engine: 'builtin' | 'llm';
  name: string;
}

/** Longest message the server accepts (characters). */
export const MESSAGE_MAX_LENGTH = 2000;
