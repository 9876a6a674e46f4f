import type { BoxDrops, BoxDropRow } from '../../../core/protocol/transparency.ts';
import { formatNumber } from '../../format/format.ts';
import { HeadedTable } from '../../components/HeadedTable.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /transparency, per box (docs/transparency.md, "Per box"): each opened box's odds table, and for
// every item how often it dropped against how often its odds say it should have (openings × odds),
// with the band a fair draw stays in. A box leaves it only if some item does, on at least 100 openings.

const HEADINGS = ['columnItem', 'columnOdds', 'columnExpected', 'columnDropped', 'columnDrift'] as const satisfies readonly (keyof typeof messages)[];

const count = (value: number) => formatNumber(value);
const odds = (value: number) => `${formatNumber(value, 3)} %`;

function ItemVerdict({ item }: { item: BoxDropRow }) {
  const text = t('dropDrift', { drift: `${item.drift > 0 ? '+' : ''}${count(item.drift)}`, band: count(item.band) });
  return item.flagged ? <span className="transparency-drift">{t('outsideBand', { drift: text })}</span> : <span className="transparency-ok">{text}</span>;
}

function BoxTable({ box }: { box: BoxDrops }) {
  return (
    <details className="transparency-box" data-testid="transparency-box" open={box.flagged}>
      <summary>
        <span className="transparency-box__name">{box.name}</span>
        <span className="fair-muted">{t('openings', { count: box.openings })}</span>
        {box.flagged ? <span className="transparency-drift">{t('boxOutsideBands')}</span> : <span className="transparency-ok">{t('boxWithinBands')}</span>}
      </summary>
      <HeadedTable kind="transparency" label={t('itemDrops')} headings={HEADINGS.map((h) => t(h))}>
        {box.items.map((item) => (
          <tr key={item.item_id}>
            <td>{item.name}</td>
            <td className="tabular">{odds(item.odds)}</td>
            <td className="tabular">{count(item.expected)}</td>
            <td className="tabular">{formatNumber(item.drops)}</td>
            <td>
              <ItemVerdict item={item} />
            </td>
          </tr>
        ))}
      </HeadedTable>
    </details>
  );
}

export function BoxDropsSection({ boxes }: { boxes: readonly BoxDrops[] }) {
  return (
    <section className="fair-panel" style={{ marginTop: 20 }} data-testid="transparency-boxes">
      <h2>{t('boxesTitle')}</h2>
      <p className="fair-muted fair-small">{t('boxesIntro')}</p>
      {boxes.length === 0 ? <p>{t('noBoxOpened')}</p> : boxes.map((box) => <BoxTable key={box.box_id} box={box} />)}
    </section>
  );
}
