import type { FastifyInstance } from 'fastify';
import systemRoutes from './api/system.ts';
import depositArea from './api/depositArea.ts';
import broadcastingRoutes from './broadcasting.ts';
import dropsRoutes from './api/drops.ts';
import authRoutes from './api/auth.ts';
import profileRoutes from './api/profile.ts';
import oauthRoutes from './oauth.ts';
import socialRoutes from './social.ts';

// Every area's routes, registered in one place. Add an area here when you create it.
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(depositArea);
  await app.register(broadcastingRoutes);
  await app.register(dropsRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(oauthRoutes);
  await app.register(socialRoutes);
}
