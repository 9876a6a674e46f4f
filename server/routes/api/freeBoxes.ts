import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { levelOf } from '../../../core/games/levels.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { msgError, notFound } from '../../http/errors.ts';
import { findBox, listBoxes, pagedBoxes, boxDetail } from '../../boxes/catalog.ts';
import { openFreeLoot } from '../../boxes/openBox.ts';
import { toFilter } from '../../boxes/routeSchemas.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { BOX_SWITCH } from '../../boxes/boxSwitch.ts';

// Free loot: one box per level tier; a player at or above the tier's level opens it for free,
// once per 24 hours. The claim is a conditional upsert inside the opening's transaction, so two
// simultaneous requests cannot both claim the same day.
export const FREE_BOX_COOLDOWN_HOURS = 24;

export default async function freeBoxesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function nextOpenAt(userId: number | null, boxId: number): Promise<Date | null> {
    if (userId === null) return null;
    const claim = await app.db.selectFrom('free_box_claims').select('claimed_at').where('user_id', '=', userId).where('box_id', '=', boxId).executeTakeFirst();
    if (!claim) return null;
    const at = new Date(claim.claimed_at.getTime() + FREE_BOX_COOLDOWN_HOURS * 3_600_000);
    return at > new Date() ? at : null;
  }

  route(app, routes.freeBoxes, {}, async (request) => {
    const q = request.query;
    const { rows, total } = await listBoxes(app.db, { kind: 'free', ...toFilter(q), sort: 'price_asc' }, { page: q.page, perPage: q.per_page });
    const next = new Map<number, Date | null>();
    for (const row of rows) next.set(row.id, await nextOpenAt(request.userId, row.id));
    return pagedBoxes(rows, total, { page: q.page, perPage: q.per_page }, '/api/free-boxes', q, (b) => ({ available_at: next.get(b.id)?.toISOString() ?? null }));
  });

  route(app, routes.freeBox, {}, async (request) => {
    const box = await findBox(app.db, 'free', request.params.slug);
    if (!box) throw notFound('Box not found.');
    return { data: boxDetail(box, { available_at: (await nextOpenAt(request.userId, box.id))?.toISOString() ?? null }) };
  });

  route(app, routes.freeBoxOpen, { onRequest: app.authenticate, config: { killSwitch: BOX_SWITCH } }, async (request) => {
    const userId = requireUserId(request);
    const box = await findBox(app.db, 'free', request.params.slug);
    if (!box) throw notFound('Box not found.');
    const user = await app.db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
    const level = levelOf(user.wagered).level;
    if (level < box.free_level!) throw msgError(422, `You need level ${box.free_level} to open this box.`);
    return openFreeLoot(app, userId, box, async (trx) => {
    const claimed = await trx
      .insertInto('free_box_claims')
      .values({ user_id: userId, box_id: box.id, claimed_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'box_id'])
          .doUpdateSet({ claimed_at: sql<Date>`now()` })
          .where('free_box_claims.claimed_at', '<=', sql<Date>`now() - make_interval(hours => ${FREE_BOX_COOLDOWN_HOURS})`),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) throw msgError(422, 'You have already opened this box today. Come back tomorrow!');
    });
  });
}
