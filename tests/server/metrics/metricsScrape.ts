import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export { metricValues } from '../../helpers/metrics.ts';

/** The metrics as Prometheus reads them, by a signed-in operator (or any headers the route takes). */
export async function scrape(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const res = await app.inject({ url: '/api/admin/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
