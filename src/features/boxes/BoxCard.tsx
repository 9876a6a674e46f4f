import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Coins } from '../../components/Coin.tsx';
import { ApproxValue } from '../displayCurrency/ApproxValue.tsx';
import type { BoxKind, BoxSummary } from './boxesApi.ts';
import './boxes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);


/**
 * Where a box's page lives (docs/product.md §2 routes only): the shop's at /boxes/{slug}, custom
 * ones at /custom/{slug}, free loot at /standard/{slug} (the box page falls back to free loot
 * there). Here, in the home page's own chunk: the live drops (loaded later) link with it too, and
 * a module of its own would be one more chunk in every page's first load.
 */
export function boxPath(slug: string, kind: BoxKind = 'box'): string {
  if (kind === 'user') return `/custom/${slug}`;
  if (kind === 'free') return `/standard/${slug}`;
  return `/boxes/${slug}`;
}

/**
 * What a link to a box page tells the page: the box's kind when its address does not (free loot at
 * /standard/{slug}, where a shop box may stand too). The page asks that kind first, with no 404 from
 * the shop's box first; the history keeps it over a reload. src/pages/boxes/BoxPage.tsx reads it.
 */
export interface BoxLinkState {
  boxKind: BoxKind;
}

export function boxLinkState(kind: BoxKind): BoxLinkState | undefined {
  return kind === 'free' ? { boxKind: kind } : undefined;
}

/** `shut`: it cannot be opened now (a locked or used free box): shown dimmed, its note says why. */
export function BoxCard({ box, kind = 'box', note, shut = false }: { box: BoxSummary; kind?: BoxKind; note?: ReactNode; shut?: boolean }) {
  return (
    <Link to={boxPath(box.slug, kind)} state={boxLinkState(kind)} className={`box-card${shut ? ' box-card--shut' : ''}`} data-box={box.slug}>
      {box.type === 'unique' && <span className="box-card__badge">{t('uniqueBadge')}</span>}
      <img className="box-card__img" src={box.img_url} alt="" loading="lazy" width={160} height={160} />
      <span className="box-card__name">{box.name}</span>
      {note ? (
        <span className="box-card__note">{note}</span>
      ) : (
        <>
          <Coins value={box.price} className="box-card__price" />
          <ApproxValue coins={box.price} />
        </>
      )}
      {box.creator && <span className="box-card__creator">{t('byCreator', { name: box.creator.name })}</span>}
    </Link>
  );
}
