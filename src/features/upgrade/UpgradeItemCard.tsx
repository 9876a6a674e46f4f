import { Coins } from '../../components/Coin.tsx';
import type { UpgradeTarget } from '../../../core/protocol/games.ts';

// One item on the upgrade page (an input of the player's or a target), with how many times the
// stake it is worth when it is a target.

/** What a card draws: the fields an upgrade target and an owned item's item have in common. */
export type UpgradeCatalogItem = Pick<UpgradeTarget, 'id' | 'name' | 'price' | 'rarity' | 'img_url'>;

export function UpgradeItemCard({ item, selected, onClick, testId, stakeCents = 0 }: { item: UpgradeCatalogItem; selected: boolean; onClick(): void; testId: string; stakeCents?: number }) {
  return (
    <button type="button" className={`upgrade-card rarity-${item.rarity}`} aria-pressed={selected} onClick={onClick} data-testid={testId}>
      <img src={item.img_url} alt="" width={64} height={64} loading="lazy" decoding="async" />
      <span className="upgrade-card__name">{item.name}</span>
      <Coins value={item.price} />
      {stakeCents > 0 && <span className="upgrade-card__times">×{((item.price * 100) / stakeCents).toFixed(2)}</span>}
    </button>
  );
}
