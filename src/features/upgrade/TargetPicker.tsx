import { useEffect, useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import { upgradeItems } from '../../../core/protocol/routes/games.ts';
import { centsToCoins, formatCents } from '../../../core/money/cents.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { TARGET_MULTIPLIERS, targetWindow, type TargetFilter, type TargetMultiplier } from './targetWindow.ts';
import { UpgradeItemCard, type UpgradeCatalogItem } from './UpgradeItemCard.tsx';
import './upgrade.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The upgrade's target picker (docs/games.md "Upgrade target picker"): search by name, a price
// filter, ×1.5 / ×2 / ×5 / ×10 chips that ask for targets from that multiple of the stake (and pick
// the nearest), cards in the page's own flow (no scroll box of their own) with "Show more".

const PAGE = 24;

export interface TargetPickerProps {
  stakeCents: number;
  selectedId: number | null;
  onSelect(item: UpgradeCatalogItem | null): void;
}

export function TargetPicker({ stakeCents, selectedId, onSelect }: TargetPickerProps) {
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<TargetFilter>({ minPrice: '', maxPrice: '', multiplier: null });
  const [limit, setLimit] = useState(PAGE);
  const [targets, setTargets] = useState<UpgradeCatalogItem[]>([]);
  const [full, setFull] = useState(false);
  const { minCents, maxCents } = targetWindow(stakeCents, filter);
  // A chip picks the nearest target at its multiple of a stake: with no stake it is off.
  const chipPicks = filter.multiplier !== null && stakeCents > 0;
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  // The nearest target is picked once per ask (a chip pressed, or the stake changed under a pressed
  // chip), by the list that ask fetched. A list landing later for another reason (Show more, a
  // search) never re-picks: it would swap the target under a play in flight or a result on screen.
  const pickNearest = useRef(false);
  const lastStake = useRef(stakeCents);
  if (lastStake.current !== stakeCents) {
    lastStake.current = stakeCents;
    if (filter.multiplier !== null) pickNearest.current = true;
  }

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      call(upgradeItems, {
          query: { min_price: centsToCoins(minCents), max_price: maxCents === null ? undefined : centsToCoins(maxCents), name: name.trim() || undefined, limit },
        })
        .then((answer) => {
          if (!live) return;
          setTargets(answer.data);
          setFull(answer.data.length < limit);
          if (chipPicks && pickNearest.current && answer.data[0]) {
            pickNearest.current = false;
            selectRef.current(answer.data[0]);
          }
        })
        .catch((e) => console.warn('targets failed', e));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [minCents, maxCents, name, limit, chipPicks]);

  const set = (patch: Partial<TargetFilter>) => {
    setLimit(PAGE);
    setFilter((f) => ({ ...f, ...patch }));
  };

  // Pressing a chip clears the choice until its nearest target arrives, so Upgrade cannot play the
  // target the player just moved away from; releasing it keeps the choice.
  const pressChip = (m: TargetMultiplier) => {
    const on = filter.multiplier !== m;
    pickNearest.current = on;
    if (on) onSelect(null);
    set({ multiplier: on ? m : null });
  };

  return (
    <section className="panel game-page__controls upgrade-picker" aria-label={t('targetItem')} data-testid="upgrade-picker">
      <h2 className="upgrade-heading">{t('chooseTarget')}</h2>
      <div className="upgrade-picker__filters">
        <TextInput small label={t('search')} type="search" placeholder={t('searchPlaceholder')} value={name} onChange={(e) => { setLimit(PAGE); setName(e.target.value); }} />
        <TextInput small label={t('priceFrom')} inputMode="decimal" value={filter.minPrice} onChange={(e) => set({ minPrice: e.target.value })} />
        <TextInput small label={t('priceTo')} inputMode="decimal" value={filter.maxPrice} onChange={(e) => set({ maxPrice: e.target.value })} />
      </div>
      <div className="upgrade-picker__chips" role="group" aria-label={t('targetValue')}>
        {TARGET_MULTIPLIERS.map((m) => (
          <button
            key={m}
            type="button"
            className="upgrade-chip"
            aria-pressed={filter.multiplier === m}
            disabled={stakeCents <= 0}
            title={stakeCents <= 0 ? t('chipNeedsStake') : t('chipTitle', { times: String(m) })}
            onClick={() => pressChip(m)}
          >
            ×{m}
          </button>
        ))}
      </div>
      <p className="upgrade-picker__hint">
        {stakeCents > 0 ? t('hintDearer', { value: formatCents(stakeCents) }) : t('hintEmpty')}
      </p>
      <div className="upgrade-grid upgrade-grid--targets">
        {targets.map((item) => (
          <UpgradeItemCard key={item.id} item={item} stakeCents={stakeCents} selected={item.id === selectedId} onClick={() => onSelect(item)} testId={`upgrade-target-${item.id}`} />
        ))}
      </div>
      {targets.length === 0 && <p className="upgrade-picker__hint">{t('noMatch')}</p>}
      {!full && (
        <Button variant="ghost" onClick={() => setLimit((l) => Math.min(100, l + PAGE))} disabled={limit >= 100}>
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
