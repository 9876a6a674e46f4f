import { Radio, Timer } from 'lucide-react';
import { useCashbackStrip } from '../../app/layout/cashbackStrip.ts';
import { useCashback } from '../rewards/cashbackStore.ts';
import { DropList } from './DropTile.tsx';
import './DropsTicker.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

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
        <button type="button" className="drops-strip__cashback" aria-label={t('showCashback')} onClick={() => setFolded(false)}>
          <Timer size={18} aria-hidden />
        </button>
      )}
      <span className="drops-strip__live" aria-hidden>
        <Radio size={14} />
      </span>
      <div className="drops-strip__scroll" data-testid="drops-ticker">
        <DropList look="compact" />
      </div>
    </>
  );
}

export default DropsTicker;
