import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { upgradeChance, upgradeTicketPercent, UPGRADE_MAX_CHANCE, UPGRADE_MAX_ITEMS, UPGRADE_MIN_CHANCE } from '../../../core/games/upgrade.ts';
import type { UpgradeRequest, UpgradeResult } from '../../../core/protocol/games.ts';
import type { InventoryEntry } from '../../../core/protocol/boxes.ts';
import { postBet, usePlayedBet } from '../../features/games/usePlayedBet.ts';
import { UpgradeScene, type UpgradeResult as UpgradeSceneResult } from '../../../scenes/upgrade/UpgradeScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { FairLine, GameHistory } from '../../features/games/GameHistory.tsx';
import { upgradeHistory } from '../../../core/protocol/routes/games.ts';
import { fieldProblem, FormProblem } from '../../features/games/betErrors.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { PlayBlockBanner } from '../../features/responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../../features/responsible/playBlock.ts';
import '../../features/games/gamePage.css';
import { TargetPicker } from '../../features/upgrade/TargetPicker.tsx';
import { UpgradeItemCard, type UpgradeCatalogItem } from '../../features/upgrade/UpgradeItemCard.tsx';
import { upgradeResultText } from '../../features/upgrade/upgradeResultText.ts';
import { UpgradeTarget } from '../../features/upgrade/UpgradeTarget.tsx';
import { PickerSheet } from '../../features/upgrade/PickerSheet.tsx';
import { useDevice } from '../../stores/device.ts';
import { centsOf, centsToCoins, coinsToCents, formatCents } from '../../../core/money/cents.ts';
import { upgradeBet } from '../../../core/protocol/routes/games.ts';
import { inventory as inventoryRoute } from '../../../core/protocol/routes/inventory.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /upgrade: pick inventory items and/or an amount of balance, pick a target catalog item (the
// target picker: search, price filter, multiplier chips, targets dearer than the stake); the
// chance (input value / target value × (1 − edge), core/games/upgrade.ts) is previewed here and
// decided on the server. The gauge spins to the server's ticket; the balance and inventory update
// after the scene has finished. The target is pictured beside the dial. A played result (the
// dial's verdict, the stake, chance and target it was played with) stays on screen until the
// player acts: picks an item, changes the amount or picks a target (docs/games.md "Upgrade result").

/** A played upgrade as it stays on screen: the answer and what it was played with. */
interface Outcome {
  result: UpgradeResult;
  stakeCents: number;
  target: UpgradeCatalogItem;
}

export default function UpgradePage() {
  const user = useSession((s) => s.user);
  // A break or a reached limit: its reason above the button, the button closed.
  const block = usePlayBlock('stake');
  const openModal = useModals((s) => s.open);
  const [inventory, setInventory] = useState<InventoryEntry[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<UpgradeCatalogItem | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reload, setReload] = useState(0);
  const gauge = useScene<UpgradeSceneResult, UpgradeScene>(
    () => new UpgradeScene({ chance: 0, labels: { chance: t('dialChance'), roll: (roll) => t('dialRoll', { roll }), win: t('dialWin'), lose: t('dialLose') } }),
    [],
  );
  const gaugeRef = useRef(gauge);
  gaugeRef.current = gauge;

  useEffect(() => {
    if (!user) return;
    call(inventoryRoute, { query: { per_page: 48, sort: 'price_desc' } })
      .then((res) => setInventory(res.data))
      .catch((e) => console.warn('inventory failed', e));
  }, [user, reload]);

  const inputCents = useMemo(() => {
    const items = inventory.filter((e) => selected.includes(e.id)).reduce((sum, e) => sum + centsOf(e.item.price), 0);
    return items + (coinsToCents(Number(amount)) ?? 0);
  }, [inventory, selected, amount]);

  const chance = target ? upgradeChance(inputCents, centsOf(target.price)) : 0;
  // While a result is shown the dial keeps its verdict; the live preview returns with the player's next act.
  useEffect(() => {
    if (!outcome) gauge.scene?.setChance(chance);
  }, [gauge.scene, chance, outcome]);
  const chanceOk = chance >= UPGRADE_MIN_CHANCE && chance <= UPGRADE_MAX_CHANCE;
  // What the stats, the target card and the picker show: the played round until the player acts.
  const shownStake = outcome ? outcome.stakeCents : inputCents;
  const shownChance = outcome ? outcome.result.chance : chance;
  const shownTarget = outcome ? outcome.target : target;
  // Beside the played stake the hint names it as played, not "Add items" (the played items are gone from the pick).
  const stakeHint = outcome ? t('lastUpgrade') : selected.length > 0 ? t('itemCount', { count: selected.length }) : t('addItems');

  const toggle = (id: number) => {
    setOutcome(null);
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : s.length >= UPGRADE_MAX_ITEMS ? s : [...s, id]));
  };
  // Phones pick the target from a bottom sheet: a pick closes it, and the dial and Upgrade are where they were.
  const phone = useDevice((s) => s.isMobile);
  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  // And the player's own items from a second sheet, opened from the stake beside the dial; several
  // may be picked, so it stays open until closed (Done).
  const [itemsOpen, setItemsOpen] = useState(false);
  const closeItems = useCallback(() => setItemsOpen(false), []);
  const itemsGrid = (
    <div className="upgrade-grid">
      {inventory.map((e) => (
        <UpgradeItemCard key={e.id} item={e.item} selected={selected.includes(e.id)} onClick={() => toggle(e.id)} testId={`upgrade-input-${e.id}`} />
      ))}
    </div>
  );
  const noItems = user && inventory.length === 0 && <p className="game-page__fair">{t('noItems')}</p>;
  const pickTarget = (item: UpgradeCatalogItem | null) => {
    setOutcome(null);
    setTarget(item);
    if (item) setSheetOpen(false);
  };
  const changeAmount = (text: string) => {
    setOutcome(null);
    setAmount(text);
  };

  // The stake and target of the bet in flight, for the outcome it leaves on screen.
  const playedRef = useRef<{ stakeCents: number; target: UpgradeCatalogItem | null }>({ stakeCents: 0, target: null });
  const played = usePlayedBet<UpgradeRequest, UpgradeResult>({
    schema: () => import('../../../core/protocol/betRequests.ts').then((m) => m.UpgradeSchema),
    send: postBet(upgradeBet),
    play: async (result) => {
      await gaugeRef.current.play({ chance: result.chance, roll: upgradeTicketPercent(result.roll), win: result.win });
      // The upgrade's multiplier: the won item's price on what was put in (a miss pays nothing).
      gaugeRef.current.celebrate({ stake: centsToCoins(playedRef.current.stakeCents), payout: result.win && result.item ? result.item.item.price : 0 }, result.public_id);
    },
    onPlayed: (result) => {
      setOutcome({ result, stakeCents: playedRef.current.stakeCents, target: playedRef.current.target! });
      setSelected([]);
      setReload((n) => n + 1);
      if (result.win && result.item) toast.success(t('upgradedTo', { name: result.item.item.name }));
    },
  });
  const error = played.problem;

  const upgrade = useCallback(async () => {
    if (!user) return openModal('login');
    if (!target) return;
    playedRef.current = { stakeCents: inputCents, target };
    setOutcome(null);
    setBusy(true);
    try {
      await played.place({ inventory_ids: selected, amount: Number(amount) || 0, target_item_id: target.id });
    } catch (e) {
      if (!(e instanceof FormProblem) && !fieldProblem(e)) toast.error(apiErrorText(e));
    } finally {
      setBusy(false);
    }
  }, [user, openModal, target, selected, amount, played, inputCents]);

  return (
    <div className="game-page" data-testid="upgrade-page">
      <h1 className="visually-hidden">{t('stage')}</h1>
      <section className="panel game-page__controls" aria-label={t('yourItems')}>
        <h2 className="upgrade-heading">{t('yourItems')}</h2>
        {!user && <p className="guest-only">{t('logInToUpgrade')}</p>}
        {!phone && itemsGrid}
        {!phone && noItems}
        <TextInput small label={t('addBalance')} name="amount" inputMode="decimal" value={amount} onChange={(e) => changeAmount(e.target.value)} error={error?.field === 'amount' ? error.message : null} />
        {error && error.field !== 'amount' && <p className="game-page__result game-page__result--lose">{error.message}</p>}
      </section>
      <div className="game-page__column">
        <section className="panel game-page__stage" aria-label={t('stage')}>
          <div className="upgrade-arena">
            <div ref={gauge.ref} className="upgrade-stage" data-testid="upgrade-scene" />
            <UpgradeTarget item={shownTarget} stakeCents={shownStake} verdict={outcome ? (outcome.result.win ? 'win' : 'miss') : null} onChoose={phone ? () => setSheetOpen(true) : undefined} />
          </div>
          <div className="game-page__stats">
            {phone && user ? (
              <button type="button" className="game-page__stat upgrade-stake-button" onClick={() => setItemsOpen(true)} aria-label={t('stakeButton', { value: formatCents(shownStake), count: selected.length })}>
                <span>{t('yourValue')}</span>
                <strong data-testid="upgrade-stake">{formatCents(shownStake)}</strong>
                <span className="upgrade-stake-button__hint">{stakeHint}</span>
              </button>
            ) : (
              <div className="game-page__stat">
                <span>{t('yourValue')}</span>
                <strong data-testid="upgrade-stake">{formatCents(shownStake)}</strong>
              </div>
            )}
            <div className="game-page__stat">
              <span>{t('chance')}</span>
              <strong data-testid="upgrade-chance">{shownChance.toFixed(3)}%</strong>
            </div>
            <div className="game-page__stat">
              <span>{t('target')}</span>
              <strong>{shownTarget ? shownTarget.price.toFixed(2) : '—'}</strong>
            </div>
          </div>
          <PlayBlockBanner block={block} />
          <Button size="large" block loading={busy} disabled={!target || !chanceOk || Boolean(block)} onClick={upgrade}>
            {t('upgrade')}
          </Button>
          {target && !chanceOk && !outcome && (
            <p className="game-page__fair">{t('chanceRange', { min: String(UPGRADE_MIN_CHANCE), max: String(UPGRADE_MAX_CHANCE) })}</p>
          )}
          <p className={`game-page__result ${outcome ? (outcome.result.win ? 'game-page__result--win' : 'game-page__result--miss') : ''}`} data-testid="upgrade-result" aria-live="polite">
            {outcome ? upgradeResultText(outcome.result) : ''}
          </p>
          <BigWinShare shared={gauge.shared} />
          <FairLine fair={outcome?.result ?? null} verifyPath="/provably-fair" />
        </section>
        {phone ? (
          <>
            <PickerSheet open={sheetOpen} title={t('chooseTarget')} onClose={closeSheet}>
              <TargetPicker stakeCents={shownStake} selectedId={target?.id ?? null} onSelect={pickTarget} />
            </PickerSheet>
            <PickerSheet open={itemsOpen} title={t('chooseYourItems')} onClose={closeItems} testId="upgrade-items-sheet">
              <div className="upgrade-items-sheet">
                <h2 className="upgrade-heading">{t('yourItems')}</h2>
                {itemsGrid}
                {noItems}
                <Button block onClick={closeItems}>
                  {t('done', { value: formatCents(shownStake) })}
                </Button>
              </div>
            </PickerSheet>
          </>
        ) : (
          <TargetPicker stakeCents={shownStake} selectedId={target?.id ?? null} onSelect={pickTarget} />
        )}
        <GameHistory history={upgradeHistory} refreshKey={reload} />
      </div>
    </div>
  );
}
