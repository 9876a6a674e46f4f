import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAdminData } from '../../features/admin/adminApi.ts';
import { useCan } from '../../features/admin/staffContext.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import type { Board } from '../../../core/protocol/adminReports.ts';
import './reports.css';
import { adminBoard } from '../../../core/protocol/routes/admin.ts';

// /admin, the console's first page: the live board (docs/operator-console.md, "Live board"), asked
// again every few seconds. Every figure is the server's; the page only lays them out.

/** How often the board asks again. */
export const BOARD_REFRESH_MS = 5_000;

type Round = Board['rounds'][number];
const ROUND_COLUMNS: readonly HistoryColumn<Round & { id: string }>[] = [
  { label: 'Game', cell: (r) => r.game },
  { label: 'Round', cell: (r) => (r.round === null ? '–' : `#${r.round}`) },
  { label: 'Status', cell: (r) => r.status ?? 'no round' },
  { label: 'Bets', cell: (r) => r.bets },
  { label: 'Stake', cell: (r) => formatCoins(r.stake) },
];

function Figure({ label, value, id }: { label: string; value: string | number; id: string }) {
  return (
    <div className="admin__panel admin__figure">
      <span className="admin__figure-label">{label}</span>
      <strong className="admin__figure-value" data-testid={`board-${id}`}>
        {value}
      </strong>
    </div>
  );
}

export default function BoardPage() {
  // A moderator's console is the chat's page: the board is an operator's.
  const operator = useCan('operator');
  const { data, error, reload } = useAdminData(operator ? adminBoard : null, {});
  useEffect(() => {
    if (!operator) return;
    const timer = setInterval(reload, BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, operator]);
  if (!operator) return <Navigate to="/admin/chat" replace />;
  const board = data?.data;
  return (
    <section className="admin__section">
      <h1>Live board</h1>
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      {board && (
        <>
          <p className="admin__notice">As of {formatDateTime(board.at)}, refreshed every {BOARD_REFRESH_MS / 1000} s.</p>
          <div className="admin__grid">
            <Figure id="players" label="Players online" value={board.players_online} />
            <Figure id="connections" label="Open sockets" value={board.connections} />
            <Figure id="bets" label="Bets in the last minute" value={board.bets_last_minute} />
            <Figure id="battles" label="Battles running" value={board.battles_running} />
            <Figure id="shipping" label="Deliveries to ship" value={board.queues.shipping} />
            <Figure id="withdrawals" label="Withdrawals pending" value={board.queues.withdrawals} />
            <Figure id="support" label="Open support tickets" value={board.queues.support} />
            <Figure id="mail" label="Mail queue" value={board.queues.mail_outbox ?? 'none (sent at once)'} />
          </div>
          <h2>Rounds in play</h2>
          <HistoryTable columns={ROUND_COLUMNS} rows={board.rounds.map((r) => ({ ...r, id: r.game }))} empty="No round games." testId="board-round" />
          <h2>Nodes</h2>
          <p className="admin__notice" data-testid="board-leader">
            Leader: {board.leader ?? 'none reported'}
          </p>
          <HistoryTable
            columns={[
              { label: 'Node', cell: (n) => n.id },
              { label: 'Leader', cell: (n) => (n.leader ? 'yes' : '') },
              { label: 'Players', cell: (n) => n.players },
              { label: 'Sockets', cell: (n) => n.connections },
              { label: 'Last heartbeat', cell: (n) => `${Math.max(0, Math.round((Date.parse(board.at) - Date.parse(n.seen_at)) / 1000))} s ago` },
            ]}
            rows={board.nodes}
            empty="No node reported in the last seconds."
            testId="board-node"
          />
        </>
      )}
    </section>
  );
}
