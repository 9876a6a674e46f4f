import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { transparency } from '../../../core/protocol/routes/transparency.ts';
import { ChipGroup, type Chip } from '../../components/ChipGroup.tsx';
import { Coins } from '../../components/Coin.tsx';
import { HeadedTable } from '../../components/HeadedTable.tsx';
import { formatDateTime, formatNumber } from '../../format/format.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';
import type { TransparencyAnswer, TransparencyRow, TransparencyWindow } from '../../../core/protocol/transparency.ts';
import { BoxDropsSection } from './BoxDropsSection.tsx';
import '../../features/fair/fair.css';
import './transparency.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /transparency (docs/transparency.md): per game, the return we publish and the return measured on
// every settled bet, over the last 24 hours, 7 days, 30 days and all time, with the confidence band
// a fair game's measured return stays within; a drift is flagged only outside it. Below, per box,
// each item's drops against its odds (BoxDropsSection).

const WINDOWS: { value: TransparencyWindow; label: keyof typeof messages }[] = [
  { value: '24h', label: 'window24h' },
  { value: '7d', label: 'window7d' },
  { value: '30d', label: 'window30d' },
  { value: 'all', label: 'windowAll' },
];

const LABELS = new Map<string, string>(GAME_IDS.map((id) => [GAMES[id].reportKey, GAMES[id].reportLabel]));
const labelOf = (key: TransparencyRow['game']) => LABELS.get(key) ?? key;
const HEADINGS = ['columnGame', 'columnPublished', 'columnMeasured', 'columnBets', 'columnStaked', 'columnPaid', 'columnDrift'] as const satisfies readonly (keyof typeof messages)[];
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} %`);

function Verdict({ row }: { row: TransparencyRow }) {
  if (row.drift === null || row.drift_band === null) return <span className="transparency-ok">—</span>;
  const drift = t('returnDrift', { drift: `${row.drift > 0 ? '+' : ''}${row.drift.toFixed(2)}`, band: row.drift_band.toFixed(2) });
  return row.drift_flagged ? <span className="transparency-drift">{t('outsideBand', { drift })}</span> : <span className="transparency-ok">{t('withinBand', { drift })}</span>;
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
  const chips: Chip<TransparencyWindow>[] = WINDOWS.map((w) => ({ value: w.value, label: t(w.label) }));
  return (
    <div className="fair-page">
      <header className="fair-page__header">
        <h1>{t('transparency')}</h1>
        <div className="fair-intro">
          <p>{t('intro')}</p>
          <div className="transparency-links">
            <Link to="/provably-fair" className="fair-intro__link">
              {t('provablyFairLink')}
            </Link>
          </div>
        </div>
      </header>
      <section className="fair-panel" style={{ marginTop: 20 }} aria-busy={data === null}>
        <ChipGroup chips={chips} value={window} onChange={setWindow} label={t('period')} />
        {data === null ? (
          // The figures' place while they load (and what the build prerenders): a still bar, not a
          // spinner, whose endless turn kept the compositor drawing a frame at every vsync. No headings:
          // their columns take the widths of the rows that come.
          <p className="transparency-loading">
            <span className="visually-hidden">{t('loadingFigures')}</span>
            <span className="transparency-bar" aria-hidden="true">
              {'\u00a0'.repeat(40)}
            </span>
          </p>
        ) : (
          <HeadedTable
            kind="transparency"
            label={t('returnsByGame')}
            headings={HEADINGS.map((h) => t(h))}
            testId="transparency-table"
            after={
              <p className="fair-muted fair-small" data-testid="transparency-computed">
                {t('computed', { time: formatDateTime(data.computed_at) })}
              </p>
            }
          >
            {rows.length === 0 ? (
              <tr>
                <td colSpan={HEADINGS.length}>{t('noSettledBets')}</td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.game}>
                  <td>{labelOf(r.game)}</td>
                  <td>{percent(r.published_return)}</td>
                  <td>{percent(r.measured_return)}</td>
                  <td className="tabular">{formatNumber(r.bets)}</td>
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
