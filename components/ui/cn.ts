import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones; a later Tailwind class wins over an earlier one of the same
 * property (a caller's `text-xs` replaces a variant's `text-sm`), which plain concatenation leaves to CSS order.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return twMerge(classes.filter(Boolean).join(' '));
}
