import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminParams } from '../../features/admin/staffContext.ts';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { Coins } from '../../components/Coin.tsx';
import { useAdminData } from '../../features/admin/adminApi.ts';
import { AdminList } from '../../features/admin/AdminList.tsx';
import { AdjustForm, LockForm } from '../../features/admin/PlayerActions.tsx';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { BET_COLUMNS, LEDGER_COLUMNS } from '../../features/history/historyColumns.tsx';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import type { PlayerProfile, PlayerSessions } from '../../../core/protocol/adminPlayers.ts';
import type { BetHistoryRow, LedgerRow } from '../../../core/protocol/history.ts';
import type { Paged } from '../../../core/protocol/paged.ts';
import type { LimitState } from '../../../core/protocol/responsible.ts';
import './playersSupport.css';
import { adminPlayer, adminPlayerBets, adminPlayerLedger, adminPlayerLinks, adminPlayerSessions } from '../../../core/protocol/routes/admin.ts';
import { MARK_LABELS, type PlayerLinks } from '../../../core/protocol/risk.ts';

// /admin/players/:id: one player in sections: the profile with the adjust and lock forms, live
// sessions, the accounts linked to it with its risk score (docs/risk.md), limits and break (shown
// only: a self-exclusion is the player's and no one here ends it), bets and the full ledger, read by
// the player's own history queries.

const SECTIONS = [
  { value: 'profile', label: 'Profile' },
  { value: 'sessions', label: 'Sessions' },
  { value: 'links', label: 'Linked accounts' },
  { value: 'limits', label: 'Limits' },
  { value: 'bets', label: 'Bets' },
  { value: 'ledger', label: 'Ledger' },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

const SESSION_COLUMNS: readonly HistoryColumn<PlayerSessions[number]>[] = [
  { label: 'Device', cell: (r) => r.device },
  { label: 'Address', cell: (r) => r.address },
  { label: 'Signed in', cell: (r) => formatDateTime(r.created_at) },
  { label: 'Last seen', cell: (r) => formatDateTime(r.last_seen_at) },
];

const LINK_COLUMNS: readonly HistoryColumn<PlayerLinks['links'][number]>[] = [
  { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.id}`}>{r.name}</Link> },
  { label: 'Shares', cell: (r) => r.kinds.map((k) => MARK_LABELS[k]).join(', ') },
  { label: 'Since', cell: (r) => formatDateTime(r.since) },
];

function Links({ links }: { links: PlayerLinks }) {
  return (
    <>
      <p className="admin__notice" data-testid="risk-score">
        Risk score {links.score} of 100 · {links.cluster === 1 ? 'no linked account in its cluster' : `a cluster of ${links.cluster} accounts`}
      </p>
      <HistoryTable columns={LINK_COLUMNS} rows={links.links} empty="No account shares a mark with this one." testId="link-row" />
    </>
  );
}

const LIMIT_COLUMNS: readonly HistoryColumn<LimitState & { id: string }>[] = [
  { label: 'Limit', cell: (r) => `${r.kind} per ${r.period}` },
  { label: 'Amount', cell: (r) => (r.amount === null ? 'none' : formatCoins(r.amount)) },
  { label: 'Used', cell: (r) => formatCoins(r.used) },
  { label: 'Pending', cell: (r) => (r.pending ? `${r.pending.amount === null ? 'removal' : formatCoins(r.pending.amount)} from ${formatDateTime(r.pending.applies_at)}` : '—') },
];

function PagedList<T extends { id: string | number }>({ route, playerId, columns, testId }: { route: typeof adminPlayerBets | typeof adminPlayerLedger; playerId: number; columns: readonly HistoryColumn<T>[]; testId: string }) {
  const [page, setPage] = useState(1);
  // The rows are T, the route's (the page names which list it shows).
  const list = useAdminData(route as typeof adminPlayerBets, { params: { id: playerId }, query: { page } }) as unknown as { data: Paged<T> | null; error: string | null; loading: boolean; reload: () => void };
  return <AdminList list={list} columns={columns} empty="Nothing yet." testId={testId} onPage={setPage} />;
}

function Profile({ player, reload }: { player: PlayerProfile; reload: () => void }) {
  const facts: [string, ReactNode][] = [
    ['Email', `${player.email}${player.email_verified ? '' : ' (not verified)'}`],
    ['Balance', <Coins key="b" value={player.balance} />],
    ['Wagered', formatCoins(player.wagered)],
    ['Joined', formatDateTime(player.created_at)],
    ['Two-factor sign-in', player.two_factor ? 'On' : 'Off'],
    ['Console role', player.staff_role ?? '—'],
    ['State', player.locked ? 'Locked' : 'Active'],
  ];
  const address = player.shipping_address;
  return (
    <>
      <dl className="admin__grid admin-facts" data-testid="player-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Shipping address</dt>
          <dd>{address ? [address.street_address, address.street_address_2, `${address.postal_code} ${address.city}`, address.country].filter(Boolean).join(', ') : '—'}</dd>
        </div>
      </dl>
      <AdjustForm playerId={player.id} onDone={reload} />
      <LockForm player={player} onDone={reload} />
      <p>
        <Link to={`/admin/support?user_id=${player.id}`}>Support tickets</Link> · <Link to={`/admin/audit?target_kind=player&target_id=${player.id}`}>Changes in the audit log</Link>
      </p>
    </>
  );
}

export default function PlayerPage() {
  const id = Number(useAdminParams().id);
  const [section, setSection] = useState<Section>('profile');
  const { data: player, error, reload } = useAdminData(adminPlayer, { params: { id: id } });
  const sessions = useAdminData(section === 'sessions' ? adminPlayerSessions : null, { params: { id } });
  const links = useAdminData(section === 'links' ? adminPlayerLinks : null, { params: { id } });
  if (error)
    return (
      <p className="admin__error" role="alert">
        {error}
      </p>
    );
  if (!player) return <p aria-busy="true">Loading…</p>;
  const exclusion = player.responsible.exclusion;
  return (
    <section className="admin__section admin-detail">
      <h1>
        {player.name} <span className="admin__role">#{player.id}</span>
      </h1>
      {exclusion && (
        <p className="admin__notice" role="note" data-testid="player-exclusion">
          {exclusion.kind === 'self_exclusion' ? 'Self-excluded' : 'On a cool-off'} {exclusion.until ? `until ${formatDateTime(exclusion.until)}` : 'indefinitely'}: the player’s own choice, which the console cannot end.
        </p>
      )}
      <ChipGroup label="Sections" chips={SECTIONS} value={section} onChange={setSection} />
      {section === 'profile' && <Profile player={player} reload={reload} />}
      {section === 'sessions' && sessions.data && <HistoryTable columns={SESSION_COLUMNS} rows={sessions.data} empty="No live session." testId="session-row" />}
      {section === 'links' && links.data && <Links links={links.data.data} />}
      {section === 'limits' && (
        <HistoryTable
          columns={LIMIT_COLUMNS}
          rows={player.responsible.limits.filter((l) => l.amount !== null || l.pending).map((l) => ({ ...l, id: `${l.kind}-${l.period}` }))}
          empty="No limits set."
          testId="limit-row"
        />
      )}
      {section === 'bets' && <PagedList<BetHistoryRow> route={adminPlayerBets} playerId={id} columns={BET_COLUMNS} testId="bet-row" />}
      {section === 'ledger' && <PagedList<LedgerRow> route={adminPlayerLedger} playerId={id} columns={LEDGER_COLUMNS} testId="ledger-row" />}
    </section>
  );
}
