import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { transparencyCache } from '../../transparency/transparency.ts';
import { publicBet } from '../../history/betHistory.ts';
import { shareCardPng } from '../../transparency/shareCard.ts';
import { PUBLIC_BET_ID } from '../../../core/protocol/transparency.ts';

// GET /api/transparency → {data: {computed_at, windows}} (public); GET /api/bets/:id → {data: PublicBet}
// or 404 {message} (public); GET /api/bets/:id/card.png → the bet's share picture or 404 (public);
// GET and PUT /api/profile/bet-name → {data: {show}} (docs/transparency.md).

/** Settled bets' cards kept drawn (a shared link is fetched by every preview at once); the oldest go first. */
const CARD_CACHE = 200;

export default async function transparencyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const figures = transparencyCache(app.db);
  route(r, routes.transparency, {}, async () => ({ data: await figures() }));
  route(r, routes.publicBet, {}, async (request, reply) => {
    const bet = PUBLIC_BET_ID.test(request.params.id) ? await publicBet(app.db, request.params.id) : null;
    if (!bet) return reply.code(404).send({ message: 'Bet not found' });
    return { data: bet };
  });
  const cards = new Map<string, Buffer>();
  route(r, routes.betCard, {}, async (request, reply) => {
    const id = request.params.id;
    let png = cards.get(id);
    if (!png) {
      const bet = PUBLIC_BET_ID.test(id) ? await publicBet(app.db, id) : null;
      if (!bet) return reply.code(404).send({ message: 'Bet not found' });
      png = shareCardPng(bet);
      // A bet in play changes; a settled one's card never does (it shows no player name).
      if (bet.payout === null) return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=30').send(png);
      if (cards.size >= CARD_CACHE) cards.delete(cards.keys().next().value!);
      cards.set(id, png);
    }
    return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
  route(r, routes.betName, { onRequest: app.authenticate }, async (request) => {
    const row = await app.db.selectFrom('users').select('public_bet_name').where('id', '=', requireUserId(request)).executeTakeFirstOrThrow();
    return { data: { show: row.public_bet_name } };
  });
  route(r, routes.betNameSet, { onRequest: app.authenticate }, async (request) => {
    await app.db.updateTable('users').set({ public_bet_name: request.body.show }).where('id', '=', requireUserId(request)).execute();
    return { data: { show: request.body.show } };
  });
}
