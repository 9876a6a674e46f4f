import { useState } from 'react';
import { WHEEL_COLOR_LABELS, type WheelColor } from '../../../core/games/wheel.ts';
import type { WheelBet, WheelRecentGame, WheelSettledBet } from '../../../core/protocol/wheel.ts';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { ApiRoundTable, betColumn, playerColumn, RecentRoundsTable, roundColumn, RoundTable, timeColumn, verifyColumn, type Column } from '../../features/rounds/RoundTable.tsx';
import { colorStyle, wheelFairHref } from '../../features/wheel/wheelColors.ts';
import { wheelRecentBets, wheelTopPayouts } from '../../../core/protocol/routes/rounds.ts';

// The tables under the wheel: this round's bets (live), the recent settled bets, the top payouts
// and the recent results, each result with its link to /wheel/provably-fair.

const TABS = [
  { value: 'round', label: 'This round' },
  { value: 'recent', label: 'Recent bets' },
  { value: 'top', label: 'Top payouts' },
  { value: 'results', label: 'Results' },
] as const;

export default function WheelTables({ bets, userId, refreshKey }: { bets: WheelBet[]; userId: number | null; refreshKey: number }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['value']>('round');
  return (
    <section className="panel game-page__stage" aria-label="Wheel tables">
      <ChipGroup chips={TABS} value={tab} onChange={setTab} />
      {tab === 'round' && <RoundBets bets={bets} userId={userId} />}
      {tab === 'recent' && <SettledBets kind="recent-bets" refreshKey={refreshKey} />}
      {tab === 'top' && <SettledBets kind="top-payouts" refreshKey={refreshKey} />}
      {tab === 'results' && <RecentResults refreshKey={refreshKey} />}
    </section>
  );
}

const colorColumn = <T extends { color: WheelColor }>(): Column<T> => ({
  header: 'Colour',
  cell: (row) => (
    <>
      <span className="wheel-dot" style={colorStyle(row.color)} aria-hidden /> {WHEEL_COLOR_LABELS[row.color]}
    </>
  ),
});

const roundBetColumns: Column<WheelBet>[] = [
  playerColumn(),
  colorColumn(),
  betColumn(),
  { header: 'Payout', cell: (b) => (b.status === 'open' ? '—' : (b.payout ?? 0).toFixed(2)), cellClass: (b) => (b.status === 'won' ? 'game-history__win' : undefined) },
];

function RoundBets({ bets, userId }: { bets: WheelBet[]; userId: number | null }) {
  const live = bets.filter((b) => b.status !== 'canceled');
  if (!live.length) return <p className="wheel-empty">No bets in this round yet.</p>;
  return (
    <RoundTable
      testId="wheel-round-bets"
      rows={[...live].reverse()}
      columns={roundBetColumns}
      rowKey={(b) => b.id}
      rowProps={(b) => ({ className: `wheel-bets__row wheel-bets__row--${b.status}${b.user.id === userId ? ' is-mine' : ''}`, 'data-player': b.user.name })}
    />
  );
}

const settledColumns: Column<WheelSettledBet>[] = [
  roundColumn((b) => b.round_number),
  playerColumn(),
  colorColumn(),
  betColumn(),
  { header: 'Payout', cell: (b) => b.payout.toFixed(2), cellClass: (b) => (b.payout > 0 ? 'game-history__win' : undefined) },
  timeColumn((b) => b.created_at),
];

function SettledBets({ kind, refreshKey }: { kind: 'recent-bets' | 'top-payouts'; refreshKey: number }) {
  return (
    <ApiRoundTable
      testId={`wheel-${kind}`}
      route={kind === 'recent-bets' ? wheelRecentBets : wheelTopPayouts}
      params={{ limit: 20 }}
      refreshKey={refreshKey}
      columns={settledColumns}
      rowKey={(b) => b.id}
      empty={kind === 'recent-bets' ? 'No bet has been settled yet.' : 'No payouts yet.'}
      emptyClass="wheel-empty"
    />
  );
}

const resultColumns: Column<WheelRecentGame>[] = [
  roundColumn((r) => r.number),
  timeColumn((r) => r.ended_at),
  { header: 'Segment', cell: (r) => r.segment },
  colorColumn(),
  verifyColumn((r) => wheelFairHref(r.hash, r.number)),
];

function RecentResults({ refreshKey }: { refreshKey: number }) {
  return <RecentRoundsTable game="wheel" columns={resultColumns} refreshKey={refreshKey} emptyClass="wheel-empty" />;
}
