import { Suspense, type ComponentType } from 'react';
import { Radio } from 'lucide-react';
import { preloadableLazy } from '../preloadableLazy.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The realtime engineer's feed, if it exists in this build: a glob finds the file at build time, so
// the shell builds and runs with or without it.
const feedModules = import.meta.glob<{ LiveDrops?: ComponentType; default?: ComponentType }>('../../features/drops/LiveDrops.tsx');
const feedLoader = Object.values(feedModules)[0];
const LiveDrops = feedLoader
  ? preloadableLazy(async () => {
      const mod = await feedLoader();
      const Component = mod.LiveDrops ?? mod.default;
      return { default: Component ?? LiveDropsPlaceholder };
    })
  : null;

/** Loads the feed's code (a prerendered page renders it in its first pass, src/app/routes.tsx). */
export function preloadAside(): Promise<void> {
  return LiveDrops ? LiveDrops.preload() : Promise.resolve();
}

function LiveDropsPlaceholder() {
  return (
    <div className="live-drops-placeholder">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="live-drops-placeholder__row" style={{ animationDelay: `${i * 150}ms` }} />
      ))}
      <p>{t('liveDropsEmpty')}</p>
    </div>
  );
}

/** The right-hand side panel: live drops (and the cashback banner on large screens, passed in). */
export function Aside({ children }: { children?: React.ReactNode }) {
  return (
    <aside className="aside" aria-label={t('liveDrops')}>
      {children}
      <section className="panel aside__panel">
        <h2 className="aside__title">
          <Radio size={16} aria-hidden className="aside__live-dot" /> {t('liveDrops')}
        </h2>
        <div data-slot="live-drops">
          {LiveDrops ? (
            <Suspense fallback={<LiveDropsPlaceholder />}>
              <LiveDrops />
            </Suspense>
          ) : (
            <LiveDropsPlaceholder />
          )}
        </div>
      </section>
    </aside>
  );
}
