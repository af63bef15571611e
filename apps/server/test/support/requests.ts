/** Small request steps the API tests share. */
import { expect } from 'vitest';
import type { SignedInUser } from '../helpers.ts';

/** POSTs `payload` to `url` as `user`, expects 201 and returns the created record (with its id). */
export async function postCreated(user: SignedInUser, url: string, payload: unknown) {
  const response = await user.request({ method: 'POST', url, payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string } & Record<string, unknown>;
}

/** Sets `user`'s language ('en' or 'hi') with PUT /api/users/me and expects 200. */
export async function setLanguage(user: SignedInUser, language: 'en' | 'hi') {
  const response = await user.request({ method: 'PUT', url: '/api/users/me', payload: { language } });
  expect(response.statusCode).toBe(200);
}
