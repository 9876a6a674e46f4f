import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdjustmentAnswerSchema,
  AdjustmentBodySchema,
  AdjustmentPendingAnswerSchema,
  AdminMessageSchema,
  LockBodySchema,
  PLAYERS_PER_PAGE,
  PlayerProfileSchema,
  PlayerSearchPageSchema,
  PlayerSearchQuerySchema,
  PlayerSessionsSchema,
  PendingAdjustmentListSchema,
} from '../../../core/protocol/adminPlayers.ts';
import { BetHistoryPageSchema, BetHistoryQuerySchema, LedgerHistoryQuerySchema, LedgerPageSchema } from '../../../core/protocol/history.ts';
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
import { PLAYER_NOT_FOUND } from '../../players/playerRow.ts';

// The console's players (docs/operator-console.md, "Players"), operators and admins alike: search, a
// player's profile, sessions, bets and ledger (the player's own lists, read with their id), manual
// adjustments and locks. No route here touches limits or breaks: a self-exclusion is only shown.
const playerParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/, { error: PLAYER_NOT_FOUND }).transform(Number) });

export default async function playersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/players', { schema: { querystring: PlayerSearchQuerySchema, response: { 200: PlayerSearchPageSchema } } }, async (request) => {
    const { q, by, page } = request.query;
    const [total, rows] = await Promise.all([countPlayers(root.db, q, by), searchPlayers(root.db, q, by, { limit: PLAYERS_PER_PAGE, offset: (page - 1) * PLAYERS_PER_PAGE })]);
    return paged(rows, total, { page, perPage: PLAYERS_PER_PAGE }, '/api/admin/players', { q, by });
  });

  app.get('/api/admin/players/:id', { schema: { params: playerParams, response: { 200: PlayerProfileSchema } } }, async (request) => playerProfile(root.db, request.params.id, new Date()));

  app.get('/api/admin/players/:id/sessions', { schema: { params: playerParams, response: { 200: PlayerSessionsSchema } } }, async (request) => {
    const sessions = await listSessions(root.db, request.params.id, null);
    return sessions.map((s) => ({ id: s.id, device: s.device, address: s.address, created_at: new Date(s.created_at).toISOString(), last_seen_at: new Date(s.last_seen_at).toISOString() }));
  });

  app.get('/api/admin/players/:id/bets', { schema: { params: playerParams, querystring: BetHistoryQuerySchema, response: { 200: BetHistoryPageSchema } } }, async (request) =>
    betHistoryPage(root.db, request.params.id, request.query, `/api/admin/players/${request.params.id}/bets`),
  );

  app.get('/api/admin/players/:id/ledger', { schema: { params: playerParams, querystring: LedgerHistoryQuerySchema, response: { 200: LedgerPageSchema } } }, async (request) =>
    ledgerHistoryPage(root.db, request.params.id, request.query, `/api/admin/players/${request.params.id}/ledger`),
  );

  // Separation of duties (server/admin/duties.ts): none of these on one's own account or on staff of a higher role.
  const mayActOn = (request: FastifyRequest<{ Params: { id: number } }>, action: string) =>
    refuseUnlessMayActOn(root.db, actorOf(request), request.staffRole!, request.params.id, { action, targetKind: 'player', targetId: request.params.id });

  app.post('/api/admin/players/:id/adjustments', { schema: { params: playerParams, body: AdjustmentBodySchema, response: { 200: AdjustmentAnswerSchema, 202: AdjustmentPendingAnswerSchema } } }, async (request, reply) => {
    const { direction, amount, note } = request.body;
    await mayActOn(request, `player.${direction}`);
    const adjustment = { userId: request.params.id, direction, amount, note };
    if (direction === 'credit' && amount > root.config.console.approvalAboveCents) {
      const pendingId = await requestCredit(root.db, actorOf(request), adjustment);
      return reply.code(202).send({ message: `The credit of ${centsToCoins(amount).toFixed(2)} waits for a second staff member's approval.`, pending_id: pendingId });
    }
    const done = await adjustBalance(root.wallet, actorOf(request), adjustment);
    return { message: `${direction === 'credit' ? 'Credited' : 'Debited'} ${centsToCoins(amount).toFixed(2)}.`, adjustment_id: done.id, balance: centsToCoins(done.balance) };
  });

  app.get('/api/admin/adjustments/pending', { schema: { response: { 200: PendingAdjustmentListSchema } } }, async () => listPendingAdjustments(root.db));

  const pendingParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
  app.post('/api/admin/adjustments/:id/approve', { schema: { params: pendingParams, response: { 200: AdminMessageSchema } } }, async (request) => {
    const balance = await decidePending(root, actorOf(request), request.params.id, true);
    return { message: `Approved: the player's balance is ${centsToCoins(balance!).toFixed(2)}.` };
  });

  app.post('/api/admin/adjustments/:id/reject', { schema: { params: pendingParams, response: { 200: AdminMessageSchema } } }, async (request) => {
    await decidePending(root, actorOf(request), request.params.id, false);
    return { message: 'Rejected: no money moved.' };
  });

  app.post('/api/admin/players/:id/lock', { schema: { params: playerParams, body: LockBodySchema, response: { 200: AdminMessageSchema } } }, async (request) => {
    await mayActOn(request, 'player.lock');
    await lockPlayer(root.db, actorOf(request), request.params.id, request.body.reason);
    return { message: LOCK_MSG.locked };
  });

  app.post('/api/admin/players/:id/unlock', { schema: { params: playerParams, response: { 200: AdminMessageSchema } } }, async (request) => {
    await mayActOn(request, 'player.unlock');
    await unlockPlayer(root.db, actorOf(request), request.params.id);
    return { message: LOCK_MSG.unlocked };
  });
}
