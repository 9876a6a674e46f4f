import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { coinsToCents } from '../../../core/money/cents.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { notFound } from '../../http/errors.ts';
import { fileAnswer } from '../../http/responseContract.ts';
import { paged } from '../../boxes/paging.ts';
import { BATTLE_MESSAGES, reachesBattle } from '../../games/battles/battles.ts';
import { battleDetail, loadBattle, summaries } from '../../games/battles/battleViews.ts';
import { BOTS, botAvatarSvg, botById, botWire } from '../../games/battles/bots.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Box battles (docs/battles.md): the list, the bots, one battle, and the four actions. Success
// answers `{msg}` (create `{data: {id}, msg}`); refusals `{message, data: {msg}}` with 422; a bad
// box list 422 `{message, errors: {boxes}}`.


/** Ended battles stay in the list this long. */
const RECENT_ENDED_HOURS = 24;

export default async function battlesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.battles, {}, async (request) => {
    const q = request.query;
    let query = app.db
      .selectFrom('battles')
      .where('private', '=', false)
      .where((eb) => eb.or([eb('status', 'in', ['waiting', 'running']), eb.and([eb('status', '=', 'ended'), eb('ended_at', '>', sql<Date>`now() - make_interval(hours => ${RECENT_ENDED_HOURS})`)])]));
    if (q.status === 'active') query = query.where('status', 'in', ['waiting', 'running']);
    else if (q.status) query = query.where('status', '=', q.status);
    if (q.mode) query = query.where('mode', '=', q.mode);
    if (q.crazy !== undefined) query = query.where('crazy', '=', q.crazy === '1' || q.crazy === 'true');
    const from = q.cost_from === undefined ? null : coinsToCents(q.cost_from);
    const to = q.cost_to === undefined ? null : coinsToCents(q.cost_to);
    if (from !== null) query = query.where('seat_cost', '>=', from);
    if (to !== null) query = query.where('seat_cost', '<=', to);
    const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      // Open battles first, then running, then the recently ended (newest first in each).
      .orderBy(sql`case status when 'waiting' then 0 when 'running' then 1 else 2 end`)
      .orderBy('id', 'desc')
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return paged(await summaries(app.db, rows), Number(total), { page: q.page, perPage: q.per_page }, '/api/battles', q);
  });

  route(r, routes.battleBots, {}, async () => ({ data: BOTS.map(botWire) }));

  app.get('/api/battles/bots/:file', { schema: { params: z.object({ file: z.string().regex(/^\d{1,3}\.svg$/) }), response: { 200: fileAnswer('image/svg+xml', "The bot's generated avatar.") } } }, async (request, reply) => {
    const bot = botById(Number((request.params as { file: string }).file.replace('.svg', '')));
    if (!bot) throw notFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(botAvatarSvg(bot));
  });

  // A private battle answers only with its link's key (`?key=`); without it, as an unknown battle.
  route(r, routes.battle, {}, async (request) => {
    const battle = await loadBattle(app.db, request.params.id);
    if (!battle || !reachesBattle(battle, request.query.key)) throw notFound('Battle not found.');
    return { data: await battleDetail(app.db, battle, app.clock.now()) };
  });

  const auth = { onRequest: app.authenticate };

  // Each of these starts play (a seat staked, or bots seated that start the battle); a cancel gives stakes back and stays open.
  const starts = { ...auth, config: { killSwitch: 'battle' } } as const;

  route(r, routes.battleCreate, starts, async (request) => {
    const { id, key } = await app.battles.create(requireUserId(request), request.body);
    return { data: { id, key }, msg: BATTLE_MESSAGES.created };
  });

  route(r, routes.battleJoin, starts, async (request) => {
    await app.battles.join({ userId: requireUserId(request), key: request.body.key }, request.params.id, request.body.team_idx);
    return { msg: BATTLE_MESSAGES.joined };
  });

  route(r, routes.battleAddBots, starts, async (request) => {
    await app.battles.addBots(requireUserId(request), request.params.id, request.body.bots, request.body.team_idx);
    return { msg: BATTLE_MESSAGES.bots };
  });

  route(r, routes.battleCancel, auth, async (request) => {
    await app.battles.cancel(requireUserId(request), request.params.id);
    return { msg: BATTLE_MESSAGES.canceled };
  });
}
