import type { Db } from './database.ts';
import type { Wallet } from '../wallet/wallet.ts';

/** What a seed step writes through: the database, and the wallet for any balance it grants. */
export interface SeedDeps {
  db: Db;
  wallet: Wallet;
}

/** One idempotent step of the demo seed (server/db/seed.ts runs them in order). */
export interface SeedStep {
  name: string;
  /** Known credentials or codes: only with SEED_DEMO, never in production (server/config.ts refuses it). */
  demo?: boolean;
  run(deps: SeedDeps): Promise<void>;
}
