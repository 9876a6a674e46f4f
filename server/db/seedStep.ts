import type { FastifyInstance } from 'fastify';

/** One idempotent step of the demo seed (server/db/seed.ts runs them in order). */
export interface SeedStep {
  name: string;
  /** Known credentials or codes: only with SEED_DEMO, never in production (server/config.ts refuses it). */
  demo?: boolean;
  run(app: FastifyInstance): Promise<void>;
}
