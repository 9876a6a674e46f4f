import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { transparency } from '../../../core/protocol/routes/transparency.ts';
import { ChipGroup, type Chip } from '../../components/ChipGroup.tsx';
import { Coins } from '../../components/Coin.tsx';
import { HeadedTable } from '../../components/HeadedTable.tsx';
import { formatDateTime } from '../../format/format.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';
import type { TransparencyAnswer, TransparencyRow, TransparencyWindow } from '../../../core/protocol/transparency.ts';
import { BoxDropsSection } from './BoxDropsSection.tsx';
import '../../features/fair/fair.css';
import './transparency.css';

// /transparency (docs/transparency.md): per game, the return we publish and the return measured on
// every settled bet, over the last 24 hours, 7 days, 30 days and all time, with the confidence band
// a fair game's measured return stays within; a drift is flagged only outside it. Below, per box,
// each item's drops against its odds (BoxDropsSection).

const WINDOWS: Chip<TransparencyWindow>[] = [
  { value: '24h', label: '24 h' },
  { value: '7d', label: '7 d' },
  { value: '30d', label: '30 d' },
  { value: 'all', label: 'All' },
];

const LABELS = new Map<string, string>(GAME_IDS.map((id) => [GAMES[id].reportKey, GAMES[id].reportLabel]));
const labelOf = (key: TransparencyRow['game']) => LABELS.get(key) ?? key;
const HEADINGS = ['Game', 'Published', 'Measured', 'Bets', 'Staked', 'Paid', 'Drift'] as const;
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} %`);

function Verdict({ row }: { row: TransparencyRow }) {
  if (row.drift === null || row.drift_band === null) return <span className="transparency-ok">—</span>;
  const text = `${row.drift > 0 ? '+' : ''}${row.drift.toFixed(2)} pp (band ±${row.drift_band.toFixed(2)})`;
  return row.drift_flagged ? <span className="transparency-drift">Outside the band: {text}</span> : <span className="transparency-ok">Within the band: {text}</span>;
}

export default function TransparencyPage() {
  const [data, setData] = useState<TransparencyAnswer['data'] | null>(null);
  const [window, setWindow] = useState<TransparencyWindow>('24h');
  useEffect(() => {
    let live = true;
    call(transparency, {})
      .then((res) => live && setData(res.data))
      .catch((error: unknown) => console.warn('transparency failed', error));
    return () => {
      live = false;
    };
  }, []);
  const shown = data?.windows.find((w) => w.window === window);
  const rows = shown?.games ?? [];
  return (
    <div className="fair-page">
      <header className="fair-page__header">
        <h1>Transparency</h1>
        <div className="fair-intro">
          <p>
            Every game publishes its return to player. Here is what it actually paid: the measured return over every settled bet, next to the published one. Small samples swing widely, so each
            figure comes with a confidence band (three standard errors of the bets themselves); a fair game stays inside it, and we flag any game that leaves it on at least 100 bets.
          </p>
          <div className="transparency-links">
            <Link to="/provably-fair" className="fair-intro__link">How every outcome is provably fair</Link>
          </div>
        </div>
      </header>
      <section className="fair-panel" style={{ marginTop: 20 }} aria-busy={data === null}>
        <ChipGroup chips={WINDOWS} value={window} onChange={setWindow} label="Period" />
        {data === null ? (
          // The figures' place while they load (and what the build prerenders): a still bar, not a
          // spinner, whose endless turn kept the compositor drawing a frame at every vsync. No headings:
          // their columns take the widths of the rows that come.
          <p className="transparency-loading">
            <span className="visually-hidden">Loading the figures</span>
            <span className="transparency-bar" aria-hidden="true">
              {'\u00a0'.repeat(40)}
            </span>
          </p>
        ) : (
          <HeadedTable
            kind="transparency"
            label="Returns by game"
            headings={HEADINGS}
            testId="transparency-table"
            after={<p className="fair-muted fair-small" data-testid="transparency-computed">Computed {formatDateTime(data.computed_at)}; periods count whole UTC hours. Refreshed every 30 seconds.</p>}
          >
            {rows.length === 0 ? (
              <tr>
                <td colSpan={HEADINGS.length}>No settled bets in this period yet.</td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.game}>
                  <td>{labelOf(r.game)}</td>
                  <td>{percent(r.published_return)}</td>
                  <td>{percent(r.measured_return)}</td>
                  <td className="tabular">{r.bets.toLocaleString('en-US')}</td>
                  <td>
                    <Coins value={r.wagered} />
                  </td>
                  <td>
                    <Coins value={r.paid} />
                  </td>
                  <td>
                    <Verdict row={r} />
                  </td>
                </tr>
              ))
            )}
          </HeadedTable>
        )}
      </section>
      {shown && <BoxDropsSection boxes={shown.boxes} />}
    </div>
  );
}
