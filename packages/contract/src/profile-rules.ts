/**
 * Profile rules shared by web and server, free of zod so the first screens stay light.
 */
import type { User } from './users.ts';

/** docs/product.md: the profile counts as complete when name, phone, sex and age are all filled. */
export function isProfileComplete(user: Pick<User, 'name' | 'phone' | 'sex' | 'age'> | null | undefined): boolean {
  return Boolean(user?.name && user.phone && user.sex && user.age);
}

/** First word of the user's name for the Home greeting, or 'User'. */
export function firstName(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : 'User';
}
