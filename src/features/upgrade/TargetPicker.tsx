import { useEffect, useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import { upgradeItems } from '../../../core/protocol/routes/games.ts';
import { centsToCoins, formatCents } from '../../../core/money/cents.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { TARGET_MULTIPLIERS, targetWindow, type TargetFilter, type TargetMultiplier } from './targetWindow.ts';
import { UpgradeItemCard, type UpgradeCatalogItem } from './UpgradeItemCard.tsx';
import './upgrade.css';

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
    const t = setTimeout(() => {
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
      clearTimeout(t);
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
    <section className="panel game-page__controls upgrade-picker" aria-label="Target item" data-testid="upgrade-picker">
      <h2 className="upgrade-heading">Choose a target</h2>
      <div className="upgrade-picker__filters">
        <TextInput small label="Search" type="search" placeholder="Name or brand" value={name} onChange={(e) => { setLimit(PAGE); setName(e.target.value); }} />
        <TextInput small label="Price from" inputMode="decimal" value={filter.minPrice} onChange={(e) => set({ minPrice: e.target.value })} />
        <TextInput small label="Price to" inputMode="decimal" value={filter.maxPrice} onChange={(e) => set({ maxPrice: e.target.value })} />
      </div>
      <div className="upgrade-picker__chips" role="group" aria-label="Target value">
        {TARGET_MULTIPLIERS.map((m) => (
          <button
            key={m}
            type="button"
            className="upgrade-chip"
            aria-pressed={filter.multiplier === m}
            disabled={stakeCents <= 0}
            title={stakeCents <= 0 ? 'Choose your items or add balance first' : `Targets from ${m} times your value`}
            onClick={() => pressChip(m)}
          >
            ×{m}
          </button>
        ))}
      </div>
      <p className="upgrade-picker__hint">
        {stakeCents > 0 ? `Targets dearer than your ${formatCents(stakeCents)}, cheapest first.` : 'Choose your items or add balance to see what they can become.'}
      </p>
      <div className="upgrade-grid upgrade-grid--targets">
        {targets.map((t) => (
          <UpgradeItemCard key={t.id} item={t} stakeCents={stakeCents} selected={t.id === selectedId} onClick={() => onSelect(t)} testId={`upgrade-target-${t.id}`} />
        ))}
      </div>
      {targets.length === 0 && <p className="upgrade-picker__hint">No item matches: widen the price or clear the search.</p>}
      {!full && (
        <Button variant="ghost" onClick={() => setLimit((l) => Math.min(100, l + PAGE))} disabled={limit >= 100}>
          Show more
        </Button>
      )}
    </section>
  );
}
