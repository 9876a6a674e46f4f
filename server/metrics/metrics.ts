import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PlayObserver } from '../wallet/settlements.ts';
import { processMetrics } from './processMetrics.ts';

// The shop's Prometheus metrics (docs/operations.md): one registry per app (a test process builds
// many apps, each with its own counts), plus the process's own metrics (processMetrics.ts). The
// play counters are plain numbers on the bet path, turned into Prometheus counters only when
// scraped: a settled bet costs two additions and no allocation, where prom-client's labelled
// `inc` hashes its labels into a new string and answers a new object every call.

/** A gauge's value read from the app when scraped (sockets, pool, leadership, bus lag). */
export interface ScrapedGauge {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Each labelled value (or one unlabelled), as it is at the scrape. */
  read(set: (value: number, labels?: Record<string, string>) => void): void | Promise<void>;
}

/** Seconds: a batch statement takes about a millisecond alone and tens under load (bench/dice). */
const STATEMENT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Items per batch: 1 at low load, about the players betting at once under load, at most 64. */
const SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64];

export function createMetrics() {
  const registry = new Registry();
  const plays = new Map<string, { bets: number; cents: number }>();
  // prom-client calls `collect` on every scrape before it reads the values.
  new Counter({
    name: 'shop_bets_total',
    help: 'Stakes recorded in the bets journal (bets, box openings, battle seats), by game, counted once committed.',
    labelNames: ['game'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [game, counts] of plays) this.inc({ game }, counts.bets);
    },
  });
  new Counter({
    name: 'shop_bet_stakes_cents_total',
    help: 'Cents staked in the bets journal, by game, counted once committed.',
    labelNames: ['game'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [game, counts] of plays) this.inc({ game }, counts.cents);
    },
  });
  const batchSeconds = new Histogram({
    name: 'shop_settlement_batch_seconds',
    help: 'Seconds one group-settled statement took (instant bets, box openings), from sending it to its commit.',
    labelNames: ['settlement'],
    buckets: STATEMENT_BUCKETS,
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'shop_settlement_batch_size',
    help: 'Items (bets, opening requests) settled by one group-settled statement.',
    labelNames: ['settlement'],
    buckets: SIZE_BUCKETS,
    registers: [registry],
  });

  const observer: PlayObserver = {
    played(game, stakeCents) {
      let counts = plays.get(game);
      if (!counts) plays.set(game, (counts = { bets: 0, cents: 0 }));
      counts.bets += 1;
      counts.cents += stakeCents;
    },
    // Once per batch, not per bet: a labelled observe's allocations are the batch's.
    batch(settlement, size, seconds) {
      batchSeconds.observe({ settlement }, seconds);
      batchSize.observe({ settlement }, size);
    },
  };

  return {
    registry,
    /** Handed to the wallet (server/services.ts): every committed stake and batch statement. */
    observer,
    /** Registers a gauge read at each scrape. */
    gauge(source: ScrapedGauge): void {
      new Gauge({
        name: source.name,
        help: source.help,
        labelNames: source.labelNames ?? [],
        registers: [registry],
        async collect() {
          this.reset();
          await source.read((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
        },
      });
    },
    /** The Prometheus text exposition: this process's metrics, then the app's. */
    async text(): Promise<string> {
      return (await processMetrics().metrics()) + (await registry.metrics());
    },
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
