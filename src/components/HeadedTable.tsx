import type { ReactNode } from 'react';

/**
 * A table of headings over `children`'s rows, in a wrap that scrolls sideways on a phone: the
 * `<kind>-table` and `<kind>-table-wrap` classes of its page's stylesheet (transparency, race).
 * `after` goes under the table, inside the wrap.
 */
export function HeadedTable({ kind, headings, testId, children, after }: { kind: string; headings: readonly string[]; testId?: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className={`${kind}-table-wrap`}>
      <table className={`${kind}-table`} data-testid={testId}>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}
