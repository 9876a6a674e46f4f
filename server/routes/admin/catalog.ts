import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_CATALOG_PER_PAGE,
  AdminBoxAnswerSchema,
  AdminBoxPageSchema,
  AdminCatalogQuerySchema,
  AdminItemAnswerSchema,
  AdminItemPageSchema,
  BoxCreateInputSchema,
  BoxDetailsInputSchema,
  BoxVersionInputSchema,
  CatalogOptionsSchema,
  ItemInputSchema,
} from '../../../core/protocol/adminCatalog.ts';
import { IdParamsSchema } from '../../../core/protocol/boxes.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { notFound } from '../../http/errors.ts';
import { catalogOptions, createItem, findAdminItem, listAdminItems, updateItem } from '../../boxes/itemEditor.ts';
import { createBox, findAdminBox, listAdminBoxes, publishBoxVersion, updateBoxDetails } from '../../boxes/boxEditor.ts';

// The console's catalog (docs/operator-console.md, "Catalog and boxes"): items, the shop's boxes and
// their versions. Operators and admins alike; every change is audited by its domain function.
export default async function catalogRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const pageOf = (page: number) => ({ limit: ADMIN_CATALOG_PER_PAGE, offset: (page - 1) * ADMIN_CATALOG_PER_PAGE });

  app.get('/api/admin/catalog/options', { schema: { response: { 200: CatalogOptionsSchema } } }, async () => catalogOptions());

  app.get('/api/admin/items', { schema: { querystring: AdminCatalogQuerySchema, response: { 200: AdminItemPageSchema } } }, async (request) => {
    const { page, search } = request.query;
    const { rows, total } = await listAdminItems(root.db, search, pageOf(page));
    return paged(rows, total, { page, perPage: ADMIN_CATALOG_PER_PAGE }, '/api/admin/items', { search });
  });

  app.post('/api/admin/items', { schema: { body: ItemInputSchema, response: { 200: AdminItemAnswerSchema } } }, async (request) => {
    return { data: await createItem(root.db, actorOf(request), request.body), message: 'Item created.' };
  });

  app.get('/api/admin/items/:id', { schema: { params: IdParamsSchema, response: { 200: AdminItemAnswerSchema } } }, async (request) => {
    const item = await findAdminItem(root.db, request.params.id);
    if (!item) throw notFound('No item has this id.');
    return { data: item, message: '' };
  });

  app.put('/api/admin/items/:id', { schema: { params: IdParamsSchema, body: ItemInputSchema, response: { 200: AdminItemAnswerSchema } } }, async (request) => {
    return { data: await updateItem(root.db, actorOf(request), request.params.id, request.body), message: 'Item saved.' };
  });

  app.get('/api/admin/boxes', { schema: { querystring: AdminCatalogQuerySchema, response: { 200: AdminBoxPageSchema } } }, async (request) => {
    const { page, search } = request.query;
    const { rows, total } = await listAdminBoxes(root.db, search, pageOf(page));
    return paged(rows, total, { page, perPage: ADMIN_CATALOG_PER_PAGE }, '/api/admin/boxes', { search });
  });

  const boxAnswer = async (id: number, message: string) => {
    const box = await findAdminBox(root.db, id);
    if (!box) throw notFound('No box has this id.');
    return { data: box, message };
  };

  app.get('/api/admin/boxes/:id', { schema: { params: IdParamsSchema, response: { 200: AdminBoxAnswerSchema } } }, async (request) => boxAnswer(request.params.id, ''));

  app.post('/api/admin/boxes', { schema: { body: BoxCreateInputSchema, response: { 200: AdminBoxAnswerSchema } } }, async (request) => {
    return boxAnswer(await createBox(root.db, actorOf(request), request.body), 'Box created and published as version 1.');
  });

  app.put('/api/admin/boxes/:id', { schema: { params: IdParamsSchema, body: BoxDetailsInputSchema, response: { 200: AdminBoxAnswerSchema } } }, async (request) => {
    await updateBoxDetails(root.db, actorOf(request), request.params.id, request.body);
    return boxAnswer(request.params.id, 'Box details saved.');
  });

  app.post('/api/admin/boxes/:id/versions', { schema: { params: IdParamsSchema, body: BoxVersionInputSchema, response: { 200: AdminBoxAnswerSchema } } }, async (request) => {
    const number = await publishBoxVersion(root.db, actorOf(request), request.params.id, request.body);
    return boxAnswer(request.params.id, `Version ${number} published.`);
  });
}
