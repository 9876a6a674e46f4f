import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrationsPending } from '../../db/migrator.ts';
import { publicConfig } from '../../publicConfig.ts';
import { HealthAnswerSchema, NotReadyAnswerSchema, ReadyAnswerSchema } from '../../../core/protocol/system.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Liveness, readiness and the public runtime configuration of the client. Readiness answers 503
// `{status, message}` while migrations are pending or the database is unreachable. The answers:
// core/protocol/system.ts and config.ts.
export default async function systemRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { response: { 200: HealthAnswerSchema } } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { schema: { response: { 200: ReadyAnswerSchema, 503: NotReadyAnswerSchema } } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      const pending = await migrationsPending(app.db);
      if (pending > 0) return reply.code(503).send({ status: 'migrating', message: `${pending} migrations pending` });
      return { status: 'ready', database: app.dbKind };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });

  route(app, routes.publicConfig, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return publicConfig(app.config);
  });
}
