import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

// Named prepared statements for the server's hottest one-statement settlements (a crash cash-out,
// an instant bet). Sent as text, PostgreSQL parses, analyses and plans such a statement again on
// every execution: for the cash-out's five-part statement that work was about half of PostgreSQL's
// CPU in bench/crash's second of 300 cash-outs, on the core it shares with the clients, where the
// cash-outs queue (bench/README.md, "Named statements").
// A statement registered here is sent by name instead: each pooled connection parses it once, and
// after its first five executions PostgreSQL keeps one generic plan for it when that plan costs no
// more than the custom ones (plan_cache_mode auto), as it does for these lookups by primary key.
//
// Kysely hands the pool's clients SQL text, so the PostgreSQL pool's clients are wrapped: a text
// registered here goes as {name, text, values}; everything else passes through unchanged. PGlite
// (one in-process connection, server/db/pglitePool.ts) is not wrapped: it has no wire to save.
// A connection pooler in transaction mode in front of PostgreSQL would break named statements; the
// shop's nodes connect to PostgreSQL directly (README, Production).

const names = new Map<string, string>();

/** Registers `sql` to be sent as a named prepared statement; returns it unchanged. */
export function prepared(sql: string): string {
  // The name follows the text: two texts never share a name, and the same text built again (a
  // second app in one process) keeps its name.
  if (!names.has(sql)) names.set(sql, `s_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
  return sql;
}

/** The name a registered text is sent under (undefined for any other text). */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/** The pool Kysely is given: its clients send registered texts by name. */
export function namingPool(pool: PostgresPool): PostgresPool {
  // One wrapper per pooled client, so Kysely (which keeps a connection object per client) sees the
  // same client each time it borrows that connection.
  const wrappers = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  const wrap = (client: PostgresPoolClient): PostgresPoolClient => {
    // pg's query also takes a config object ({name, text, values}), which Kysely's type leaves out.
    // Looked up at each call, not bound once: the client's own query is what runs.
    const pgClient = client as unknown as { query(textOrConfig: unknown, values?: unknown): unknown };
    const query = (textOrConfig: unknown, values?: unknown) => {
      const name = typeof textOrConfig === 'string' ? names.get(textOrConfig) : undefined;
      return name ? pgClient.query({ name, text: textOrConfig, values }) : pgClient.query(textOrConfig, values);
    };
    return { query: query as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
