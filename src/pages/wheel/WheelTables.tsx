import { useState } from 'react';
import type { WheelColor } from '../../../core/games/wheel.ts';
import type { WheelBet, WheelRecentGame, WheelSettledBet } from '../../../core/protocol/wheel.ts';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { ApiRoundTable, betColumn, playerColumn, RecentRoundsTable, roundColumn, RoundTable, timeColumn, verifyColumn, type Column } from '../../features/rounds/RoundTable.tsx';
import { colorStyle, wheelFairHref } from '../../features/wheel/wheelColors.ts';
import { wheelRecentBets, wheelTopPayouts } from '../../../core/protocol/routes/rounds.ts';
import { colorName } from '../../features/wheel/wheelColorNames.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import gameMessages from '../../features/games/i18n/en-US.json';

const t = translator(messages);
const tg = translator(gameMessages);

// The tables under the wheel: this round's bets (live), the recent settled bets, the top payouts
// and the recent results, each result with its link to /wheel/provably-fair.

const TABS = [
  { value: 'round', label: 'tabRound' },
  { value: 'recent', label: 'tabRecent' },
  { value: 'top', label: 'tabTop' },
  { value: 'results', label: 'tabResults' },
] as const satisfies readonly { value: string; label: keyof typeof messages }[];

export default function WheelTables({ bets, userId, refreshKey }: { bets: WheelBet[]; userId: number | null; refreshKey: number }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['value']>('round');
  return (
    <section className="panel game-page__stage" aria-label={t('tables')}>
      <ChipGroup chips={TABS.map((c) => ({ value: c.value, label: t(c.label) }))} value={tab} onChange={setTab} />
      {tab === 'round' && <RoundBets bets={bets} userId={userId} />}
      {tab === 'recent' && <SettledBets kind="recent-bets" refreshKey={refreshKey} />}
      {tab === 'top' && <SettledBets kind="top-payouts" refreshKey={refreshKey} />}
      {tab === 'results' && <RecentResults refreshKey={refreshKey} />}
    </section>
  );
}

// The columns' headers are in the page's language: each table makes its columns when it renders.
const colorColumn = <T extends { color: WheelColor }>(): Column<T> => ({
  header: t('colour'),
  cell: (row) => (
    <>
      <span className="wheel-dot" style={colorStyle(row.color)} aria-hidden /> {colorName(row.color)}
    </>
  ),
});

const roundBetColumns = (): Column<WheelBet>[] => [
  playerColumn(),
  colorColumn(),
  betColumn(),
  { header: tg('columnPayout'), cell: (b) => (b.status === 'open' ? '—' : (b.payout ?? 0).toFixed(2)), cellClass: (b) => (b.status === 'won' ? 'game-history__win' : undefined) },
];

function RoundBets({ bets, userId }: { bets: WheelBet[]; userId: number | null }) {
  const columns = roundBetColumns();
  const live = bets.filter((b) => b.status !== 'canceled');
  if (!live.length) return <p className="wheel-empty">{t('noRoundBets')}</p>;
  return (
    <RoundTable
      testId="wheel-round-bets"
      rows={[...live].reverse()}
      columns={columns}
      rowKey={(b) => b.id}
      rowProps={(b) => ({ className: `wheel-bets__row wheel-bets__row--${b.status}${b.user.id === userId ? ' is-mine' : ''}`, 'data-player': b.user.name })}
    />
  );
}

const settledColumns = (): Column<WheelSettledBet>[] => [
  roundColumn((b) => b.round_number),
  playerColumn(),
  colorColumn(),
  betColumn(),
  { header: tg('columnPayout'), cell: (b) => b.payout.toFixed(2), cellClass: (b) => (b.payout > 0 ? 'game-history__win' : undefined) },
  timeColumn((b) => b.created_at),
];

function SettledBets({ kind, refreshKey }: { kind: 'recent-bets' | 'top-payouts'; refreshKey: number }) {
  const columns = settledColumns();
  return (
    <ApiRoundTable
      testId={`wheel-${kind}`}
      route={kind === 'recent-bets' ? wheelRecentBets : wheelTopPayouts}
      params={{ limit: 20 }}
      refreshKey={refreshKey}
      columns={columns}
      rowKey={(b) => b.id}
      empty={t(kind === 'recent-bets' ? 'noSettledBets' : 'noPayouts')}
      emptyClass="wheel-empty"
    />
  );
}

const resultColumns = (): Column<WheelRecentGame>[] => [
  roundColumn((r) => r.number),
  timeColumn((r) => r.ended_at),
  { header: t('segment'), cell: (r) => r.segment },
  colorColumn(),
  verifyColumn((r) => wheelFairHref(r.hash, r.number)),
];

function RecentResults({ refreshKey }: { refreshKey: number }) {
  const columns = resultColumns();
  return <RecentRoundsTable game="wheel" columns={columns} refreshKey={refreshKey} emptyClass="wheel-empty" />;
}
