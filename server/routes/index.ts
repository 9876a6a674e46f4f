import type { FastifyInstance } from 'fastify';
import systemRoutes from './api/system.ts';
import fairRoutes from './api/fair.ts';
import depositArea from './api/depositArea.ts';
import broadcastingRoutes from './broadcasting.ts';
import dropsRoutes from './api/drops.ts';
import authRoutes from './api/auth.ts';
import profileRoutes from './api/profile.ts';
import oauthRoutes from './oauth.ts';
import socialRoutes from './social.ts';

import boxesRoutes from './api/boxes.ts';
import freeBoxesRoutes from './api/freeBoxes.ts';
import userBoxesRoutes from './api/userBoxes.ts';
import inventoryRoutes from './api/inventory.ts';
import shippingRoutes from './api/shipping.ts';
import instantGamesRoutes from './api/instantGames.ts';
// Every area's routes, registered in one place. Add an area here when you create it.
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(fairRoutes);
  await app.register(depositArea);
  await app.register(broadcastingRoutes);
  await app.register(dropsRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(oauthRoutes);
  await app.register(socialRoutes);
  await app.register(boxesRoutes);
  await app.register(freeBoxesRoutes);
  await app.register(userBoxesRoutes);
  await app.register(inventoryRoutes);
  await app.register(shippingRoutes);
  await app.register(instantGamesRoutes);
}
