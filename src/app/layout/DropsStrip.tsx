import { Suspense } from 'react';
import { Radio, Timer } from 'lucide-react';
import { preloadableLazy } from '../preloadableLazy.ts';
import { ASIDE_MIN_WIDTH, useDevice } from '../../stores/device.ts';
import { useCashbackStrip } from './cashbackStrip.ts';
import { useCashback } from '../../features/rewards/cashbackStore.ts';

// The live drops row under the header where the side panel is not shown (below ASIDE_MIN_WIDTH): the
// ticker's code loads only there. Its row is drawn at its full height before the code arrives, so
// nothing below it moves when the tiles come in (docs/performance.md, layout shift).
const DropsTicker = preloadableLazy(() => import('../../features/drops/DropsTicker.tsx'));

/** Loads the ticker's code where it will show (a prerendered page renders it in its first pass). */
export function preloadDropsStrip(): Promise<void> {
  return typeof window !== 'undefined' && window.innerWidth < ASIDE_MIN_WIDTH ? DropsTicker.preload() : Promise.resolve();
}

/** `cashback`: the folded cashback countdown shows as a button at the row's start that unfolds it. */
export function DropsStrip({ cashback }: { cashback: boolean }) {
  const narrow = useDevice((s) => s.width < ASIDE_MIN_WIDTH);
  const setFolded = useCashbackStrip((s) => s.setFolded);
  const cashbackHidden = useCashback((s) => s.state?.hidden ?? false);
  return (
    <section className="drops-strip" aria-label="Live drops">
      {cashback && !cashbackHidden && (
        <button type="button" className="drops-strip__cashback" aria-label="Show the cashback countdown" onClick={() => setFolded(false)}>
          <Timer size={18} aria-hidden />
        </button>
      )}
      <span className="drops-strip__live" aria-hidden>
        <Radio size={14} />
      </span>
      <div className="drops-strip__scroll" data-testid="drops-ticker">
        {narrow && (
          <Suspense fallback={null}>
            <DropsTicker />
          </Suspense>
        )}
      </div>
    </section>
  );
}
