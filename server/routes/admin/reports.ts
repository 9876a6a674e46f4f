import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameReport } from '../../reports/gameReport.ts';
import { reportCsv } from '../../reports/reportCsv.ts';
import { liveBoard } from '../../reports/liveBoard.ts';
import { sendCsv } from '../../http/csvDownload.ts';
import gameSettingsRoutes from './gameSettings.ts';
import vipRatesRoutes from './vipRates.ts';
import adminRacesRoutes from './races.ts';
import adminChallengesRoutes from './challenges.ts';
import metricsRoutes from './metrics.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The console's reports and live board (docs/operator-console.md, "Reports", "Live board"), for
// operators, and the game settings, VIP rates, races and challenges whose effect they show, and the
// node's metrics for Prometheus (registered from here: one line in index.ts).
export default async function reportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await root.register(gameSettingsRoutes);
  await root.register(vipRatesRoutes);
  await root.register(adminRacesRoutes);
  await root.register(adminChallengesRoutes);
  await root.register(metricsRoutes);

  route(app, routes.adminReports, {}, async (request) => ({ data: await gameReport(root.db, request.query) }));

  route(app, routes.adminReportsCsv, {},
    async (request, reply) => {
      const { table, from, to } = request.query;
      return sendCsv(reply, `report-${table}-${from}-${to}.csv`, reportCsv(await gameReport(root.db, { from, to }), table));
    },
  );

  route(app, routes.adminBoard, {}, async () => {
    // This node's own line first, so the board is current at least for the node that answers.
    await root.nodeHeartbeat.beat();
    return { data: await liveBoard(root.db) };
  });
}
