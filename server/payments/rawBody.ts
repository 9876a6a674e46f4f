// Callback bodies arrive as JSON or as a form; adapters read fields from either.
/**
 * A JSON object, or null. An integer past 2^53 (a provider's transfer id) is kept as its exact
 * digits, a string: through a Number two transfers' ids could round to one, and the second, taken
 * for a duplicate, was never credited.
 */
export function parseJsonObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'), exactIntegers as (key: string, value: unknown) => unknown);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function parseJsonOrForm(raw: Buffer, contentType: string | undefined): Record<string, unknown> | null {
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  return parseJsonObject(raw);
}

/** JSON.parse's reviver with the source text of each number (V8's JSON.parse source text access). */
function exactIntegers(_key: string, value: unknown, context?: { source?: string }): unknown {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source) ? context.source : value;
}
