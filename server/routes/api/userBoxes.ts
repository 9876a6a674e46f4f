import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId, settlementPlayer } from '../../plugins/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findBox, listBoxes, pagedBoxes, boxDetail, type BoxRow } from '../../boxes/catalog.ts';
import { openBox, openingAnswer } from '../../boxes/openBox.ts';
import { toFilter } from '../../boxes/routeSchemas.ts';
import { createUserBox } from '../../boxes/userBoxes.ts';
import { takePlayerVolume } from '../../security/playerVolume.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { BOX_SWITCH } from '../../boxes/boxSwitch.ts';

// Custom boxes made by players: create, list all, list mine, show, open (paying the creator).
// The contract: core/protocol/boxes.ts.
export default async function userBoxesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function creators(rows: BoxRow[]) {
    const ids = [...new Set(rows.map((r) => r.creator_id!).filter(Boolean))];
    const users = ids.length ? await app.db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    return (b: BoxRow) => ({ creator: b.creator_id ? (byId.get(b.creator_id) ?? null) : null });
  }

  route(app, routes.userBoxes, {}, async (request) => {
    const q = request.query;
    const { rows, total } = await listBoxes(app.db, { kind: 'user', ...toFilter(q) }, { page: q.page, perPage: q.per_page });
    return pagedBoxes(rows, total, { page: q.page, perPage: q.per_page }, '/api/user-boxes', q, await creators(rows));
  });

  route(app, routes.userBoxesMine, { onRequest: app.authenticate }, async (request) => {
    const q = request.query;
    const userId = requireUserId(request);
    const { rows, total } = await listBoxes(app.db, { kind: 'user', ...toFilter(q), creatorId: userId }, { page: q.page, perPage: q.per_page });
    return pagedBoxes(rows, total, { page: q.page, perPage: q.per_page }, '/api/user-boxes/mine', q, await creators(rows));
  });

  route(app, routes.userBoxCreate, { onRequest: app.authenticate }, async (request, reply) => {
    const userId = requireUserId(request);
    await takePlayerVolume(app.accounts.limiter, 'customBox', userId);
    const slug = await createUserBox(app.db, userId, request.body);
    const box = (await findBox(app.db, 'user', slug))!;
    return reply.code(201).send({ data: boxDetail(box), msg: 'Your box was created.' });
  });

  route(app, routes.userBox, {}, async (request) => {
    const box = await findBox(app.db, 'user', request.params.slug);
    if (!box) throw notFound('Box not found.');
    return { data: boxDetail(box, (await creators([box]))(box)) };
  });

  route(app, routes.userBoxOpen, { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true, killSwitch: BOX_SWITCH } }, async (request) => {
    // The token is checked by the opening's settling statement (tokenCheckedBySettlement, plugins/auth.ts);
    // the box it is decided with is the catalog's (as this process keeps it), nothing of the player's.
    const player = settlementPlayer(app, request);
    return openingAnswer(await openBox(app, { player, kind: 'user', slug: request.params.slug, quantity: request.body.quantity }));
  });
}
