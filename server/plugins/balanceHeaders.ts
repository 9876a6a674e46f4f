import type { FastifyInstance } from 'fastify';
import { centsToCoins } from '../../core/money/cents.ts';
import { BALANCE_HEADER, BALANCE_VERSION_HEADER } from '../../core/protocol/balance.ts';
import { reportedBalance, withBalanceReports } from '../wallet/balanceReports.ts';

// Every answer that changed (or read) the signed-in player's balance carries it in two headers, the
// coins and the account's version (core/protocol/balance.ts). The client's one balance store takes
// them from every answer in one place (src/api/http.ts) and shows a balance only when its version
// is newer, so answers and realtime events may arrive in any order. The bodies keep the spec's
// `balance` fields.
export function installBalanceHeaders(app: FastifyInstance): void {
  // Only a request with a bearer token can be a player's: the others (pages, assets, public lists) skip it.
  app.addHook('onRequest', (request, _reply, done) => (request.headers.authorization ? withBalanceReports(done) : done()));
  app.addHook('onSend', (request, reply, payload, done) => {
    const kept = request.userId === null ? undefined : reportedBalance(request.userId);
    if (kept) reply.header(BALANCE_HEADER, centsToCoins(kept.balance).toFixed(2)).header(BALANCE_VERSION_HEADER, String(kept.version));
    done(null, payload);
  });
}
