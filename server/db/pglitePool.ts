import type { PGlite } from '@electric-sql/pglite';

// PGlite is a single connection. Kysely's PostgresDialect wants a pool; this adapter hands out
// the one connection to one borrower at a time, so a transaction (BEGIN … COMMIT on a borrowed
// connection) never interleaves with another query.

interface QueryResult { rows: unknown[]; rowCount: number; command: string }

function commandOf(sql: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)\b/i.exec(sql);
  return (match?.[1] ?? 'SELECT').toUpperCase();
}

export function createPglitePool(pg: PGlite) {
  let tail: Promise<void> = Promise.resolve();

  async function acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => next);
    await previous;
    return release;
  }

  const client = {
    async query(sql: string, params: readonly unknown[] = []): Promise<QueryResult> {
      const result = await pg.query(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0, command: commandOf(sql) };
    },
  };

  return {
    async connect() {
      const release = await acquire();
      let released = false;
      return {
        query: client.query,
        release() {
          if (!released) {
            released = true;
            release();
          }
        },
      };
    },
    async end() {
      const release = await acquire();
      await pg.close();
      release();
    },
  };
}
