/**
 * The assistant's limits and the built-in engine's name without zod, for screens that show them
 * before anything is validated; assistant.ts re-exports them with its schemas.
 */

/** Longest message a user may send, characters after trimming. */
export const ASSISTANT_MESSAGE_MAX_CHARS = 2000;
/** Messages GET /api/assistant/messages returns (the newest, oldest first). */
export const ASSISTANT_HISTORY_LIMIT = 50;
/** Messages kept per user; older ones are deleted as new ones arrive. */
export const ASSISTANT_STORED_LIMIT = 200;
/** The built-in engine's name, shown under its answers. */
export const BUILTIN_ASSISTANT_NAME = 'DiaCare assistant';
