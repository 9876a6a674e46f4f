import { z } from 'zod';

// Inputs the database cannot take, refused at validation (422) instead of failing in SQL (500):
// PostgreSQL text cannot hold a NUL character, and a `date` has no year 0 nor a 30th of February.

export const NUL_MESSAGE = 'The field must not contain a NUL character.';

/** The dotted path of the first string (or key) holding a NUL character, '' for the value itself, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = findNul(item, at);
    if (found !== null) return found;
  }
  return null;
}

/** A real calendar day YYYY-MM-DD (leap years checked) from year 0001, as PostgreSQL's `date` takes it. */
export function calendarDate(field: string) {
  const message = `The ${field} field must be a date (YYYY-MM-DD).`;
  return z.iso.date({ message }).refine((value) => !value.startsWith('0000'), { message });
}

/** An optional date filter: absent or empty is no filter. */
export function optionalDateFilter(field: string) {
  return calendarDate(field).optional().or(z.literal('').transform(() => undefined));
}
