import { Gauge } from 'prom-client';
import type { Db } from '../db/database.ts';
import type { Log } from '../log.ts';
import { everyWhileLeader, type LeaderElection } from '../realtime/leaderLock.ts';
import { booksState } from '../wallet/books.ts';
import type { Metrics } from './metrics.ts';

// The ledger invariant (balance = ledger sum, the ledger sums to zero, no balance below zero) as a
// metric. The check reads the whole ledger, so it never runs on a scrape (a scraper every 15 s on
// every node would scan it four times a minute per node): the leader runs it every `everyMs` and each
// scrape reports its last result. A node that has not checked (a follower) reports nothing, so
// "no result" is not read as "broken": docs/operations/alerts.yml tells the two apart.

export interface LedgerCheckDeps {
  db: Db;
  leader: LeaderElection;
  log: Log;
  metrics: Metrics;
}

export function runLedgerCheck({ db, leader, log, metrics }: LedgerCheckDeps, everyMs: number): void {
  const { registry } = metrics;
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [] });
  const balanced = gauge('shop_ledger_balanced', '1 when the last ledger check found the books balanced (ledger sum 0, every balance its entries\' sum, none negative), else 0; reported by the node that ran it (the leader).');
  const mismatched = gauge('shop_ledger_mismatched_accounts', 'Player accounts whose balance was not the sum of their ledger entries at the last check.');
  const negative = gauge('shop_ledger_negative_accounts', 'Player accounts below zero at the last check.');
  const total = gauge('shop_ledger_sum_cents', 'The sum of every ledger entry at the last check (0 when the double entry holds).');
  const checkedAt = gauge('shop_ledger_check_timestamp_seconds', 'When the last ledger check ended (Unix seconds).');
  const took = gauge('shop_ledger_check_duration_seconds', 'How long the last ledger check took.');
  let registered = false;
  everyWhileLeader(
    leader,
    everyMs,
    async () => {
      const started = performance.now();
      const books = await booksState(db);
      balanced.set(books.total === 0 && books.mismatches.length === 0 && books.negative.length === 0 ? 1 : 0);
      mismatched.set(books.mismatches.length);
      negative.set(books.negative.length);
      total.set(books.total);
      checkedAt.set(Date.now() / 1000);
      took.set((performance.now() - started) / 1000);
      if (!registered) {
        for (const metric of [balanced, mismatched, negative, total, checkedAt, took]) registry.registerMetric(metric);
        registered = true;
      }
      if (books.total !== 0 || books.mismatches.length > 0 || books.negative.length > 0) log.error({ total: books.total, mismatches: books.mismatches.slice(0, 20), negative: books.negative.slice(0, 20) }, 'ledger check failed');
    },
    (error) => log.warn({ err: error }, 'ledger check could not run'),
  );
}
