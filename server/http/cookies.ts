import type { FastifyRequest } from 'fastify';

/** A cookie of the request, percent-decoded; undefined when absent or not decodable. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined; // not percent-encoding a page wrote
      }
    }
  }
  return undefined;
}
