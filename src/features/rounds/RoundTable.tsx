import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../format/format.ts';
import { useApiList } from './useApiList.ts';
import type { RoundGame } from '../../../core/games/roundGames.ts';
import type { Route } from '../../../core/protocol/route.ts';
import { crashRecentGames, wheelRecentGames } from '../../../core/protocol/routes/rounds.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
// The games' shared column words (player, bet, time, fairness): every round game's page loads them.
import gameMessages from '../games/i18n/en-US.json';

const t = translator(messages);
const tg = translator(gameMessages);

// The tables of a round game's page (this round's bets, recent rounds, recent bets, top payouts,
// leaderboards): one table drawn from its columns, the columns every game shares (round, player,
// bet, time, the link to the provably-fair page), and the list fetched from the API with its
// loading and empty states. The column factories name their headers in the page's language: call
// them while rendering (a page's columns are made in its component, not at its module's top).

export interface Column<T> {
  header: string;
  /** Class of the header and, unless `cellClass` says otherwise, of every cell (e.g. `game-history__time`). */
  className?: string;
  cell: (row: T) => ReactNode;
  cellClass?: (row: T) => string | undefined;
}

export interface RoundTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => number;
  /** Attributes of a row (its class, data-player). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { 'data-player'?: string };
  className?: string;
  testId?: string;
}

export function RoundTable<T>({ rows, columns, rowKey, rowProps, className, testId }: RoundTableProps<T>) {
  return (
    <table className={className ? `game-history ${className}` : 'game-history'} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c) => (
              <td key={c.header} className={(c.cellClass ? c.cellClass(row) : c.className) || undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A list of the game's API shown as a table: "Loading…", then the rows or `empty`. */
export function ApiRoundTable<T>({
  route,
  params,
  refreshKey,
  empty,
  emptyClass,
  ...table
}: Omit<RoundTableProps<T>, 'rows'> & { route: Route<'GET'>; params: Record<string, string | number>; refreshKey: unknown; empty: string; emptyClass: string }) {
  const rows = useApiList<T>(route, params, refreshKey);
  if (rows === null) return <p className={emptyClass}>{t('loading')}</p>;
  if (!rows.length) return <p className={emptyClass}>{empty}</p>;
  return <RoundTable rows={rows} {...table} />;
}

const RECENT_GAMES: Record<RoundGame, Route<'GET'>> = { crash: crashRecentGames, wheel: wheelRecentGames };

/** The game's last ended rounds (its recent-games route), fetched again when `refreshKey` changes. */
export function RecentRoundsTable<T extends { id: number }>({ game, columns, refreshKey, emptyClass }: { game: RoundGame; columns: readonly Column<T>[]; refreshKey: unknown; emptyClass: string }) {
  return (
    <ApiRoundTable
      testId={`${game}-recent-games`}
      route={RECENT_GAMES[game]}
      params={{ limit: 20 }}
      refreshKey={refreshKey}
      columns={columns}
      rowKey={(r) => r.id}
      empty={t('noRoundEnded')}
      emptyClass={emptyClass}
    />
  );
}

/** The round's number, the game's own count of its rounds ("#17"; never its id, which every round game shares). */
export const roundColumn = <T,>(roundNumber: (row: T) => number): Column<T> => ({ header: t('round'), cell: (row) => `#${roundNumber(row)}` });

export const playerColumn = <T extends { user: { name: string } }>(): Column<T> => ({ header: tg('columnPlayer'), cell: (row) => row.user.name });

/** The stake in coins, two decimals. */
export const betColumn = <T extends { amount: number }>(): Column<T> => ({ header: tg('columnBet'), cell: (row) => row.amount.toFixed(2) });

/** Date and time; hidden on phones. */
export const timeColumn = <T,>(at: (row: T) => string): Column<T> => ({ header: tg('columnTime'), className: 'game-history__time', cell: (row) => formatDateTime(at(row)) });

/** The link to the game's provably-fair page with the round's hash filled in, "—" before it is known. */
export const verifyColumn = <T,>(href: (row: T) => string | null): Column<T> => ({
  header: tg('columnFairness'),
  cell: (row) => {
    const to = href(row);
    return to ? (
      <Link className="game-history__verify" to={to}>
        {tg('verify')}
      </Link>
    ) : (
      '—'
    );
  },
});
