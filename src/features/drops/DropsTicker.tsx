import { Radio, Timer } from 'lucide-react';
import { formatCoins } from '../../format/format.ts';
import { useCashbackStrip } from '../../app/layout/cashbackStrip.ts';
import { useCashback } from '../rewards/cashbackStore.ts';
import { dropView } from './dropView.ts';
import { useDropsFeed } from './dropsFeed.ts';
import './DropsTicker.css';

// The live drops under the header wherever the side panel is not shown (phones and tablets), as
// CSGORoll and HypeDrop do: one row of compact tiles (the item's picture on its rarity's glow and its
// value), newest on the left, scrolled sideways by the thumb. The same store as the side panel's
// feed fills it, so both show the same drops at the same moment. It does not scroll by itself: a
// page at rest draws nothing (docs/performance.md), and a new drop slides in at the left edge.
// `cashback`: the folded cashback countdown, as a button at the row's start that unfolds it.
export function DropsTicker({ cashback }: { cashback: boolean }) {
  const setFolded = useCashbackStrip((s) => s.setFolded);
  const cashbackHidden = useCashback((s) => s.state?.hidden ?? false);
  return (
    <>
      {cashback && !cashbackHidden && (
        <button type="button" className="drops-strip__cashback" aria-label="Show the cashback countdown" onClick={() => setFolded(false)}>
          <Timer size={18} aria-hidden />
        </button>
      )}
      <span className="drops-strip__live" aria-hidden>
        <Radio size={14} />
      </span>
      <div className="drops-strip__scroll" data-testid="drops-ticker">
        <Tiles />
      </div>
    </>
  );
}

function Tiles() {
  const entries = useDropsFeed((s) => s.entries);
  if (entries.length === 0) return <p className="drops-ticker__empty">Fresh wins from every box show up here live.</p>;
  return (
    <ol className="drops-ticker__list">
      {entries.map(({ key, drop }) => {
        const view = dropView(drop);
        return (
          <li key={key} className="drops-ticker__tile" data-rarity={drop.item.rarity} style={view.style}>
            <a
              className="drops-ticker__link"
              href={view.href}
              aria-label={view.label}
            >
              <img className="drops-ticker__item" src={drop.item.img_url} alt="" width={32} height={32} />
              <span className="drops-ticker__price amount">{formatCoins(drop.item.price)}</span>
            </a>
          </li>
        );
      })}
    </ol>
  );
}

export default DropsTicker;
