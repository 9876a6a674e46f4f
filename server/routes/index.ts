import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { GAME_IDS, GAMES, type GameKind } from '../../core/games/catalog.ts';
import systemRoutes from './api/system.ts';
import killSwitchesRoutes from './api/killSwitches.ts';
import fairRoutes from './api/fair.ts';
import depositArea from './api/depositArea.ts';
import broadcastingRoutes from './broadcasting.ts';
import dropsRoutes from './api/drops.ts';
import authRoutes from './api/auth.ts';
import profileRoutes from './api/profile.ts';
import accountSecurityRoutes from './api/accountSecurity.ts';
import oauthRoutes from './oauth.ts';
import socialRoutes from './social.ts';

import boxesRoutes from './api/boxes.ts';
import freeBoxesRoutes from './api/freeBoxes.ts';
import userBoxesRoutes from './api/userBoxes.ts';
import boxDemoRoutes from './api/boxDemo.ts';
import inventoryRoutes from './api/inventory.ts';
import shippingRoutes from './api/shipping.ts';
import battlesRoutes from './api/battles.ts';
import leaderboardRoutes from './api/leaderboard.ts';
import referralRoutes from './api/referral.ts';
import trackingRoutes from './api/tracking.ts';
import supportRoutes from './api/support.ts';
import bonusBoxesRoutes from './api/bonusBoxes.ts';
import cashbackRoutes from './api/cashback.ts';
import vipRoutes from './api/vip.ts';
import displayRatesRoutes from './api/displayRates.ts';
import notificationsRoutes from './api/notifications.ts';
import pushRoutes from './api/push.ts';
import racesRoutes from './api/races.ts';
import missionsRoutes from './api/missions.ts';
import chatRoutes from './api/chat.ts';
import transparencyRoutes from './api/transparency.ts';
import profilesRoutes from './api/profiles.ts';
import historyRoutes from './api/history.ts';
import responsibleGamingRoutes from './api/responsibleGaming.ts';
import bonusesRoutes from './api/bonuses.ts';
import kycRoutes from './api/kyc.ts';
import kycCallbackRoutes from './api/kycCallback.ts';
import adminRoutes from './admin/index.ts';
/**
 * The kinds of game whose routes are a plugin of the game's own, `server/routes/api/<game id>.ts`
 * (its default export): each such game in the catalog is registered from there, so a new game's
 * routes need no line here. Box openings and battles are areas of many routes (boxes.ts, battles.ts).
 */
const OWN_ROUTES_KINDS: readonly GameKind[] = ['instant', 'stateful', 'round'];

async function registerGameRoutes(app: FastifyInstance): Promise<void> {
  for (const game of GAME_IDS.filter((g) => OWN_ROUTES_KINDS.includes(GAMES[g].kind))) {
    // A catalog game without its file fails the start here, naming the file it looked for.
    const plugin = ((await import(`./api/${game}.ts`)) as { default: FastifyPluginAsync }).default;
    await app.register(plugin);
  }
}

// Every area's routes, registered in one place. Add an area here when you create it; a game's own
// routes are found by its catalog entry (registerGameRoutes).
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(killSwitchesRoutes);
  await app.register(fairRoutes);
  await app.register(depositArea);
  await app.register(broadcastingRoutes);
  await app.register(dropsRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(oauthRoutes);
  await app.register(socialRoutes);
  await app.register(boxesRoutes);
  await app.register(freeBoxesRoutes);
  await app.register(userBoxesRoutes);
  await app.register(boxDemoRoutes);
  await app.register(inventoryRoutes);
  await app.register(shippingRoutes);
  await app.register(kycRoutes);
  await app.register(kycCallbackRoutes);
  await registerGameRoutes(app);
  await app.register(leaderboardRoutes);
  await app.register(battlesRoutes);
  await app.register(referralRoutes);
  await app.register(trackingRoutes);
  await app.register(supportRoutes);
  await app.register(bonusBoxesRoutes);
  await app.register(cashbackRoutes);
  await app.register(vipRoutes);
  await app.register(displayRatesRoutes);
  await app.register(notificationsRoutes);
  await app.register(pushRoutes);
  await app.register(racesRoutes);
  await app.register(missionsRoutes);
  await app.register(chatRoutes);
  await app.register(transparencyRoutes);
  await app.register(profilesRoutes);
  await app.register(bonusesRoutes);
  await app.register(historyRoutes);
  await app.register(responsibleGamingRoutes);
  await app.register(adminRoutes);
}
