import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

// Named prepared statements for the server's hottest one-statement settlements (a crash cash-out,
// a batch of instant bets). Sent as text, PostgreSQL parses, analyses and plans such a statement again on
// every execution: for the cash-out's five-part statement that work was about half of PostgreSQL's
// CPU in bench/crash's second of 300 cash-outs, on the core it shares with the clients, where the
// cash-outs queue (the history of bench/README.md, "Named statements").
// A statement registered here is sent by name instead: each pooled connection parses it once, and
// after its first five executions PostgreSQL keeps one generic plan for it when that plan costs no
// more than the custom ones (plan_cache_mode auto), as it does for these lookups by primary key.
//
// Kysely hands the pool's clients SQL text, so the PostgreSQL pool's clients are wrapped: a text
// registered here goes as {name, text, values}; everything else passes through unchanged. PGlite
// (one in-process connection, server/db/pglitePool.ts) is not wrapped: it has no wire to save.
// A connection pooler in transaction mode in front of PostgreSQL would break named statements; the
// shop's nodes connect to PostgreSQL directly (README, Production).
//
// Parsed once per connection still means parsed, analysed and planned on each connection's first
// use, and the first use of all of them comes at once: a crash round's first cash-outs, one per
// pooled connection, paid 20–110 ms each on a loaded machine (the history of bench/README.md, "Warm connections").
// So a node warms its pool before it plays (warm() below): every connection runs each statement
// that has inert values (parameters that match no row and write nothing) until PostgreSQL keeps its
// plan.

/** Each registered text: the name it is sent under and, when it has them, its inert values. */
const registered = new Map<string, { name: string; inert?: readonly unknown[] }>();

/**
 * Registers `sql` to be sent as a named prepared statement; returns it unchanged. `inert`: values
 * with which the statement matches nothing and writes nothing, for warm() to run it with.
 */
export function prepared(sql: string, inert?: readonly unknown[]): string {
  // The name follows the text: two texts never share a name, and the same text built again (a
  // second app in one process) keeps its name.
  const entry = registered.get(sql) ?? { name: `s_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}` };
  if (inert) entry.inert = inert;
  registered.set(sql, entry);
  return sql;
}

/**
 * How often warm() runs a statement on each connection: PostgreSQL plans the first five executions
 * of a prepared statement for their values, and from the sixth on uses one generic plan when it
 * costs no more (plan_cache_mode auto), as it does for these lookups by primary key.
 */
export const WARM_RUNS = 6;

/** The name a registered text is sent under (undefined for any other text). */
export function preparedName(sql: string): string | undefined {
  return registered.get(sql)?.name;
}

export interface NamingPool extends PostgresPool {
  /**
   * Opens `connections` connections (the pool's size: all of them) and runs every registered
   * statement with inert values WARM_RUNS times on each, so that none is parsed or planned in play.
   */
  warm(connections: number): Promise<void>;
}

/** The pool Kysely is given: its clients send registered texts by name. */
export function namingPool(pool: PostgresPool): NamingPool {
  // One wrapper per pooled client, so Kysely (which keeps a connection object per client) sees the
  // same client each time it borrows that connection.
  const wrappers = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  const wrap = (client: PostgresPoolClient): PostgresPoolClient => {
    // pg's query also takes a config object ({name, text, values}), which Kysely's type leaves out.
    // Looked up at each call, not bound once: the client's own query is what runs.
    const pgClient = client as unknown as { query(textOrConfig: unknown, values?: unknown): unknown };
    const query = (textOrConfig: unknown, values?: unknown) => {
      const name = typeof textOrConfig === 'string' ? registered.get(textOrConfig)?.name : undefined;
      return name ? pgClient.query({ name, text: textOrConfig, values }) : pgClient.query(textOrConfig, values);
    };
    return { query: query as PostgresPoolClient['query'], release: () => client.release() };
  };
  const connect = async () => {
    const client = await pool.connect();
    let wrapper = wrappers.get(client);
    if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
    return wrapper;
  };
  return {
    connect,
    end: () => pool.end(),
    async warm(connections) {
      // All borrowed at once, each held until every one is warm: `connections` distinct clients.
      const borrowed = await Promise.allSettled(Array.from({ length: connections }, connect));
      const clients = borrowed.flatMap((b) => (b.status === 'fulfilled' ? [b.value] : []));
      try {
        const failed = borrowed.find((b) => b.status === 'rejected');
        if (failed) throw failed.reason;
        await Promise.all(
          clients.map(async (client) => {
            for (const [text, { inert }] of registered) for (let run = 0; inert && run < WARM_RUNS; run++) await client.query(text, inert as unknown[]);
          }),
        );
      } finally {
        for (const client of clients) client.release();
      }
    },
  };
}
