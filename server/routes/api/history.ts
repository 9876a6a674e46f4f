import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import {
  BET_CSV_COLUMNS,
  LEDGER_CSV_COLUMNS,
  type BetHistoryRow,
  type LedgerRow,
} from '../../../core/protocol/history.ts';
import { listBets, type BetCursor } from '../../history/betHistory.ts';
import { listLedger } from '../../history/ledgerHistory.ts';
import { betHistoryPage, ledgerHistoryPage } from '../../history/historyPages.ts';
import { csvFile, type CsvValue } from '../../history/csv.ts';
import { sendCsv } from '../../http/csvDownload.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The player's own history (docs/account-safety.md, "History"): GET /api/profile/bets and
// /api/profile/ledger answer pages of 20, newest first; their export.csv takes the same filters and
// streams every matching row as a download, read from the database a chunk at a time. Each reads
// only the signed-in player's rows: the player is the token's, never a parameter.

/** Rows the CSV export reads per query. */
const EXPORT_CHUNK = 500;

const betLine = (r: BetHistoryRow): CsvValue[] => [r.id, r.game, r.placed_at, r.stake, r.payout, r.multiplier, r.result, r.fairness, r.verify_path];
const ledgerLine = (r: LedgerRow): CsvValue[] => [r.id, r.created_at, r.kind, r.reason, r.label, r.amount, r.balance_after, r.reference];

export default async function historyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.betHistory, { onRequest: root.authenticate }, async (request) =>
    betHistoryPage(root.db, requireUserId(request), request.query, '/api/profile/bets'),
  );

  route(app, routes.betHistoryCsv, { onRequest: root.authenticate }, async (request, reply) => {
    const { page: _page, ...filters } = request.query;
    const filter = { userId: requireUserId(request), ...filters };
    const next = (after: BetCursor | null) => listBets(root.db, filter, { limit: EXPORT_CHUNK, ...(after ? { cursor: after } : {}) });
    return sendCsv(reply, 'bets.csv', csvFile(BET_CSV_COLUMNS, next, betLine));
  });

  route(app, routes.ledgerHistory, { onRequest: root.authenticate }, async (request) =>
    ledgerHistoryPage(root.db, requireUserId(request), request.query, '/api/profile/ledger'),
  );

  route(app, routes.ledgerHistoryCsv, { onRequest: root.authenticate }, async (request, reply) => {
    const { page: _page, ...filters } = request.query;
    const filter = { userId: requireUserId(request), ...filters };
    const next = async (after: number | null) => {
      const rows = await listLedger(root.db, filter, { limit: EXPORT_CHUNK, ...(after !== null ? { beforeId: after } : {}) });
      return { rows, last: rows.at(-1)?.id ?? null };
    };
    return sendCsv(reply, 'transactions.csv', csvFile(LEDGER_CSV_COLUMNS, next, ledgerLine));
  });
}
