import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../plugins/auth.ts';

// The Prometheus scraper's access to GET /api/admin/metrics: `Authorization: Bearer <METRICS_TOKEN>`.
// A scraper cannot sign in (no password, no second factor), so it holds a token of its own that
// reads the metrics and nothing else. No token configured: every such request is refused here and
// the route is the staff's alone.

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the configured scraper token; compared in constant time. */
export function isScraper(configured: string | undefined, request: FastifyRequest): boolean {
  if (!configured) return false;
  const sent = bearerToken(request);
  return sent !== null && timingSafeEqual(digest(sent), digest(configured));
}
