import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { Minus, Plus } from 'lucide-react';
import { BATTLE_MAX_ROUNDS, BATTLE_MODES, type BattleMode } from '../../../core/games/battle.ts';
import { centsToCoins, coinsToCents } from '../../../core/money/cents.ts';
import { battlePath } from '../../../core/protocol/battleEvents.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Coins } from '../../components/Coin.tsx';
import { fetchBoxes, type BoxSummary } from '../../features/boxes/boxesApi.ts';
import { battleErrorText, createBattle } from '../../features/battles/battlesApi.ts';
import { useToBattle } from '../../features/battles/toBattle.ts';
import type { BattleSettings } from '../../features/battles/battleView.ts';
import '../../features/battles/battles.css';
import { PlayBlockBanner } from '../../features/responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../../features/responsible/playBlock.ts';
import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /battles/create (login): boxes from the catalog with quantities, the mode, crazy and private
// switches and the total a seat costs; after create the battle page (docs/product.md §4). A battle
// page's Copy opens it filled in with that battle (router state `copy`: its create body).

/** Quantities per box slug of a create body (a box may come in several runs). */
function quantitiesOf(copy: BattleSettings | undefined): Record<string, number> {
  const quantities: Record<string, number> = {};
  for (const pick of copy?.boxes ?? []) quantities[pick.slug] = (quantities[pick.slug] ?? 0) + pick.quantity;
  return quantities;
}

export default function CreateBattlePage() {
  const navigate = useNavigate();
  const copy = (useLocation().state as { copy?: BattleSettings } | null)?.copy;
  const setToBattle = useToBattle((s) => s.set);
  const [boxes, setBoxes] = useState<BoxSummary[]>([]);
  const [quantities, setQuantities] = useState<Record<string, number>>(() => quantitiesOf(copy));
  const [mode, setMode] = useState<BattleMode>(copy?.mode ?? '1v1');
  const [crazy, setCrazy] = useState(copy?.crazy ?? false);
  const [isPrivate, setPrivate] = useState(copy?.private ?? false);
  const [busy, setBusy] = useState(false);
  // A break or a reached limit: its reason above Create battle, the button closed (the seat is a stake).
  const block = usePlayBlock('stake');

  useEffect(() => {
    fetchBoxes(SHOP_BOX_KIND, { per_page: 100, sort: 'price_asc' }).then((page) => setBoxes(page.data), () => setBoxes([]));
  }, []);

  const rounds = Object.values(quantities).reduce((a, b) => a + b, 0);
  const cost = useMemo(() => centsToCoins(boxes.reduce((sum, b) => sum + (coinsToCents(b.price) ?? 0) * (quantities[b.slug] ?? 0), 0)), [boxes, quantities]);
  const change = (slug: string, by: number) =>
    setQuantities((q) => {
      const next = Math.max(0, Math.min(BATTLE_MAX_ROUNDS, (q[slug] ?? 0) + by));
      return { ...q, [slug]: next };
    });

  async function submit() {
    setBusy(true);
    try {
      const picks = boxes.filter((b) => (quantities[b.slug] ?? 0) > 0).map((b) => ({ slug: b.slug, quantity: quantities[b.slug]! }));
      const { id, key, msg } = await createBattle({ boxes: picks, mode, crazy, private: isPrivate });
      toast.success(msg);
      setToBattle(id, key);
      navigate(battlePath(id, key));
    } catch (error) {
      toast.error(battleErrorText(error, t('createFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page battle-create">
      <h1>{t('createTitle')}</h1>
      <div className="battle-create__layout">
        <div>
          <h2>{t('boxes')}</h2>
          <ul className="battle-create__boxes">
            {boxes.map((box) => {
              const q = quantities[box.slug] ?? 0;
              return (
                <li key={box.slug} className={q ? 'is-picked' : ''} data-box={box.slug}>
                  <img src={box.img_url} alt="" width={96} height={96} loading="lazy" />
                  <span className="battle-create__name">{box.name}</span>
                  <Coins value={box.price} />
                  <div className="battle-create__qty">
                    <button type="button" aria-label={t('fewer', { name: box.name })} onClick={() => change(box.slug, -1)} disabled={!q}>
                      <Minus size={16} />
                    </button>
                    <output aria-label={t('quantity', { name: box.name })}>{q}</output>
                    <button type="button" aria-label={t('more', { name: box.name })} onClick={() => change(box.slug, 1)} disabled={rounds >= BATTLE_MAX_ROUNDS}>
                      <Plus size={16} />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <aside className="battle-create__panel">
          <h2>{t('mode')}</h2>
          <div className="battle-modes" role="radiogroup" aria-label={t('mode')}>
            {BATTLE_MODES.map((m) => (
              <button key={m} type="button" role="radio" aria-checked={mode === m} className={mode === m ? 'is-active' : ''} onClick={() => setMode(m)}>
                {m}
              </button>
            ))}
          </div>
          <Checkbox label={t('crazyMode')} checked={crazy} onChange={(e) => setCrazy(e.target.checked)} />
          <Checkbox label={t('privateMode')} checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
          <dl className="battle-create__sum">
            <dt>{t('rounds')}</dt>
            <dd data-testid="battle-rounds">{rounds}</dd>
            <dt>{t('totalCost')}</dt>
            <dd data-testid="battle-cost">
              <Coins value={cost} />
            </dd>
          </dl>
          <PlayBlockBanner block={block} />
          <Button block loading={busy} disabled={Boolean(block)} onClick={submit}>
            {t('createBattle')}
          </Button>
        </aside>
      </div>
    </section>
  );
}
