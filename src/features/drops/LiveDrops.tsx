import { isRarity, RARITY_COLOURS } from '../../../core/games/rarity.ts';
import { Coins } from '../../components/Coin.tsx';
import { useDropsFeed } from './dropsFeed.ts';
import './LiveDrops.css';

// The live feed in the side panel. The realtime bridge fills the store; this only draws it.
export function LiveDrops() {
  const entries = useDropsFeed((s) => s.entries);
  if (entries.length === 0) return <p className="live-drops__empty">Fresh wins from every box show up here live.</p>;
  return (
    <ol className="live-drops" aria-live="polite">
      {entries.map(({ key, drop }) => {
        const colour = isRarity(drop.item.rarity) ? RARITY_COLOURS[drop.item.rarity] : RARITY_COLOURS.common;
        return (
          <li key={key} className="live-drops__row" data-rarity={drop.item.rarity} style={{ '--rarity': colour } as React.CSSProperties}>
            <a className="live-drops__link" href={`/boxes/${encodeURIComponent(drop.box.slug)}`} title={drop.box.slug}>
              <img className="live-drops__item" src={drop.item.img_url} alt="" loading="lazy" width={48} height={48} />
              <img className="live-drops__box" src={drop.box.img_url} alt="" loading="lazy" width={24} height={24} />
              <Coins value={drop.item.price} className="live-drops__price" />
            </a>
          </li>
        );
      })}
    </ol>
  );
}

export default LiveDrops;
