import { z } from 'zod';

// Inputs the database cannot take, refused at validation (422) instead of failing in SQL (500):
// PostgreSQL text cannot hold a NUL character, nor UTF-8 (and jsonb) a lone UTF-16 surrogate
// (`"\ud800"`, half of a pair), and a `date` has no year 0 nor a 30th of February.

export const NUL_MESSAGE = 'The field must not contain a NUL character.';
export const SURROGATE_MESSAGE = 'The field must be valid Unicode text.';

/** A surrogate not part of a pair (with the u flag a well-formed pair is one code point, never matched). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why a string cannot be stored, or null when it can: the one rule for every text the API takes. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** Requests nest no deeper than this (the deepest the API takes is 4); deeper input is refused, never walked. */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request is nested more than ${MAX_INPUT_DEPTH} levels deep.`;

/**
 * The dotted path of the first string (or key) that cannot be stored (unstorableText: a NUL
 * character or a lone surrogate) with the reason, '' for the value itself, or null; `TOO_DEEP` when
 * the value nests past MAX_INPUT_DEPTH. A loop with its own stack, not recursion: a body nested
 * 10,000 levels once overflowed the call stack here (a 500 on every route).
 */
export const TOO_DEEP = Symbol('too deep');
export function findUnstorableText(value: unknown): { path: string; message: string } | null | typeof TOO_DEEP {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const message = unstorableText(item);
      if (message) return { path, message };
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return TOO_DEEP;
    // Pushed in reverse, so the first key is looked at first, as the recursion did.
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const at = path ? `${path}.${key}` : key;
      const message = unstorableText(key);
      if (message) return { path: at, message };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
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
