/**
 * Opaque secrets (session tokens, one-time sign-in codes): random, and stored only as
 * a SHA-256 hash so that a copy of the database cannot be replayed as a credential.
 */
import { hash, randomBytes } from 'node:crypto';

/** A new random token: 32 bytes (256 bits) as base64url, 43 characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of `token` as lowercase hex: what the database stores. Node's one-shot hash, without
 * a Hash object: every signed-in request hashes its cookie (decision 105).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
