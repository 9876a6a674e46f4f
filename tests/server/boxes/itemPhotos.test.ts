import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ITEM_PHOTO_MAX_BYTES } from '../../../core/protocol/adminCatalog.ts';
import { PHOTO_NOT_KEPT, PHOTO_REFUSED, PHOTO_TOO_LARGE } from '../../../server/boxes/itemPhotos.ts';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { seedCatalog } from '../../helpers/boxes.ts';

// Items' product photos (docs/operator-console.md, "Item photos"): the console uploads a photo of a
// catalog item, the shop shows it wherever the item's img_url is drawn (AVIF or WebP, 512 px
// square, cached for good), and removing it brings the drawing back. A refused upload (not an
// image, too large, not staff) stores nothing and changes nothing.

let app: FastifyInstance;
let dir: string;
let staff: Awaited<ReturnType<typeof createStaff>>;
let itemId: number;
const BOX = 'gift-card-grab';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'item-photos-'));
  app = await createTestApp({ ITEM_PHOTOS_DIR: dir });
  await seedCatalog(app);
  staff = await createStaff(app, 'operator');
  itemId = (await app.inject({ url: `/api/boxes/${BOX}` })).json().data.items[0].id;
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

/** A wide photo with a transparent margin, as a PNG: 800 × 400. */
const widePng = () => sharp({ create: { width: 800, height: 400, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 1 } } }).png().toBuffer();

const upload = (body: Buffer | string, headers: Record<string, string>, contentType = 'image/png', id = itemId) =>
  app.inject({ method: 'PUT', url: `/api/admin/items/${id}/photo`, headers: { ...headers, 'content-type': contentType }, payload: body });

async function state() {
  const [item, audits, files] = await Promise.all([
    app.db.selectFrom('items').select(['photo']).where('id', '=', itemId).executeTakeFirstOrThrow(),
    app.db.selectFrom('audit_log').select(['action']).where('target_kind', '=', 'item').where('target_id', '=', String(itemId)).orderBy('id').execute(),
    readdir(dir).catch(() => []),
  ]);
  const imgUrl = ((await app.inject({ url: `/api/boxes/${BOX}` })).json().data.items as Array<{ id: number; img_url: string }>).find((i) => i.id === itemId)!.img_url;
  return { photo: item.photo, imgUrl, audits: audits.map((a) => a.action), files: [...files].sort() };
}

describe('an item photo', () => {
  let photoUrl: string;

  it('is uploaded from a PNG, stored as a 512 px AVIF and WebP named by its hash, and becomes the item’s img_url everywhere', async () => {
    const before = await state();
    expect(before.imgUrl).toBe(`/api/art/items/${itemId}.svg`);
    const res = await upload(await widePng(), staff.headers);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: itemId, photo: true });
    expect(data.img_url).toMatch(new RegExp(`^/api/art/items/${itemId}/photos/[0-9a-f]{32}$`));
    photoUrl = data.img_url;
    const hash = photoUrl.split('/').pop()!;

    const after = await state();
    expect(after.imgUrl).toBe(photoUrl);
    expect(after.photo).toBe(hash);
    expect(after.files).toEqual([`${hash}.avif`, `${hash}.webp`]);
    expect(after.audits).toEqual([...before.audits, 'item.photo']);
    // The console's list shows it too.
    const item = (await app.inject({ url: `/api/admin/items/${itemId}`, headers: staff.headers })).json().data;
    const listed = (await app.inject({ url: '/api/admin/items', query: { search: item.name }, headers: staff.headers })).json().data.find((i: { id: number }) => i.id === itemId);
    expect(listed).toMatchObject({ photo: true, img_url: photoUrl });
  });

  it('is served as AVIF to a browser that takes it, else as WebP, cached for good', async () => {
    for (const [accept, type, format] of [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
      [undefined, 'image/webp', 'webp'],
    ] as const) {
      const res = await app.inject({ url: photoUrl, headers: accept ? { accept } : {} });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept/i);
      const meta = await sharp(res.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, alpha: meta.hasAlpha }).toEqual({ format, width: 512, height: 512, alpha: true });
    }
    // Fitted, not cropped: the wide photo's top rows are the transparent margin, its middle row the photo.
    const { data, info } = await sharp((await app.inject({ url: photoUrl, headers: { accept: 'image/webp' } })).rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(256, 10)).toBe(0);
    expect(alphaAt(256, 256)).toBe(255);
  });

  it('refuses a file that is not a photo, an oversized one and an SVG with a 422 on photo, storing and changing nothing', async () => {
    const before = await state();
    const cases: Array<[Buffer | string, string, string]> = [
      ['This is a text file renamed photo.png', 'image/png', PHOTO_REFUSED],
      [Buffer.alloc(ITEM_PHOTO_MAX_BYTES + 1, 0x89), 'image/png', PHOTO_TOO_LARGE],
      [Buffer.concat([await widePng(), Buffer.alloc(ITEM_PHOTO_MAX_BYTES)]), 'application/octet-stream', PHOTO_TOO_LARGE],
      ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>', 'image/svg+xml', PHOTO_REFUSED],
      [(await widePng()).subarray(0, 200), 'image/png', PHOTO_REFUSED],
    ];
    for (const [body, type, message] of cases) {
      const res = await upload(body, staff.headers, type);
      expect(res.statusCode, `${type} ${res.body}`).toBe(422);
      expect(res.json()).toEqual({ message, errors: { photo: [message] } });
    }
    expect(await state()).toEqual(before);
  });

  it('is refused to players and to staff below operator, changing nothing', async () => {
    const before = await state();
    const player = await createPlayer(app);
    const moderator = await createStaff(app, 'moderator');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } }).png().toBuffer();
    for (const headers of [player.headers, moderator.headers]) {
      expect((await upload(png, headers)).statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `/api/admin/items/${itemId}/photo`, headers })).statusCode).toBe(403);
    }
    expect((await upload(png, {})).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('answers 404 for an item that does not exist, storing nothing', async () => {
    const before = await state();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00a' } }).png().toBuffer();
    expect((await upload(png, staff.headers, 'image/png', 999_999)).statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('is removed: the item shows its drawing again, and the photo’s address still answers (a cache or a drop may hold it)', async () => {
    const before = await state();
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/items/${itemId}/photo`, headers: staff.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ photo: false, img_url: `/api/art/items/${itemId}.svg` });
    const after = await state();
    expect(after).toEqual({ ...before, photo: null, imgUrl: `/api/art/items/${itemId}.svg`, audits: [...before.audits, 'item.photo_remove'] });
    expect((await app.inject({ url: photoUrl, headers: { accept: 'image/webp' } })).headers['content-type']).toBe('image/webp');
  });

  it('falls back to the drawing, not cached, where the file is missing; an unknown item and photo is a 404', async () => {
    const missing = await app.inject({ url: `/api/art/items/${itemId}/photos/${'0'.repeat(32)}` });
    expect(missing.statusCode).toBe(200);
    expect(missing.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: `/api/art/items/999999/photos/${'0'.repeat(32)}` })).statusCode).toBe(404);
    // Only a hash names a file: anything else is refused before the folder is read.
    for (const name of ['not-a-hash', `${'0'.repeat(32)}.webp`, '..%2f..%2fpglite']) {
      const res = await app.inject({ url: `/api/art/items/${itemId}/photos/${name}` });
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
    }
  });
});

describe('a server that keeps no photos (PGlite in memory, no ITEM_PHOTOS_DIR)', () => {
  it('refuses an upload with a 422 naming the setting', async () => {
    const bare = await createTestApp();
    try {
      await seedCatalog(bare);
      const operator = await createStaff(bare, 'operator');
      const id = (await bare.inject({ url: `/api/boxes/${BOX}` })).json().data.items[0].id;
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
      const res = await bare.inject({ method: 'PUT', url: `/api/admin/items/${id}/photo`, headers: { ...operator.headers, 'content-type': 'image/png' }, payload: png });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ photo: [PHOTO_NOT_KEPT] });
    } finally {
      await bare.close();
    }
  });
});
