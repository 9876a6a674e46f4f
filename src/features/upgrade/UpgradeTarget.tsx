import { Coins } from '../../components/Coin.tsx';
import type { UpgradeCatalogItem } from './UpgradeItemCard.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The target beside the dial (docs/games.md "Upgrade result"): the item the player plays for,
// pictured in the game area, not only in the picker below. After a play it says what happened
// to it (won into the inventory, or missed) until the player changes the stake or the target.

export type TargetVerdict = 'win' | 'miss' | null;

/** `onChoose` (phones): the card is the button that opens the target sheet. */
export function UpgradeTarget({ item, stakeCents, verdict, onChoose }: { item: UpgradeCatalogItem | null; stakeCents: number; verdict: TargetVerdict; onChoose?: () => void }) {
  const card = <TargetCard item={item} stakeCents={stakeCents} verdict={verdict} sheet={Boolean(onChoose)} />;
  if (!onChoose) return card;
  return (
    <button type="button" className="upgrade-target-button" onClick={onChoose} aria-label={item ? t('changeTarget', { name: item.name }) : t('chooseTarget')}>
      {card}
    </button>
  );
}

function TargetCard({ item, stakeCents, verdict, sheet }: { item: UpgradeCatalogItem | null; stakeCents: number; verdict: TargetVerdict; sheet: boolean }) {
  if (!item) {
    return (
      <div className="upgrade-target upgrade-target--empty" data-testid="upgrade-target">
        <span>{t(sheet ? 'tapToChoose' : 'chooseBelow')}</span>
      </div>
    );
  }
  return (
    <div className={`upgrade-target rarity-${item.rarity}${verdict ? ` upgrade-target--${verdict}` : ''}`} data-testid="upgrade-target">
      <span className="upgrade-target__label">{t(verdict === 'win' ? 'won' : 'target')}</span>
      <img src={item.img_url} alt="" width={96} height={96} decoding="async" />
      <span className="upgrade-target__name">{item.name}</span>
      <Coins value={item.price} />
      {stakeCents > 0 && <span className="upgrade-card__times">×{((item.price * 100) / stakeCents).toFixed(2)}</span>}
      {verdict === 'win' && <span className="upgrade-target__note">{t('inInventory')}</span>}
      {verdict === 'miss' && <span className="upgrade-target__note">{t('notThisTime')}</span>}
    </div>
  );
}
