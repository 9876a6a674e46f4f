import pg from 'pg';
import { postgresTypes } from './database.ts';
import { prepared, preparedName } from './preparedStatements.ts';

// One PostgreSQL connection of the settlement thread (server/wallet/settlementThread.ts), running a
// single registered statement by its name (preparedStatements.ts), one execution at a time (the
// thread's group commit keeps one batch in flight per settlement).
//
// Its session runs with plan_cache_mode = force_generic_plan. Under the default (auto) PostgreSQL
// compares a generic plan's estimated cost with the custom plans' after five executions, and the
// estimate moves with the arrays' length and the tables' statistics: bench/dice saw the batch
// statement planned again at every execution from one batch size on (about a third of the rate
// lost; bench/dice/README.md, "Plan cache"). Forced, the statement keeps the one generic plan its
// first execution makes. Only this connection: on the pool, where Kysely's one-off statements are
// unnamed, the setting would take their custom plans away too.
//
// The connection is opened at the first query and again after it broke (the server restarted, a
// failover): the query that found it broken fails, and the next one opens a new one.

/** The session's settings (libpq's `options`): the benches give pgbench's batch reference the same (bench/dice, bench/boxes). */
export const SETTLEMENT_SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';

export interface SettlementConnection {
  /** Runs the statement with `values`; its rows. */
  query(values: readonly unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

/** `application` names the connection in pg_stat_activity (the operators see which settlement it runs). */
export function settlementConnection(url: string, statement: string, application: string): SettlementConnection {
  const name = preparedName(prepared(statement));
  let client: Promise<pg.Client> | undefined;
  const open = async () => {
    const opened = new pg.Client({ connectionString: url, types: postgresTypes(pg) as never, application_name: application, options: SETTLEMENT_SESSION_OPTIONS });
    // A connection lost while idle emits an error (without a listener it would stop the thread) and ends.
    const lost = () => {
      if (client === opening) client = undefined;
    };
    opened.on('error', lost);
    opened.on('end', lost);
    const opening: Promise<pg.Client> = opened.connect().then(() => opened);
    client = opening;
    try {
      return await opening;
    } catch (error) {
      if (client === opening) client = undefined;
      throw error;
    }
  };
  return {
    async query(values) {
      const current = client ?? open();
      const connected = await current;
      try {
        const { rows } = await connected.query({ name, text: statement, values: values as unknown[] });
        return rows;
      } catch (error) {
        // PostgreSQL's own refusal of the statement (severity ERROR) leaves the session usable;
        // anything else leaves it broken: a FATAL (the backend terminated, the server shutting
        // down), or the connection lost mid-query. The next query opens another.
        const sessionLives = error instanceof pg.DatabaseError && error.severity === 'ERROR';
        if (!sessionLives && client === current) {
          client = undefined;
          void connected.end().catch(() => {});
        }
        throw error;
      }
    },
    async close() {
      const last = client;
      client = undefined;
      if (last) await (await last.catch(() => undefined))?.end();
    },
  };
}
