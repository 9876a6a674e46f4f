import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import logo from '../../../assets/brand/logo.svg';
import box from '../../../assets/brand/loading/box.svg?no-inline';
import coin from '../../../assets/brand/loading/coin.svg?no-inline';
import gem from '../../../assets/brand/loading/gem.svg?no-inline';
import dice from '../../../assets/brand/loading/dice.svg?no-inline';
import rocket from '../../../assets/brand/loading/rocket.svg?no-inline';
import { PRERENDERED_ATTRIBUTE, prerendered } from '../prerendered.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Files of their own (`?no-inline`): a prerendered page never shows the overlay, so the first load's
// script does not carry them.
const IMAGES = [box, coin, gem, dice, rocket];
const FADE_MS = 250;

/**
 * Whether the layout's first page has loaded: one store per layout, set where the page loads and read
 * by the overlay alone, so that the layout (and the whole shell under it) does not render again when
 * it turns true.
 */
export type FirstPageStore = StoreApi<boolean>;

export function createFirstPageStore(): FirstPageStore {
  return createStore<boolean>(() => false);
}

/**
 * The full-screen loading overlay (docs/product.md §2): logo, five animated images, 'Loading...'. It stays until
 * the first page is done (`firstPage`), then fades out, unmounts, and lifts the scroll lock index.html puts on <body>. A prerendered page
 * (/, /boxes, the game pages; scripts/prerender.ts) already shows its own loading state: no overlay over it, and
 * the first page only lifts the root's prerendered mark (the page is React's from then on).
 */
export function LoadingOverlay({ firstPage }: { firstPage: FirstPageStore }) {
  const done = useStore(firstPage);
  const [gone, setGone] = useState(prerendered);
  useEffect(() => {
    if (!done) return;
    document.body.style.removeProperty('overflow');
    document.getElementById('root')?.removeAttribute(PRERENDERED_ATTRIBUTE);
    const id = setTimeout(() => setGone(true), FADE_MS);
    return () => clearTimeout(id);
  }, [done]);
  if (gone) return null;
  return (
    <div className={`loading-overlay${done ? ' loading-overlay--done' : ''}`} data-testid="loading-overlay" aria-live="polite">
      <img className="loading-overlay__logo" src={logo} alt="" width={72} height={72} />
      <div className="loading-overlay__images" aria-hidden>
        {IMAGES.map((src, i) => (
          <img key={src} src={src} alt="" width={44} height={44} style={{ animationDelay: `${i * 120}ms` }} />
        ))}
      </div>
      <p className="loading-overlay__text">{t('loading')}</p>
    </div>
  );
}
