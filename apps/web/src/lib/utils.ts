import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. (No tailwind-merge: it would add ~8 KB gzip to the first screen;
 * components avoid passing classes that conflict with their own instead.)
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
