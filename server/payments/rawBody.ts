// Callback bodies arrive as JSON or as a form; adapters read fields from either.
export function parseJsonObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function parseJsonOrForm(raw: Buffer, contentType: string | undefined): Record<string, unknown> | null {
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  return parseJsonObject(raw);
}
