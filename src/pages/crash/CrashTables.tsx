import { useState } from 'react';
import { Link } from 'react-router';
import { coinsToCents, formatCents } from '../../../core/money/cents.ts';
import type { CrashLeaderboardRow, CrashRecentGame } from '../../../core/protocol/crash.ts';
import { CRASH_LEADERBOARD_METRICS, CRASH_LEADERBOARD_PERIODS, type CrashLeaderboardMetric, type CrashLeaderboardPeriod } from '../../../core/protocol/crashLeaderboard.ts';
import type { CrashBet, CrashHistoryPoint } from '../../../core/protocol/realtime.ts';
import { formatMultiplier, multiplierTier } from '../../../scenes/crash/crashChart.ts';
import { ChipGroup, chipsOf } from '../../components/ChipGroup.tsx';
import { ApiRoundTable, betColumn, playerColumn, RecentRoundsTable, roundColumn, RoundTable, timeColumn, verifyColumn, type Column } from '../../features/rounds/RoundTable.tsx';
import { roundFairHref } from '../../../core/games/roundGames.ts';
import { crashLeaderboard } from '../../../core/protocol/routes/rounds.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import gameMessages from '../../features/games/i18n/en-US.json';

const t = translator(messages);
const tg = translator(gameMessages);

// The tables around the crash chart: the strip of recent crash points, the round's bets (live),
// the player's own bets of this visit, the recent rounds and the leaderboard. Every round links
// to /crash/provably-fair with its hash filled in. Columns and chips are made while rendering (their
// headers and labels are in the page's language).

export const fairHref = (hash: string, roundNumber?: number) => roundFairHref('crash', hash, roundNumber);

const tierClass = (multiplier: number) => `crash-tier crash-tier--${multiplierTier(multiplier)}`;

/** Payout − stake in coins, exact in cents. */
function profitText(bet: { amount: number; payout: number | null }): string {
  const profit = (coinsToCents(bet.payout ?? 0) ?? 0) - (coinsToCents(bet.amount) ?? 0);
  return `${profit > 0 ? '+' : ''}${formatCents(profit)}`;
}

export function HistoryStrip({ history }: { history: CrashHistoryPoint[] }) {
  return (
    <nav className="crash-strip" aria-label={t('recentCrashPoints')} data-testid="crash-history">
      {history.map((h) => (
        <Link key={h.round_id} className={`crash-strip__chip ${tierClass(h.crash_point)}`} to={fairHref(h.hash, h.round_number)} title={t('roundVerifyTitle', { number: h.round_number })}>
          {formatMultiplier(h.crash_point)}
        </Link>
      ))}
    </nav>
  );
}

const cashedOutColumn = (ended: boolean): Column<CrashBet> => ({
  header: t('cashedOutAt'),
  cell: (b) => (b.cashed_out_at !== null ? formatMultiplier(b.cashed_out_at) : b.status === 'lost' || (ended && b.status === 'open') ? t('busted') : '—'),
});

const profitColumn = (lossClass: string): Column<CrashBet> => ({
  header: t('profit'),
  cell: (b) => (b.status === 'open' ? '—' : profitText(b)),
  cellClass: (b) => (b.status === 'cashed_out' ? 'game-history__win' : b.status === 'lost' ? lossClass : undefined),
});

const roundBetColumns = (ended: boolean): Column<CrashBet>[] => [playerColumn(), betColumn(), cashedOutColumn(ended), profitColumn('crash-bets__loss')];

export function RoundBets({ bets, userId, ended }: { bets: CrashBet[]; userId: number | null; ended: boolean }) {
  const sorted = [...bets].sort((a, b) => (b.cashed_out_at ?? 0) - (a.cashed_out_at ?? 0) || b.amount - a.amount);
  const total = bets.reduce((sum, b) => sum + (coinsToCents(b.amount) ?? 0), 0);
  return (
    <div data-testid="crash-round-bets">
      <p className="crash-bets__summary">
        {t('betsSummary', { count: bets.length, total: formatCents(total) })}
      </p>
      <RoundTable
        className="crash-bets"
        rows={sorted}
        columns={roundBetColumns(ended)}
        rowKey={(b) => b.id}
        rowProps={(b) => ({ className: `crash-bets__row crash-bets__row--${b.status}${b.user.id === userId ? ' is-mine' : ''}`, 'data-player': b.user.name })}
      />
    </div>
  );
}

export interface MyCrashBet extends CrashBet {
  /** The number of the bet's round (crash's own count of its rounds). */
  round_number: number;
  crash_point: number | null;
  hash: string | null;
}

const myBetColumns = (): Column<MyCrashBet>[] => [
  roundColumn((b) => b.round_number),
  betColumn(),
  cashedOutColumn(false),
  { header: t('crash'), cell: (b) => (b.crash_point !== null ? formatMultiplier(b.crash_point) : '…'), cellClass: (b) => (b.crash_point !== null ? tierClass(b.crash_point) : undefined) },
  profitColumn(''),
  verifyColumn((b) => (b.hash ? fairHref(b.hash, b.round_number) : null)),
];

export function MyBets({ bets }: { bets: MyCrashBet[] }) {
  if (!bets.length) return <p className="crash-empty">{t('myBetsEmpty')}</p>;
  return <RoundTable testId="crash-my-bets" rows={bets} columns={myBetColumns()} rowKey={(b) => b.id} />;
}

const recentRoundColumns = (): Column<CrashRecentGame>[] => [
  roundColumn((r) => r.number),
  timeColumn((r) => r.ended_at),
  { header: t('crash'), cell: (r) => formatMultiplier(r.crash_point), cellClass: (r) => tierClass(r.crash_point) },
  { header: t('players'), cell: (r) => r.players },
  { header: t('wagered'), cell: (r) => r.wagered.toFixed(2) },
  { header: t('paid'), cell: (r) => r.paid.toFixed(2) },
  verifyColumn((r) => fairHref(r.hash, r.number)),
];

export function RecentRounds({ refreshKey }: { refreshKey: number }) {
  return <RecentRoundsTable game="crash" columns={recentRoundColumns()} refreshKey={refreshKey} emptyClass="crash-empty" />;
}

const leaderboardColumns = (): Column<CrashLeaderboardRow>[] => [
  { header: '#', cell: (r) => r.rank },
  playerColumn(),
  betColumn(),
  { header: tg('columnMultiplier'), cell: (r) => formatMultiplier(r.multiplier), cellClass: (r) => tierClass(r.multiplier) },
  { header: t('win'), cell: (r) => `+${r.win_amount.toFixed(2)}`, className: 'game-history__win' },
];

export function Leaderboard() {
  const [period, setPeriod] = useState<CrashLeaderboardPeriod>('day');
  const [metric, setMetric] = useState<CrashLeaderboardMetric>('win_amount');
  // Only truthy filters go into the query (docs/product.md §7).
  const params = Object.fromEntries(Object.entries({ period, metric }).filter(([, v]) => Boolean(v)));
  return (
    <div data-testid="crash-leaderboard">
      <div className="crash-leaderboard__filters">
        <ChipGroup label={t('period')} chips={chipsOf<CrashLeaderboardPeriod>(CRASH_LEADERBOARD_PERIODS, { day: t('periodDay'), week: t('periodWeek'), all: t('periodAll') })} value={period} onChange={setPeriod} />
        <ChipGroup label={t('ranking')} chips={chipsOf<CrashLeaderboardMetric>(CRASH_LEADERBOARD_METRICS, { win_amount: t('metricWins'), multiplier: t('metricMultipliers') })} value={metric} onChange={setMetric} />
      </div>
      <ApiRoundTable route={crashLeaderboard} params={params} refreshKey={null} columns={leaderboardColumns()} rowKey={(r) => r.bet_id} empty={t('noCashOuts')} emptyClass="crash-empty" />
    </div>
  );
}
