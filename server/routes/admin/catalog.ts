import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_CATALOG_PER_PAGE } from '../../../core/protocol/adminCatalog.ts';
import { actorOf } from '../../admin/guard.ts';
import { paged } from '../../boxes/paging.ts';
import { notFound } from '../../http/errors.ts';
import { catalogOptions, createItem, findAdminItem, listAdminItems, updateItem } from '../../boxes/itemEditor.ts';
import { createBox, findAdminBox, listAdminBoxes, publishBoxVersion, updateBoxDetails } from '../../boxes/boxEditor.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's catalog (docs/operator-console.md, "Catalog and boxes"): items, the shop's boxes and
// their versions. Operators and admins alike; every change is audited by its domain function.
export default async function catalogRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const pageOf = (page: number) => ({ limit: ADMIN_CATALOG_PER_PAGE, offset: (page - 1) * ADMIN_CATALOG_PER_PAGE });

  route(app, routes.adminCatalogOptions, {}, async () => catalogOptions());

  route(app, routes.adminItems, {}, async (request) => {
    const { page, search } = request.query;
    const { rows, total } = await listAdminItems(root.db, search, pageOf(page));
    return paged(rows, total, { page, perPage: ADMIN_CATALOG_PER_PAGE }, '/api/admin/items', { search });
  });

  route(app, routes.adminItemCreate, {}, async (request) => {
    return { data: await createItem(root.db, actorOf(request), request.body), message: 'Item created.' };
  });

  route(app, routes.adminItem, {}, async (request) => {
    const item = await findAdminItem(root.db, request.params.id);
    if (!item) throw notFound('No item has this id.');
    return { data: item, message: '' };
  });

  route(app, routes.adminItemUpdate, {}, async (request) => {
    return { data: await updateItem(root.db, actorOf(request), request.params.id, request.body), message: 'Item saved.' };
  });

  route(app, routes.adminBoxes, {}, async (request) => {
    const { page, search } = request.query;
    const { rows, total } = await listAdminBoxes(root.db, search, pageOf(page));
    return paged(rows, total, { page, perPage: ADMIN_CATALOG_PER_PAGE }, '/api/admin/boxes', { search });
  });

  const boxAnswer = async (id: number, message: string) => {
    const box = await findAdminBox(root.db, id);
    if (!box) throw notFound('No box has this id.');
    return { data: box, message };
  };

  route(app, routes.adminBox, {}, async (request) => boxAnswer(request.params.id, ''));

  route(app, routes.adminBoxCreate, {}, async (request) => {
    return boxAnswer(await createBox(root.db, actorOf(request), request.body), 'Box created and published as version 1.');
  });

  route(app, routes.adminBoxUpdate, {}, async (request) => {
    await updateBoxDetails(root.db, actorOf(request), request.params.id, request.body);
    return boxAnswer(request.params.id, 'Box details saved.');
  });

  route(app, routes.adminBoxVersionCreate, {}, async (request) => {
    const number = await publishBoxVersion(root.db, actorOf(request), request.params.id, request.body);
    return boxAnswer(request.params.id, `Version ${number} published.`);
  });
}
