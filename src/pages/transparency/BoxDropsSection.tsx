import type { BoxDrops, BoxDropRow } from '../../../core/protocol/transparency.ts';
import { formatNumber } from '../../format/format.ts';
import { HeadedTable } from '../../components/HeadedTable.tsx';

// /transparency, per box (docs/transparency.md, "Per box"): each opened box's odds table, and for
// every item how often it dropped against how often its odds say it should have (openings × odds),
// with the band a fair draw stays in. A box leaves it only if some item does, on at least 100 openings.

const HEADINGS = ['Item', 'Odds', 'Expected', 'Dropped', 'Drift'] as const;

const count = (value: number) => formatNumber(value);
const odds = (value: number) => `${formatNumber(value, 3)} %`;

function ItemVerdict({ item }: { item: BoxDropRow }) {
  const text = `${item.drift > 0 ? '+' : ''}${count(item.drift)} (band ±${count(item.band)})`;
  return item.flagged ? <span className="transparency-drift">Outside the band: {text}</span> : <span className="transparency-ok">{text}</span>;
}

function BoxTable({ box }: { box: BoxDrops }) {
  return (
    <details className="transparency-box" data-testid="transparency-box" open={box.flagged}>
      <summary>
        <span className="transparency-box__name">{box.name}</span>
        <span className="fair-muted">{box.openings.toLocaleString('en-US')} openings</span>
        {box.flagged ? <span className="transparency-drift">Drift outside the band</span> : <span className="transparency-ok">Within the bands</span>}
      </summary>
      <HeadedTable kind="transparency" label="Item drops" headings={HEADINGS}>
        {box.items.map((item) => (
          <tr key={item.item_id}>
            <td>{item.name}</td>
            <td className="tabular">{odds(item.odds)}</td>
            <td className="tabular">{count(item.expected)}</td>
            <td className="tabular">{item.drops.toLocaleString('en-US')}</td>
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
      <h2>Boxes: every item's drops against its odds</h2>
      <p className="fair-muted fair-small">
        Each box's published odds, and how often each item dropped in this period against the count its odds give (openings × odds). A fair box stays within three standard deviations of each
        count; we flag an item outside it on at least 100 openings.
      </p>
      {boxes.length === 0 ? <p>No box opened in this period yet.</p> : boxes.map((box) => <BoxTable key={box.box_id} box={box} />)}
    </section>
  );
}
