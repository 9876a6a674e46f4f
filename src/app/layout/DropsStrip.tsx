import { Suspense } from 'react';
import { preloadableLazy } from '../preloadableLazy.ts';
import { ASIDE_MIN_WIDTH, useDevice } from '../../stores/device.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The live drops row under the header where the side panel is not shown (below ASIDE_MIN_WIDTH): its
// code loads only there (the home's first load has no byte to spare: scripts/budgets.ts). The row is
// drawn at its full height before the code arrives, so nothing below it moves when the tiles come in
// (docs/performance.md, layout shift).
const DropsTicker = preloadableLazy(() => import('../../features/drops/DropsTicker.tsx'));

/** Loads the ticker's code where it will show (a prerendered page renders it in its first pass). */
export function preloadDropsStrip(): Promise<void> {
  return typeof window !== 'undefined' && window.innerWidth < ASIDE_MIN_WIDTH ? DropsTicker.preload() : Promise.resolve();
}

/** `cashback`: the folded cashback countdown shows as a button at the row's start that unfolds it. */
export function DropsStrip({ cashback }: { cashback: boolean }) {
  const narrow = useDevice((s) => s.width < ASIDE_MIN_WIDTH);
  return (
    <section className="drops-strip" aria-label={t('liveDrops')}>
      {narrow && (
        <Suspense fallback={null}>
          <DropsTicker cashback={cashback} />
        </Suspense>
      )}
    </section>
  );
}
