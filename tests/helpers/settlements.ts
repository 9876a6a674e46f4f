import type { FastifyInstance } from 'fastify';
import { instantBetSettlement, type InstantSettlement } from '../../server/games/bets.ts';

/** An instant bet settled by its one statement through the app's wallet (server/games/bets.ts): the new balance, or null when the gate refused it. */
export async function settleInstantBet(app: FastifyInstance, settlement: InstantSettlement): Promise<number | null> {
  return (await app.wallet.settle(instantBetSettlement, settlement))?.balance ?? null;
}
