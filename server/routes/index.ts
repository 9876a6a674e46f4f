import type { FastifyInstance } from 'fastify';
import systemRoutes from './api/system.ts';

// Every area's routes, registered in one place. Add an area here when you create it.
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
}
