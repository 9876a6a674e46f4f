import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settlementPlayer } from '../../plugins/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findBox, boxDetail, rangedItems } from '../../boxes/catalog.ts';
import { findVersion } from '../../boxes/boxVersions.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { openBox, openingAnswer } from '../../boxes/openBox.ts';
import { shopBoxesPage } from '../../boxes/routeSchemas.ts';
import { fileAnswer } from '../../http/responseContract.ts';
import { itemSvg } from '../../boxes/art/itemArt.ts';
import { boxSvg } from '../../boxes/art/boxArt.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import type { FileAnswer } from '../../../core/protocol/route.ts';
import { BOX_SWITCH } from '../../boxes/boxSwitch.ts';
import { itemPhotoStore, PHOTO_CONTENT_TYPES, photoFormatFor } from '../../boxes/itemPhotos.ts';

// The shop's boxes (standard and unique): list, one box with odds and ticket ranges, opening;
// plus the generated SVG art of every item and box, and the items' product photos.
const SVG_ANSWER = fileAnswer('image/svg+xml', 'The generated SVG art.');
const PHOTO_ANSWER: FileAnswer = { description: "An item's product photo: AVIF when the Accept header names it, else WebP (or the item's drawing, not cached, when this server lacks the file).", content: { 'image/avif': { schema: z.string() }, 'image/webp': { schema: z.string() } } };
const PhotoParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER), hash: z.string().regex(/^[0-9a-f]{32}$/) });

export default async function boxesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  route(app, routes.boxes, {}, async (request) => shopBoxesPage(app.db, request.query));

  route(app, routes.box, {}, async (request) => {
    const box = await findBox(app.db, 'box', request.params.slug);
    if (!box) throw notFound('Box not found.');
    return { data: boxDetail(box) };
  });

  route(app, routes.boxOpen, { onRequest: app.authenticate, config: { tokenCheckedBySettlement: true, killSwitch: BOX_SWITCH } }, async (request) => {
    // The token is checked by the opening's settling statement (tokenCheckedBySettlement, plugins/auth.ts);
    // the box it is decided with is the catalog's (as this process keeps it), nothing of the player's.
    const player = settlementPlayer(app, request);
    return openingAnswer(await openBox(app, { player, kind: 'box', slug: request.params.slug, quantity: request.body.quantity }));
  });

  // The odds an opening or a battle round was played with (its box version), for the fairness
  // page's verify links: every version was published, so every one is public.
  route(app, routes.boxVersion, {}, async (request) => {
    const version = await findVersion(app.db, request.params.id);
    if (!version) throw notFound('No box version has this id.');
    return {
      data: {
        id: version.id,
        number: version.number,
        current: version.current,
        box: { slug: version.slug, name: version.name },
        price: centsToCoins(version.price),
        items: rangedItems(version.items),
      },
    };
  });

  // Art is generated from the catalog row: cache it a day (an operator's edit of the name or the
  // picture shows to a browser that drew it within the day on its next day; docs/operator-console.md).
  app.get('/api/art/items/:file', { schema: { params: z.object({ file: z.string().regex(/^\d{1,12}\.svg$/) }), response: { 200: SVG_ANSWER } } }, async (request, reply) => {
    const id = Number(request.params.file.replace('.svg', ''));
    const item = await app.db.selectFrom('items').select(['slug', 'name', 'brand', 'category', 'rarity', 'art_kind']).where('id', '=', id).executeTakeFirst();
    if (!item) throw notFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(itemSvg(item));
  });

  // An operator's photo (docs/operator-console.md, "Item photos"): its address names its content, so
  // it is cached for good, in the format the browser takes (hence Vary: Accept). A node whose folder
  // lacks the file (a folder not shared between nodes, a lost disk) answers the drawing instead, for
  // this request only: a picture never breaks, and the right one comes once the file is there.
  const photos = itemPhotoStore(app.config.itemPhotosDir);
  app.get('/api/art/items/:id/photos/:hash', { schema: { params: PhotoParamsSchema, response: { 200: PHOTO_ANSWER } } }, async (request, reply) => {
    const format = photoFormatFor(request.headers.accept);
    const photo = await photos.read(request.params.hash, format);
    if (photo) return reply.type(PHOTO_CONTENT_TYPES[format]).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'Accept').send(photo);
    const item = await app.db.selectFrom('items').select(['slug', 'name', 'brand', 'category', 'rarity', 'art_kind']).where('id', '=', request.params.id).executeTakeFirst();
    if (!item) throw notFound();
    return reply.type('image/svg+xml').header('cache-control', 'no-store').send(itemSvg(item));
  });

  app.get('/api/art/boxes/:file', { schema: { params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,100}\.svg$/) }), response: { 200: SVG_ANSWER } } }, async (request, reply) => {
    const slug = request.params.file.replace('.svg', '');
    const box = await app.db.selectFrom('boxes').select(['id', 'slug', 'name', 'category']).where('slug', '=', slug).executeTakeFirst();
    if (!box) throw notFound();
    // The box shows its most valuable item rising out of it.
    const hero = await app.db
      .selectFrom('box_items')
      .innerJoin('items', 'items.id', 'box_items.item_id')
      .select(['items.slug', 'items.name', 'items.brand', 'items.category', 'items.rarity', 'items.art_kind'])
      .where('box_items.box_id', '=', box.id)
      .orderBy('items.price', 'desc')
      .orderBy('items.id')
      .limit(1)
      .executeTakeFirst();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(boxSvg(box, hero ?? null));
  });
}
