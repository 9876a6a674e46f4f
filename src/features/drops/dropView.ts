import { isRarity, RARITY_COLOURS } from '../../../core/games/rarity.ts';
import type { Drop } from '../../../core/protocol/realtime.ts';
import { formatCoins } from '../../format/format.ts';
import { boxPath } from '../boxes/BoxCard.tsx';

/**
 * What every drop's link shows in the side panel and the phone row alike: its rarity's colour, the box
 * page it links to (/boxes, /standard or /custom by its kind), and its name in full for screen readers.
 */
export function dropView(drop: Drop) {
  return {
    style: { '--rarity': isRarity(drop.item.rarity) ? RARITY_COLOURS[drop.item.rarity] : RARITY_COLOURS.common } as React.CSSProperties,
    href: boxPath(drop.box.slug, drop.box.kind),
    label: `${drop.user_name} won ${drop.item.name} worth ${formatCoins(drop.item.price)} from ${drop.box.name}`,
  };
}
