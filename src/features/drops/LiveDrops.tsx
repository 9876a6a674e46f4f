import { Coins } from '../../components/Coin.tsx';
import { dropView } from './dropView.ts';
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
        const view = dropView(drop);
        return (
          <li key={key} className="live-drops__row" data-rarity={drop.item.rarity} style={view.style}>
            <a
              className="live-drops__link"
              href={view.href}
              aria-label={view.label}
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
