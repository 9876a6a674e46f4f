import { Link } from 'react-router';
import { TextInput } from '../../components/TextInput.tsx';
import { ChipGroup, chipsOf } from '../../components/ChipGroup.tsx';
import { Coins } from '../../components/Coin.tsx';
import { useAdminData } from '../../features/admin/adminApi.ts';
import { AdminList } from '../../features/admin/AdminList.tsx';
import { useUrlFilters } from '../../app/useUrlFilters.ts';
import type { HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatDateTime } from '../../format/format.ts';
import { PLAYER_SEARCH_FIELDS, type PlayerSearchField, type PlayerSummary } from '../../../core/protocol/adminPlayers.ts';
import { adminPlayers } from '../../../core/protocol/routes/admin.ts';

// /admin/players: find a player by name, email, id or address (a sign-in address from its start, or
// a part of the shipping address); the search and its field are in the URL.

const FIELD_LABELS: Record<PlayerSearchField, string> = { any: 'Any', name: 'Name', email: 'Email', id: 'Id', address: 'Address' };

const COLUMNS: readonly HistoryColumn<PlayerSummary>[] = [
  { label: 'Id', cell: (r) => r.id },
  { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.id}`}>{`${r.name} <${r.email}>`}</Link> },
  { label: 'Balance', cell: (r) => <Coins value={r.balance} /> },
  { label: 'Joined', cell: (r) => formatDateTime(r.created_at) },
  { label: 'State', cell: (r) => (r.locked ? 'Locked' : 'Active') },
];

export default function PlayersPage() {
  const { values, page, set } = useUrlFilters(['q', 'by'] as const);
  const by = (PLAYER_SEARCH_FIELDS as readonly string[]).includes(values.by) ? (values.by as PlayerSearchField) : 'any';
  const list = useAdminData(adminPlayers, { query: { q: values.q, by, page } });
  return (
    <section className="admin__section">
      <h1>Players</h1>
      <div className="admin__toolbar">
        <TextInput
          small
          label="Search"
          type="search"
          defaultValue={values.q}
          onBlur={(e) => set('q', e.currentTarget.value.trim())}
          onKeyDown={(e) => e.key === 'Enter' && set('q', e.currentTarget.value.trim())}
        />
        <ChipGroup label="Search in" chips={chipsOf(PLAYER_SEARCH_FIELDS, FIELD_LABELS)} value={by} onChange={(v) => set('by', v === 'any' ? '' : v)} />
      </div>
      <AdminList list={list} columns={COLUMNS} empty="No player matches." testId="player-row" onPage={(n) => set('page', String(n))} />
    </section>
  );
}
