import type { ReactNode } from 'react';

// A table of history rows that becomes a list of cards on phones: every cell carries its column's
// name (data-label), which the phone layout shows beside the value (history.css). A `compact` table
// is two lines a row on phones instead (the player's own history: a dozen bets to a screen, as the
// casino sites list them): the first cell and the `history__lead` cell on top, the rest small below.

export interface HistoryColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export function HistoryTable<T extends { id: string | number }>({
  columns,
  rows,
  empty,
  testId,
  compact = false,
}: {
  columns: readonly HistoryColumn<T>[];
  rows: readonly T[];
  empty: string;
  testId: string;
  compact?: boolean;
}) {
  return (
    <table className={`history__table${compact ? ' history__table--compact' : ''}`}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} className={c.className}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid={testId}>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr className="history__empty-row">
            <td colSpan={columns.length} className="history__empty">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
