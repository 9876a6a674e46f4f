import type { ReactNode } from 'react';

/** The player's own row appended under a standings table when their place is below the rows shown (the leaderboard, races). */
export function MyPlaceRow({ rank, children, testId }: { rank: number; children: ReactNode; testId?: string }) {
  return (
    <tr className="is-me" data-testid={testId}>
      <td className="tabular">{rank}</td>
      <td>You</td>
      <td>{children}</td>
      <td>—</td>
    </tr>
  );
}
