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

/**
 * Longest message the server accepts (characters): the contract's ASSISTANT_MESSAGE_MAX_CHARS,
 * repeated here because importing the value would load the contract module and zod with it.
 */
export const MESSAGE_MAX_LENGTH = 2000;

/** The contract's BUILTIN_ASSISTANT_NAME (the built-in engine's name, shown translated), repeated for the same reason. */
export const BUILTIN_ENGINE_NAME = 'DiaCare assistant';
