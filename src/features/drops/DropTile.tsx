import type { DropGame } from '../../../core/games/catalog.ts';
import { GAME_BASICS } from '../../../core/games/gameBasics.ts';
import { isRarity, RARITY_COLOURS } from '../../../core/games/rarity.ts';
import type { Drop } from '../../../core/protocol/realtime.ts';
import { Coins } from '../../components/Coin.tsx';
import { formatCoins } from '../../format/format.ts';
import { boxPath } from '../boxes/BoxCard.tsx';
import { useDropsFeed } from './dropsFeed.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

type Key = keyof typeof messages;

/**
 * Each game's words for its drops, in the page's language (core's `liveDrop` words, translated): the
 * screen readers' whole sentence, the side panel's "where" (null: the box's name alone) and the
 * phones' tile (null: none).
 */
const GAME_WORDS: Record<DropGame, { won: Key; source: Key | null; tile: Key | null }> = {
  box: { won: 'wonFromBox', source: null, tile: null },
  battle: { won: 'wonInBattle', source: 'sourceBattle', tile: 'tileBattle' },
  upgrade: { won: 'wonInUpgrade', source: 'sourceUpgrade', tile: 'tileUpgrade' },
};

// One drop as the side panel's feed (LiveDrops) and the phones' row (DropsTicker) both draw it: a
// tile on its rarity's colour that links to where it was won (a box's own page by its kind: /boxes,
// /standard or /custom; the battles lobby; the upgrade), named in full for screen readers. The side
// panel's row says who won what and where (the box's name, "Battle · {box}" or "Upgrade"); the phones'
// compact tile shows the item's picture, its value and, for a battle or an upgrade, the game's short
// name. The game's link is its `dropPath` in the catalog's light part (core/games/gameBasics.ts: the
// feed is on every page, and the whole catalog would bring every game's rules to it), its words
// GAME_WORDS's below. Each look's styles stay with its component (LiveDrops.css, DropsTicker.css), under the block named here.

type Look = 'row' | 'compact';

const BLOCK = { row: 'live-drops', compact: 'drops-ticker' } as const satisfies Record<Look, string>;

/** The feed's drops, newest first, each a DropTile; before the first drop, a line saying what will come. */
export function DropList({ look }: { look: Look }) {
  const entries = useDropsFeed((s) => s.entries);
  const block = BLOCK[look];
  if (entries.length === 0) return <p className={`${block}__empty`}>{t('empty')}</p>;
  return (
    <ol className={look === 'row' ? block : `${block}__list`}>
      {entries.map(({ key, drop }) => (
        <DropTile key={key} drop={drop} look={look} />
      ))}
    </ol>
  );
}

export function DropTile({ drop, look }: { drop: Drop; look: Look }) {
  const block = BLOCK[look];
  const rarity = isRarity(drop.item.rarity) ? RARITY_COLOURS[drop.item.rarity] : RARITY_COLOURS.common;
  const path = GAME_BASICS[drop.game].dropPath;
  const words = GAME_WORDS[drop.game];
  return (
    <li className={look === 'row' ? `${block}__row` : `${block}__tile`} data-rarity={drop.item.rarity} data-game={drop.game} style={{ '--rarity': rarity } as React.CSSProperties}>
      <a
        className={`${block}__link`}
        href={path ?? boxPath(drop.box.slug, drop.box.kind)}
        aria-label={t(words.won, { player: drop.user_name, item: drop.item.name, value: formatCoins(drop.item.price), box: drop.box.name })}
      >
        {look === 'row' ? (
          <>
            <img className={`${block}__item`} src={drop.item.img_url} alt="" loading="lazy" width={48} height={48} />
            <span className="live-drops__what">
              <span className="live-drops__name">{drop.item.name}</span>
              <span className="live-drops__who">
                {drop.user_name} · {words.source ? t(words.source, { box: drop.box.name }) : drop.box.name}
              </span>
            </span>
            <Coins value={drop.item.price} className="live-drops__price" />
          </>
        ) : (
          <>
            <img className={`${block}__item`} src={drop.item.img_url} alt="" width={32} height={32} />
            <span className="drops-ticker__price amount">{formatCoins(drop.item.price)}</span>
            {words.tile && <span className="drops-ticker__game">{t(words.tile)}</span>}
          </>
        )}
      </a>
    </li>
  );
}
