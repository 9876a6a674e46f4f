import type { ReactNode } from 'react';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** The player's own row appended under a standings table when their place is below the rows shown (the leaderboard, races). */
export function MyPlaceRow({ rank, children, testId }: { rank: number; children: ReactNode; testId?: string }) {
  return (
    <tr className="is-me" data-testid={testId}>
      <td className="tabular">{rank}</td>
      <td>{t('you')}</td>
      <td>{children}</td>
      <td>—</td>
    </tr>
  );
}
