import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLAYERS_PER_PAGE } from '../../../core/protocol/adminPlayers.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { listSessions } from '../../accounts/sessions.ts';
import { betHistoryPage, ledgerHistoryPage } from '../../history/historyPages.ts';
import { countPlayers, searchPlayers } from '../../players/search.ts';
import { playerProfile } from '../../players/profile.ts';
import { adjustBalance } from '../../players/adjustments.ts';
import { decidePending, listPendingAdjustments, requestCredit } from '../../players/pendingAdjustments.ts';
import { refuseUnlessMayActOn } from '../../admin/duties.ts';
import { lockPlayer, LOCK_MSG, unlockPlayer } from '../../players/locks.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import riskRoutes from './risk.ts';

// The console's players (docs/operator-console.md, "Players"), operators and admins alike: search, a
// player's profile, sessions, bets and ledger (the player's own lists, read with their id), manual
// adjustments and locks. No route here touches limits or breaks: a self-exclusion is only shown.

export default async function playersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A player's linked accounts and the rules over them (docs/risk.md).
  await root.register(riskRoutes);

  route(app, routes.adminPlayers, {}, async (request) => {
    const { q, by, page } = request.query;
    const [total, rows] = await Promise.all([countPlayers(root.db, q, by), searchPlayers(root.db, q, by, { limit: PLAYERS_PER_PAGE, offset: (page - 1) * PLAYERS_PER_PAGE })]);
    return paged(rows, total, { page, perPage: PLAYERS_PER_PAGE }, '/api/admin/players', { q, by });
  });

  route(app, routes.adminPlayer, {}, async (request) => playerProfile(root.db, request.params.id, new Date()));

  route(app, routes.adminPlayerSessions, {}, async (request) => {
    const sessions = await listSessions(root.db, request.params.id, null);
    return sessions.map((s) => ({ id: s.id, device: s.device, address: s.address, created_at: new Date(s.created_at).toISOString(), last_seen_at: new Date(s.last_seen_at).toISOString() }));
  });

  route(app, routes.adminPlayerBets, {}, async (request) =>
    betHistoryPage(root.db, request.params.id, request.query, `/api/admin/players/${request.params.id}/bets`),
  );

  route(app, routes.adminPlayerLedger, {}, async (request) =>
    ledgerHistoryPage(root.db, request.params.id, request.query, `/api/admin/players/${request.params.id}/ledger`),
  );

  // Separation of duties (server/admin/duties.ts): none of these on one's own account or on staff of a higher role.
  const mayActOn = (request: FastifyRequest<{ Params: { id: number } }>, action: string) =>
    refuseUnlessMayActOn(root.db, actorOf(request), request.staffRole!, request.params.id, { action, targetKind: 'player', targetId: request.params.id });

  route(app, routes.adminAdjustmentCreate, {}, async (request, reply) => {
    const { direction, amount, note, bonus } = request.body;
    await mayActOn(request, `player.${direction}`);
    const adjustment = { userId: request.params.id, direction, amount, note, bonus };
    if (direction === 'credit' && amount > root.config.console.approvalAboveCents) {
      const pendingId = await requestCredit(root.db, actorOf(request), adjustment);
      return reply.code(202).send({ message: `The credit of ${centsToCoins(amount).toFixed(2)} waits for a second staff member's approval.`, pending_id: pendingId });
    }
    const done = await adjustBalance(root.wallet, actorOf(request), adjustment);
    return { message: `${direction === 'credit' ? 'Credited' : 'Debited'} ${centsToCoins(amount).toFixed(2)}${bonus ? ` as bonus (wager ${bonus.wagering_multiple}× within ${bonus.bonus_days} days)` : ''}.`, adjustment_id: done.id, balance: centsToCoins(done.balance) };
  });

  route(app, routes.adminAdjustmentsPending, {}, async () => listPendingAdjustments(root.db));

  route(app, routes.adminAdjustmentApprove, {}, async (request) => {
    const balance = await decidePending(root, actorOf(request), request.params.id, true);
    return { message: `Approved: the player's balance is ${centsToCoins(balance!).toFixed(2)}.` };
  });

  route(app, routes.adminAdjustmentReject, {}, async (request) => {
    await decidePending(root, actorOf(request), request.params.id, false);
    return { message: 'Rejected: no money moved.' };
  });

  route(app, routes.adminPlayerLock, {}, async (request) => {
    await mayActOn(request, 'player.lock');
    await lockPlayer(root.db, actorOf(request), request.params.id, request.body.reason);
    return { message: LOCK_MSG.locked };
  });

  route(app, routes.adminPlayerUnlock, {}, async (request) => {
    await mayActOn(request, 'player.unlock');
    await unlockPlayer(root.db, actorOf(request), request.params.id);
    return { message: LOCK_MSG.unlocked };
  });
}
