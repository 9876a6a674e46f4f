import { z } from 'zod';

/** `?limit=n` of the list calls: a whole number from 1 to `max`, `fallback` when absent. */
export function limitQuery(fallback: number, max: number) {
  return z.object({
    limit: z.coerce
      .number({ error: 'The limit must be a number.' })
      .int({ message: 'The limit must be a whole number.' })
      .min(1, { message: 'The limit must be at least 1.' })
      .max(max, { message: `The limit may not be greater than ${max}.` })
      .default(fallback),
  });
}

/** The spec's client drops empty query values; other clients may not, so '' also means "default" (z.preprocess). */
export const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);
