import { isRarity, RARITY_COLOURS } from '../../../core/games/rarity.ts';
import { Coins } from '../../components/Coin.tsx';
import { formatCoins } from '../../format/format.ts';
import { boxPath } from '../boxes/BoxCard.tsx';
import { useDropsFeed } from './dropsFeed.ts';
import './LiveDrops.css';

// The live feed in the side panel. The realtime bridge fills the store; this only draws it. Each
// drop says who won what, its value and from which box, and links to that box's page (/boxes,
// /standard or /custom by its kind). The list is not a live region: a drop arrives every few
// seconds on every page, and reading each aloud would talk over whatever the player is doing; a
// screen reader finds the list under its heading, each link named in full.
export function LiveDrops() {
  const entries = useDropsFeed((s) => s.entries);
  if (entries.length === 0) return <p className="live-drops__empty">Fresh wins from every box show up here live.</p>;
  return (
    <ol className="live-drops">
      {entries.map(({ key, drop }) => {
        const colour = isRarity(drop.item.rarity) ? RARITY_COLOURS[drop.item.rarity] : RARITY_COLOURS.common;
        return (
          <li key={key} className="live-drops__row" data-rarity={drop.item.rarity} style={{ '--rarity': colour } as React.CSSProperties}>
            <a
              className="live-drops__link"
              href={boxPath(drop.box.slug, drop.box.kind)}
              aria-label={`${drop.user_name} won ${drop.item.name} worth ${formatCoins(drop.item.price)} from ${drop.box.name}`}
            >
              <img className="live-drops__item" src={drop.item.img_url} alt="" loading="lazy" width={48} height={48} />
              <span className="live-drops__what">
                <span className="live-drops__name">{drop.item.name}</span>
                <span className="live-drops__who">
                  {drop.user_name} · {drop.box.name}
                </span>
              </span>
              <Coins value={drop.item.price} className="live-drops__price" />
            </a>
          </li>
        );
      })}
    </ol>
  );
}

export default LiveDrops;
