import type { ReactNode } from 'react';

/**
 * A table of headings over `children`'s rows, in a wrap that scrolls sideways on a phone: the
 * `<kind>-table` and `<kind>-table-wrap` classes of its page's stylesheet (transparency, race).
 * `after` goes under the table, inside the wrap. The wrap is a named region in the tab order, so a
 * keyboard can scroll it where it scrolls (axe's scrollable-region-focusable, on /transparency at 390 px).
 */
export function HeadedTable({ kind, label, headings, testId, children, after }: { kind: string; label: string; headings: readonly string[]; testId?: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className={`${kind}-table-wrap`} tabIndex={0} role="region" aria-label={label}>
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
