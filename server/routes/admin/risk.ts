import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { notFound } from '../../http/errors.ts';
import { PLAYER_NOT_FOUND } from '../../../core/protocol/pathParams.ts';
import { clusterOf, linkedAccounts, riskScore } from '../../risk/marks.ts';
import { riskRules, updateRiskRules } from '../../risk/rules.ts';
import { closeAlert, listAlerts } from '../../risk/alerts.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's linked accounts, risk rules and alerts (docs/risk.md): every staff member sees a
// player's links and score, the rules and the alerts, and closes an alert (audited `risk.alert`);
// only admins change the rules (audited `risk.rules`).

export default async function riskRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.adminPlayerLinks, {}, async (request) => {
    const id = request.params.id;
    if (!(await root.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst())) throw notFound(PLAYER_NOT_FOUND);
    const [links, cluster] = await Promise.all([linkedAccounts(root.db, id), clusterOf(root.db, id)]);
    return { data: { score: riskScore(links), cluster: cluster.length, links: links.map((l) => ({ id: l.userId, name: l.name, kinds: l.kinds, since: l.since.toISOString() })) } };
  });

  route(app, routes.adminRiskRules, {}, async () => ({ data: await riskRules(root.db) }));
  route(app, routes.adminRiskRulesUpdate, { config: { staffRole: 'admin' } }, async (request) => ({ data: await updateRiskRules(root.db, actorOf(request), request.body) }));
  route(app, routes.adminRiskAlerts, {}, async (request) => ({ data: await listAlerts(root.db, request.query.status) }));
  route(app, routes.adminRiskAlertClose, {}, async (request) => ({ message: 'Alert closed.', data: await closeAlert(root.db, actorOf(request), request.params.id, request.body) }));
}
