import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { requireUserId } from '../../plugins/auth.ts';
import { msgError, notFound } from '../../http/errors.ts';
import { findBox } from '../../boxes/catalog.ts';
import { openFreeLoot } from '../../boxes/openBox.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { BOX_SWITCH } from '../../boxes/boxSwitch.ts';

// Bonus boxes (docs/community.md): a promotion's free box (winter35) is an entitlement row made
// with the deposit; the player opens it once, from /freeloot or the profile. It opens the entry
// free box (the lowest level tier) at no charge; the entitlement is consumed by a conditional
// update inside the opening's transaction, so two requests cannot both open it.
export const BONUS_BOX_MSG = { opened: 'This bonus box has already been opened.', noBox: 'No free box is available right now.' } as const;


export default async function bonusBoxesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function entryFreeBox() {
    const row = await app.db.selectFrom('boxes').select('slug').where('free_level', 'is not', null).orderBy('free_level').limit(1).executeTakeFirst();
    return row ? findBox(app.db, 'free', row.slug) : undefined;
  }

  route(app, routes.bonusBoxes, { onRequest: app.authenticate }, async (request) => {
    const userId = requireUserId(request);
    const box = await entryFreeBox();
    if (!box) return { data: [] };
    const rows = await app.db
      .selectFrom('entitlements')
      .select(['id', 'source', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'free_box')
      .where('consumed_at', 'is', null)
      .orderBy('id')
      .execute();
    return { data: rows.map((r) => ({ id: Number(r.id), source: r.source.replace(/^promo:/, ''), created_at: new Date(r.created_at).toISOString(), box: { slug: box.slug, name: box.name } })) };
  });

  route(app, routes.bonusBoxOpen, { onRequest: app.authenticate, config: { killSwitch: BOX_SWITCH } }, async (request) => {
    const userId = requireUserId(request);
    const box = await entryFreeBox();
    if (!box) throw msgError(422, BONUS_BOX_MSG.noBox);
    const owned = await app.db.selectFrom('entitlements').select('consumed_at').where('id', '=', request.params.id).where('user_id', '=', userId).where('kind', '=', 'free_box').executeTakeFirst();
    if (!owned) throw notFound('Bonus box not found.');
    if (owned.consumed_at) throw msgError(422, BONUS_BOX_MSG.opened);
    return openFreeLoot(app, userId, box, async (trx) => {
    const consumed = await trx
      .updateTable('entitlements')
      .set({ consumed_at: sql<Date>`now()`, consumed_reference: `box:${box.slug}` })
      .where('id', '=', request.params.id)
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!consumed) throw msgError(422, BONUS_BOX_MSG.opened);
    });
  });
}
