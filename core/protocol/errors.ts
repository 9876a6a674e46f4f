// Error bodies as the browser client reads them (docs/product.md §8): validation errors carry
// `{message, errors: {field: [..]}}` (422); others carry `message` and, where the spec reads
// msg, `msg` with the same text. Their schemas are in errorSchemas.ts; this file stays free of zod
// because the shell reads every error body through it.

export const UNAUTHENTICATED = 'Unauthenticated.';

/** Laravel's summary line: the first message, plus "(and N more errors)". */
export function validationSummary(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
}

/** Reads the text a toast shows from any error body (msg first, then message). */
export function errorText(body: unknown, fallback = 'Something went wrong'): string {
  if (body && typeof body === 'object') {
    const b = body as { msg?: unknown; message?: unknown };
    if (typeof b.msg === 'string' && b.msg) return b.msg;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return fallback;
}
