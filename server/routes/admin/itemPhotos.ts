import type { FastifyContentTypeParser, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ITEM_PHOTO_MAX_BYTES } from '../../../core/protocol/adminCatalog.ts';
import { actorOf } from '../../admin/guard.ts';
import { findAdminItem, setItemPhoto } from '../../boxes/itemEditor.ts';
import { itemPhotoStore, PHOTO_NOT_KEPT, PHOTO_TOO_LARGE, photoRefused, renderItemPhoto } from '../../boxes/itemPhotos.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// An item's product photo in the console's item editor (docs/operator-console.md, "Item photos"):
// the file is the request's raw body, read here up to the size cap (a larger one is refused as it
// arrives, not after), decoded and stored by server/boxes/itemPhotos.ts, then recorded on the item
// with its audit row. A refused upload stores nothing and changes nothing. Its own scope: the raw
// body parser applies to these routes only.
export default async function itemPhotoRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const store = itemPhotoStore(root.config.itemPhotosDir);

  // The content type is the browser's guess from the file's name: any image type (or none, as
  // octet-stream) is read, and the decoder decides.
  const readCapped: FastifyContentTypeParser = (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    payload.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > ITEM_PHOTO_MAX_BYTES) {
        over = true;
        chunks.length = 0;
        done(photoRefused(PHOTO_TOO_LARGE), undefined);
      } else chunks.push(chunk);
    });
    payload.on('end', () => !over && done(null, Buffer.concat(chunks)));
    payload.on('error', (error: Error) => !over && done(error, undefined));
  };
  app.addContentTypeParser(/^image\//, readCapped);
  app.addContentTypeParser('application/octet-stream', readCapped);

  route(app, routes.adminItemPhotoUpload, {}, async (request) => {
    const id = request.params.id;
    const upload = request.body;
    if (!root.config.itemPhotosDir) throw photoRefused(PHOTO_NOT_KEPT);
    if (!Buffer.isBuffer(upload) || upload.length === 0) throw photoRefused('Choose a photo file to upload.');
    if (!(await findAdminItem(root.db, id))) throw notFound('No item has this id.');
    const photo = await renderItemPhoto(upload);
    await store.save(photo);
    return { data: await setItemPhoto(root.db, actorOf(request), id, photo.hash), message: 'Photo saved.' };
  });

  route(app, routes.adminItemPhotoRemove, {}, async (request) => {
    return { data: await setItemPhoto(root.db, actorOf(request), request.params.id, null), message: 'Photo removed: the item shows its drawing.' };
  });
}
