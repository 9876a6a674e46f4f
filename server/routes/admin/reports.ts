import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BoardAnswerSchema, GAME_REPORT_CSV_COLUMNS, MONEY_REPORT_CSV_COLUMNS, ReportAnswerSchema, ReportCsvQuerySchema, ReportQuerySchema } from '../../../core/protocol/adminReports.ts';
import { gameReport } from '../../reports/gameReport.ts';
import { reportCsv } from '../../reports/reportCsv.ts';
import { liveBoard } from '../../reports/liveBoard.ts';
import { fileAnswer } from '../../http/responseContract.ts';
import { sendCsv } from '../../http/csvDownload.ts';
import gameSettingsRoutes from './gameSettings.ts';

// The console's reports and live board (docs/operator-console.md, "Reports", "Live board"), for
// operators, and the game settings whose effect they show (registered from here: one line in index.ts).
export default async function reportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await root.register(gameSettingsRoutes);

  app.get('/api/admin/reports', { schema: { querystring: ReportQuerySchema, response: { 200: ReportAnswerSchema } } }, async (request) => ({ data: await gameReport(root.db, request.query) }));

  app.get(
    '/api/admin/reports/export.csv',
    { schema: { querystring: ReportCsvQuerySchema, response: { 200: fileAnswer('text/csv', `The report's table (${GAME_REPORT_CSV_COLUMNS.length} columns for games, ${MONEY_REPORT_CSV_COLUMNS.length} for money) as a CSV download.`) } } },
    async (request, reply) => {
      const { table, from, to } = request.query;
      return sendCsv(reply, `report-${table}-${from}-${to}.csv`, reportCsv(await gameReport(root.db, { from, to }), table));
    },
  );

  app.get('/api/admin/board', { schema: { response: { 200: BoardAnswerSchema } } }, async () => {
    // This node's own line first, so the board is current at least for the node that answers.
    await root.nodeHeartbeat.beat();
    return { data: await liveBoard(root.db) };
  });
}
