import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The metrics as Prometheus reads them, by a signed-in operator (or any headers the route takes). */
export async function scrape(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const res = await app.inject({ url: '/api/admin/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** A metric's samples with one label, by that label's value: `name{label="v"} 12` → { v: 12 }. */
export function metricValues(text: string, name: string, label: string): Record<string, number> {
  const values: Record<string, number> = {};
  const line = new RegExp(`^${name}\\{${label}="([^"]*)"\\} (\\S+)$`, 'gm');
  for (const [, value, figure] of text.matchAll(line)) values[value!] = Number(figure);
  return values;
}
