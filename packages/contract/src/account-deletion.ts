/** The word that confirms deleting an account, without zod; users.ts re-exports it with its schemas. */

/** The word the user types to confirm deleting the account (DELETE /api/users/me { confirm }). */
export const ACCOUNT_DELETION_WORD = 'DELETE';
