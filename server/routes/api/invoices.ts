import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { requireUserId } from '../../plugins/auth.ts';
import { PAYMENT_STATUSES, type InvoicePage } from '../../../core/protocol/deposit.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

const PER_PAGE = 15;

// GET /api/profile/invoices: the player's deposits, newest first, filtered by gateway and by a
// date range (from and to are whole days, inclusive, UTC), paged with links.next and meta.total.
export default async function invoiceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(app, routes.invoices, { onRequest: root.authenticate }, async (request): Promise<InvoicePage> => {
    const userId = requireUserId(request);
    const { gateway, from, to, page } = request.query;
    let query = root.db.selectFrom('invoices').leftJoin('promo_codes', 'promo_codes.id', 'invoices.promo_code_id').where('invoices.user_id', '=', userId);
    if (gateway) query = query.where('invoices.gateway', '=', gateway);
    if (from) query = query.where('invoices.created_at', '>=', sql<Date>`${from}::date`);
    if (to) query = query.where('invoices.created_at', '<', sql<Date>`${to}::date + 1`);
    const totalRow = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const total = Number(totalRow.n);
    const rows = await query
      .select(['invoices.id', 'invoices.gateway', 'invoices.amount', 'invoices.bonus', 'invoices.currency', 'invoices.status', 'invoices.created_at', 'promo_codes.code'])
      .orderBy('invoices.id', 'desc')
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute();
    const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
    const link = (p: number) => {
      const params = new URLSearchParams();
      if (gateway) params.set('gateway', gateway);
      if (from) params.set('from', from);
      if (to) params.set('to', to);
      params.set('page', String(p));
      return `/api/profile/invoices?${params.toString()}`;
    };
    return {
      data: rows.map((r) => ({
        id: r.id,
        gateway: r.gateway,
        amount: centsToCoins(r.amount),
        bonus: centsToCoins(r.bonus),
        currency: r.currency,
        status: r.status,
        status_title: PAYMENT_STATUSES[r.status].title,
        promocode: r.code,
        created_at: new Date(r.created_at).toISOString(),
      })),
      links: { next: page < lastPage ? link(page + 1) : null, prev: page > 1 ? link(page - 1) : null },
      meta: { total, current_page: page, per_page: PER_PAGE, last_page: lastPage },
    };
  });
}
