import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { Coins } from '../../components/Coin.tsx';
import { upgradeChance, UPGRADE_EDGE, UPGRADE_MAX_CHANCE, UPGRADE_MAX_ITEMS, UPGRADE_MIN_CHANCE } from '../../../core/games/upgrade.ts';
import { useAnimation } from '../../stores/animation.ts';
import type { UpgradeResult } from '../../../core/protocol/games.ts';
import { UpgradeScene, type UpgradeResult as UpgradeSceneResult } from '../../../scenes/upgrade/UpgradeScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { fieldProblem } from '../../features/games/betErrors.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import '../../features/games/gamePage.css';

// /upgrade: pick inventory items and/or an amount of balance, pick a target catalog item; the
// chance (input value / target value × (1 − edge), core/games/upgrade.ts) is previewed here and
// decided on the server. The gauge spins to the server's ticket; the balance and inventory update
// after the scene has finished.

interface CatalogItem {
  id: number;
  name: string;
  price: number;
  rarity: string;
  img_url: string;
}
interface InventoryEntry {
  id: number;
  item: CatalogItem;
}

function ItemCard({ item, selected, onClick, testId }: { item: CatalogItem; selected: boolean; onClick(): void; testId: string }) {
  return (
    <button type="button" className={`upgrade-card rarity-${item.rarity}`} aria-pressed={selected} onClick={onClick} data-testid={testId}>
      <img src={item.img_url} alt="" width={64} height={64} />
      <span className="upgrade-card__name">{item.name}</span>
      <Coins value={item.price} />
    </button>
  );
}

export default function UpgradePage() {
  const user = useSession((s) => s.user);
  const setBalance = useSession((s) => s.setBalance);
  const openModal = useModals((s) => s.open);
  const [inventory, setInventory] = useState<InventoryEntry[]>([]);
  const [targets, setTargets] = useState<CatalogItem[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<UpgradeResult | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [reload, setReload] = useState(0);
  const gauge = useScene<UpgradeSceneResult, UpgradeScene>(() => new UpgradeScene({ chance: 0 }), []);
  const gaugeRef = useRef(gauge);
  gaugeRef.current = gauge;

  useEffect(() => {
    if (!user) return;
    api
      .get<{ data: InventoryEntry[] }>('/api/profile/inventory', { params: { per_page: 48, sort: 'price_desc' } })
      .then((res) => setInventory(res.data.data))
      .catch((e) => console.warn('inventory failed', e));
  }, [user, reload]);

  const inputCents = useMemo(() => {
    const items = inventory.filter((e) => selected.includes(e.id)).reduce((sum, e) => sum + Math.round(e.item.price * 100), 0);
    const extra = Number(amount);
    return items + (Number.isFinite(extra) && extra > 0 ? Math.round(extra * 100) : 0);
  }, [inventory, selected, amount]);

  // Only targets whose chance stays within the maximum: price ≥ input × (1 − edge) / max chance.
  const minTargetCents = Math.ceil((inputCents * (1 - UPGRADE_EDGE)) / (UPGRADE_MAX_CHANCE / 100));
  useEffect(() => {
    api
      .get<{ data: CatalogItem[] }>('/api/upgrade/items', { params: { min_price: minTargetCents / 100, limit: 24 } })
      .then((res) => setTargets(res.data.data))
      .catch((e) => console.warn('targets failed', e));
  }, [minTargetCents]);

  const target = targets.find((t) => t.id === targetId) ?? null;
  const chance = target ? upgradeChance(inputCents, Math.round(target.price * 100)) : 0;
  useEffect(() => {
    gauge.scene?.setChance(chance);
  }, [gauge.scene, chance]);
  const chanceOk = chance >= UPGRADE_MIN_CHANCE && chance <= UPGRADE_MAX_CHANCE;

  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : s.length >= UPGRADE_MAX_ITEMS ? s : [...s, id]));

  const upgrade = useCallback(async () => {
    if (!user) return openModal('login');
    if (!target) return;
    setBusy(true);
    setError(null);
    // Hold realtime balance updates from the moment the bet is sent: the wallet's balanceUpdated
    // can arrive before the answer, and the balance must change only when the gauge stops.
    useAnimation.getState().begin();
    try {
      const body = { inventory_ids: selected, amount: Number(amount) || 0, target_item_id: target.id };
      const res = await api.post<{ data: UpgradeResult }>('/api/upgrade', body);
      const result = res.data.data;
      await gaugeRef.current.play({ chance: result.chance, roll: (result.roll - 1) / 1000, win: result.win });
      setLast(result);
      setBalance(result.balance);
      setSelected([]);
      setReload((n) => n + 1);
      if (result.win && result.item) toast.success(`Upgraded to ${result.item.item.name}`);
    } catch (e) {
      const problem = fieldProblem(e);
      if (problem) setError(problem);
      else toast.error(apiErrorText(e));
    } finally {
      useAnimation.getState().end();
      setBusy(false);
    }
  }, [user, openModal, target, selected, amount, setBalance]);

  return (
    <div className="game-page" data-testid="upgrade-page">
      <section className="panel game-page__controls" aria-label="Your items">
        <h2 className="upgrade-heading">Your items</h2>
        {!user && <p>Log in to upgrade your items.</p>}
        <div className="upgrade-grid">
          {inventory.map((e) => (
            <ItemCard key={e.id} item={e.item} selected={selected.includes(e.id)} onClick={() => toggle(e.id)} testId={`upgrade-input-${e.id}`} />
          ))}
        </div>
        {user && inventory.length === 0 && <p className="game-page__fair">No items yet: open a box, or upgrade with balance.</p>}
        <TextInput small label="Add balance" name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={error?.field === 'amount' ? error.message : null} />
        {error && error.field !== 'amount' && <p className="game-page__result game-page__result--lose">{error.message}</p>}
      </section>
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label="Upgrade">
          <div ref={gauge.ref} className="upgrade-stage" data-testid="upgrade-scene" />
          <div className="game-page__stats">
            <div className="game-page__stat">
              <span>Your value</span>
              <strong>{(inputCents / 100).toFixed(2)}</strong>
            </div>
            <div className="game-page__stat">
              <span>Chance</span>
              <strong data-testid="upgrade-chance">{chance.toFixed(3)}%</strong>
            </div>
            <div className="game-page__stat">
              <span>Target</span>
              <strong>{target ? target.price.toFixed(2) : '—'}</strong>
            </div>
          </div>
          <Button size="large" block loading={busy} disabled={!target || !chanceOk} onClick={upgrade}>
            Upgrade
          </Button>
          {target && !chanceOk && (
            <p className="game-page__fair">
              The chance must be between {UPGRADE_MIN_CHANCE}% and {UPGRADE_MAX_CHANCE}%.
            </p>
          )}
          <p className={`game-page__result ${last ? (last.win ? 'game-page__result--win' : 'game-page__result--lose') : ''}`} data-testid="upgrade-result" aria-live="polite">
            {last ? (last.win ? `Won ${last.item?.item.name ?? ''}` : 'Upgrade failed') : ''}
          </p>
          <FairLine fair={last} verifyPath="/provably-fair" />
        </section>
        <section className="panel game-page__controls" aria-label="Target item">
          <h2 className="upgrade-heading">Choose a target</h2>
          <div className="upgrade-grid">
            {targets.map((t) => (
              <ItemCard key={t.id} item={t} selected={t.id === targetId} onClick={() => setTargetId(t.id)} testId={`upgrade-target-${t.id}`} />
            ))}
          </div>
        </section>
        <GameHistory game="upgrade" refreshKey={reload} />
      </div>
    </div>
  );
}
