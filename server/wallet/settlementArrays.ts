// How the wallet's batch statements take their rows: one array parameter per column, the arrays
// side by side under `unnest` (one element per row), the casts pinning the elements' types. Shared
// by the instant bets' statement (server/games/bets.ts) and the box openings' (server/boxes/openingEffects.ts),
// which has two such row sets (its requests and their openings).

/** A row set's columns, in parameter order: each a name and its SQL element type. */
export type SettlementColumns = readonly (readonly [name: string, type: string])[];

/** `unnest($first::t1[], …) as alias(c1, …)`: the row set as a table in the statement's FROM. */
export function unnestSql(columns: SettlementColumns, first: number, alias: string): string {
  return `unnest(${columns.map(([, type], i) => `$${first + i}::${type}[]`).join(', ')})
      as ${alias}(${columns.map(([name]) => name).join(', ')})`;
}

/** The row set's parameters: one array per column, in `columns`' order, from rows given in that order. */
export function columnArrays(columns: SettlementColumns, rows: readonly (readonly unknown[])[]): unknown[][] {
  return columns.map((_, i) => rows.map((row) => row[i]));
}
