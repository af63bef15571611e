/** Small request steps the API tests share. */
import { expect } from 'vitest';
import type { SignedInUser } from '../helpers.ts';

/** POSTs `payload` to `url` as `user`, expects 201 and returns the created record (with its id). */
export async function postCreated(user: SignedInUser, url: string, payload: unknown) {
  const response = await user.request({ method: 'POST', url, payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string } & Record<string, unknown>;
}
