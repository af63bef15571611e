/**
 * Client types for /api/assistant, taken from the contract's zod schemas
 * (`packages/contract/src/assistant.ts`). Type-only imports: the screen never loads zod.
 */
export type {
  AssistantConfig,
  AssistantLink,
  AssistantMessage,
  AssistantSource,
  AssistantStreamEvent,
} from '@diacare/contract/assistant';

/** GET /api/assistant/messages: the conversation, oldest first. */
export type { AssistantHistory as AssistantMessages } from '@diacare/contract/assistant';

/** Longest message the server accepts (characters), and the built-in engine's name (shown translated). */
export {
  ASSISTANT_MESSAGE_MAX_CHARS as MESSAGE_MAX_LENGTH,
  BUILTIN_ASSISTANT_NAME as BUILTIN_ENGINE_NAME,
} from '@diacare/contract/assistant-limits';
