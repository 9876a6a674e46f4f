import { z } from 'zod';

// The answers of the probes a load balancer or orchestrator calls: liveness (the process answers)
// and readiness (the database is reachable and migrated; 503 until it is).

/** GET /api/health. */
export const HealthAnswerSchema = z.object({ status: z.literal('ok') });
/** GET /api/ready while the node can serve, with the database it runs on. */
export const ReadyAnswerSchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
/** 503 of GET /api/ready: migrations pending or the database unreachable, said in `message`. */
export const NotReadyAnswerSchema = z.object({ status: z.enum(['migrating', 'unavailable']), message: z.string() });
