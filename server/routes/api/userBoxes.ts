import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId, settlementPlayer } from '../../plugins/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findBox, listBoxes, pagedBoxes, boxDetail, type BoxRow } from '../../boxes/catalog.ts';
import { openBox, openingAnswer } from '../../boxes/openBox.ts';
import { slugParams, toFilter } from '../../boxes/routeSchemas.ts';
import { BoxDetailAnswerSchema, BoxListQuerySchema, BoxOpenSchema, BoxPageSchema, OpeningAnswerSchema, UserBoxCreatedAnswerSchema, UserBoxCreateSchema } from '../../../core/protocol/boxes.ts';
import { createUserBox } from '../../boxes/userBoxes.ts';
import { takePlayerVolume } from '../../security/playerVolume.ts';

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

  app.get('/api/user-boxes', { schema: { querystring: BoxListQuerySchema, response: { 200: BoxPageSchema } } }, async (request) => {
    const q = request.query;
    const { rows, total } = await listBoxes(app.db, { kind: 'user', ...toFilter(q) }, { page: q.page, perPage: q.per_page });
    return pagedBoxes(rows, total, { page: q.page, perPage: q.per_page }, '/api/user-boxes', q, await creators(rows));
  });

  app.get('/api/user-boxes/mine', { onRequest: app.authenticate, schema: { querystring: BoxListQuerySchema, response: { 200: BoxPageSchema } } }, async (request) => {
    const q = request.query;
    const userId = requireUserId(request);
    const { rows, total } = await listBoxes(app.db, { kind: 'user', ...toFilter(q), creatorId: userId }, { page: q.page, perPage: q.per_page });
    return pagedBoxes(rows, total, { page: q.page, perPage: q.per_page }, '/api/user-boxes/mine', q, await creators(rows));
  });

  app.post('/api/user-boxes', { onRequest: app.authenticate, schema: { body: UserBoxCreateSchema, response: { 201: UserBoxCreatedAnswerSchema } } }, async (request, reply) => {
    const userId = requireUserId(request);
    await takePlayerVolume(app.accounts.limiter, 'customBox', userId);
    const slug = await createUserBox(app.db, userId, request.body);
    const box = (await findBox(app.db, 'user', slug))!;
    return reply.code(201).send({ data: boxDetail(box), msg: 'Your box was created.' });
  });

  app.get('/api/user-boxes/:slug', { schema: { params: slugParams, response: { 200: BoxDetailAnswerSchema } } }, async (request) => {
    const box = await findBox(app.db, 'user', request.params.slug);
    if (!box) throw notFound('Box not found.');
    return { data: boxDetail(box, (await creators([box]))(box)) };
  });

  app.post('/api/user-boxes/:slug/open', { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true }, schema: { params: slugParams, body: BoxOpenSchema, response: { 200: OpeningAnswerSchema } } }, async (request) => {
    // The token is checked by the opening's settling statement (tokenCheckedBySettlement, plugins/auth.ts);
    // the box it is decided with is the catalog's (as this process keeps it), nothing of the player's.
    const player = settlementPlayer(app, request);
    return openingAnswer(await openBox(app, { player, kind: 'user', slug: request.params.slug, quantity: request.body.quantity }));
  });
}
