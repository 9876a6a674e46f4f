import { Coins } from '../../components/Coin.tsx';

// One item on the upgrade page (an input of the player's or a target), with how many times the
// stake it is worth when it is a target.

export interface UpgradeCatalogItem {
  id: number;
  name: string;
  price: number;
  rarity: string;
  img_url: string;
}

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
