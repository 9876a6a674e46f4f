import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ShieldCheck, Zap } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Coins } from '../../components/Coin.tsx';
import { BoxOpeningScene, type BoxOpeningResult } from '../../../scenes/box-opening/BoxOpeningScene.ts';
import { useScene } from '../../features/scenes/useScene.ts';
import { ItemCard } from '../../features/boxes/ItemCard.tsx';
import { fetchBox, openBoxCall, type BoxDetail, type BoxKind, type Opening } from '../../features/boxes/boxesApi.ts';
import { sellItems } from '../../features/inventory/inventoryApi.ts';
import { BoxDrops } from '../../features/boxes/BoxDrops.tsx';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { usePlayedBet } from '../../features/games/usePlayedBet.ts';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { DepositForShortfall, useShortfall } from '../../features/deposit/shortfall.tsx';
import { FreeBoxOpenButton } from '../../features/boxes/freeBoxStatus.tsx';
import { bestRarity, winHeadline } from '../../features/boxes/winCelebration.ts';
import { pageData } from '../../app/pageData.ts';
import { PAGE_SLOT_ATTRIBUTE } from '../../../core/pageData.ts';
import { DemoMark, DemoResult, hasDemo, useDemoSpin } from '../../features/boxes/demoSpin.tsx';
import '../../features/boxes/boxes.css';

// The box page: /boxes/{slug} (shop), /{standard|unique}/{name} (shop, else free loot) and
// /custom/{name} (player-made). Open x1–x5, fast mode, the reel scene playing the server's
// decided items, then the won items with sell or keep; the balance updates after the animation.

const FAST_KEY = 'boxes.fast';

async function loadBox(params: { slug?: string; boxtype?: string; boxname?: string }): Promise<{ box: BoxDetail; kind: BoxKind } | null> {
  const tryKind = async (kind: BoxKind, slug: string) => {
    try {
      return { box: await fetchBox(kind, slug), kind };
    } catch {
      return null;
    }
  };
  if (params.slug) return tryKind('box', params.slug);
  if (!params.boxname) return null;
  if (params.boxtype === 'custom') return tryKind('user', params.boxname);
  return (await tryKind('box', params.boxname)) ?? (params.boxtype === 'standard' ? tryKind('free', params.boxname) : null);
}

interface LoadedBox {
  box: BoxDetail;
  kind: BoxKind;
}

/**
 * The shop box the server sent with this page (server/boxes/pageFills.ts): on the page's first location
 * (react-router's key 'default') the page draws it at once, without asking the API again.
 */
function servedBox(slug: string | undefined, locationKey: string): LoadedBox | null {
  const box = pageData().box as BoxDetail | undefined;
  return locationKey === 'default' && slug !== undefined && box?.slug === slug ? { box, kind: 'box' } : null;
}

/** An opening's answer with the box it was opened from (the reel draws that box's items). */
type OpenResult = Omit<Awaited<ReturnType<typeof openBoxCall>>, 'version'> & { box: LoadedBox };

function reelItemsOf({ box }: LoadedBox) {
  return box.items.map((i) => ({ id: i.id, name: i.name, price: i.price, rarity: i.rarity, img_url: i.img_url, odds: i.odds }));
}

export default function BoxPage() {
  const params = useParams();
  const locationKey = useLocation().key;
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const [state, setState] = useState<LoadedBox | null | 'loading'>(() => servedBox(params.slug, locationKey) ?? 'loading');
  const [quantity, setQuantity] = useState(1);
  const [fast, setFast] = useState(() => localStorage.getItem(FAST_KEY) === '1');
  const [busy, setBusy] = useState(false);
  const [won, setWon] = useState<Opening[]>([]);
  const [selling, setSelling] = useState(false);
  const [sold, setSold] = useState<Set<number>>(new Set());
  const demo = useDemoSpin();

  useEffect(() => {
    const served = servedBox(params.slug, locationKey);
    if (served) {
      // Kept as it is when the first render already drew it (no second render of the same box).
      setState((current) => (current !== 'loading' && current?.kind === 'box' && current.box.slug === served.box.slug ? current : served));
      return;
    }
    let live = true;
    setState('loading');
    loadBox(params).then((result) => live && setState(result));
    return () => {
      live = false;
    };
  }, [params, locationKey]);

  const reel = useScene<BoxOpeningResult, BoxOpeningScene>(() => new BoxOpeningScene({ spinSeconds: fast ? 1.6 : 5 }), [fast]);
  const reelRef = useRef(reel);
  reelRef.current = reel;
  const stageRef = useRef<HTMLElement>(null);

  // Before the first opening the reel stands still on the box's own items.
  const preview = reel.scene;
  useEffect(() => {
    if (preview && state && state !== 'loading') preview.showItems(reelItemsOf(state));
  }, [preview, state]);

  const played = usePlayedBet<{ box: LoadedBox; quantity: number }, OpenResult>({
    send: async ({ box, quantity: count }) => {
      const { version, ...opened } = await openBoxCall(box.kind, box.box.slug, count);
      return { result: { ...opened, box }, version };
    },
    play: (result) => reelRef.current.play({ items: reelItemsOf(result.box), won: result.openings.map((o) => ({ ...o.item })) }),
    onPlayed: (result) => {
      setWon(result.openings);
      // A free box now waits 24 hours: its answer carries the next opening time.
      if (result.box.kind === 'free') void fetchBox('free', result.box.box.slug).then((box) => setState({ box, kind: 'free' }), () => undefined);
    },
  });

  // An opening or a demo happens where the player can see it: the reel comes into view (on a phone
  // it sits below the box's picture and controls).
  const stageIntoView = useCallback(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    stageRef.current?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, []);

  const open = useCallback(async () => {
    if (state === 'loading' || !state) return;
    if (!user) {
      // A guest has no account yet: the sign-up, not the login (docs/boxes.md "Demo spins").
      openModal('register');
      return;
    }
    setBusy(true);
    setWon([]);
    setSold(new Set());
    demo.clear();
    stageIntoView();
    try {
      await played.place({ box: state, quantity: state.kind === 'free' ? 1 : quantity });
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  }, [state, user, quantity, openModal, played, demo, stageIntoView]);

  const tryDemo = useCallback(async () => {
    if (state === 'loading' || !state) return;
    setBusy(true);
    setWon([]);
    stageIntoView();
    try {
      await demo.spin(state.kind, state.box.slug, quantity, (openings) => reelRef.current.play({ items: reelItemsOf(state), won: openings.map((o) => ({ ...o.item })) }));
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  }, [state, quantity, demo, stageIntoView]);

  const sell = useCallback(
    async (ids: number[]) => {
      setSelling(true);
      try {
        const answer = await sellItems(ids);
        toast.success(answer.msg);
        setSold((s) => new Set([...s, ...ids]));
      } catch (error) {
        toast.error(apiErrorText(error));
      } finally {
        setSelling(false);
      }
    },
    [],
  );

  // Free boxes cost nothing; a shop box's price times the quantity must be on the balance.
  const shortfall = useShortfall(state && state !== 'loading' && state.kind !== 'free' ? state.box.price * quantity : 0);

  // The loading state is the prerendered box page's slot: the server writes the box's hero there.
  if (state === 'loading') return <div className="box-page" data-loading {...{ [PAGE_SLOT_ATTRIBUTE]: '' }} />;
  if (!state) return <NotFoundPage />;
  const { box, kind } = state;
  const total = box.price * (kind === 'free' ? 1 : quantity);
  const unsold = won.filter((o) => !sold.has(o.inventory_id));

  return (
    <div className="box-page" data-box={box.slug}>
      <section className="box-hero">
        <img className="box-hero__img" src={box.img_url} alt="" fetchPriority="high" />
        <div>
          <h1>{box.name}</h1>
          <p className="box-card__note">
            {kind === 'free' ? `Free for level ${box.level ?? 1}+ once every 24 hours` : `${box.items.length} items · ${box.type}`}
            {box.creator ? ` · by ${box.creator.name}` : ''}
          </p>
          <div className="box-hero__controls">
            {kind !== 'free' && (
              <div className="box-qty" role="group" aria-label="Quantity">
                {[1, 2, 3, 4, 5].map((n) => (
                  <button key={n} type="button" aria-pressed={quantity === n} onClick={() => setQuantity(n)} disabled={busy}>
                    x{n}
                  </button>
                ))}
              </div>
            )}
            {kind === 'free' && user ? (
              <FreeBoxOpenButton box={box} playerLevel={user.user_level.level} busy={busy} onOpen={open} />
            ) : shortfall > 0 && !busy ? (
              <DepositForShortfall missing={shortfall} />
            ) : (
              <Button size="large" onClick={open} loading={busy} data-testid="open-box">
                {kind === 'free' ? 'Open for free' : <>Open for <Coins value={total} /></>}
              </Button>
            )}
            {hasDemo(kind) && (
              <Button size="large" variant="secondary" onClick={tryDemo} disabled={busy} data-testid="demo-spin">
                Demo spin
              </Button>
            )}
            <label className="box-fast">
              <Checkbox
                aria-label="Fast mode"
                checked={fast}
                onChange={(e) => {
                  setFast(e.target.checked);
                  localStorage.setItem(FAST_KEY, e.target.checked ? '1' : '0');
                }}
              />
              <Zap size={16} aria-hidden /> Fast mode
            </label>
          </div>
        </div>
      </section>

      <section className="box-stage" aria-label="Opening" ref={stageRef}>
        <div ref={reel.ref} className="box-stage__canvas" style={{ height: 130 + 110 * (kind === 'free' ? 1 : quantity) }} data-testid="box-reel" />
        {demo.shown && <DemoMark />}
        {/* Under the reel, never over a card: Skip while it spins, then what landed on the marker. */}
        <div className="box-stage__footer" aria-live="polite">
          {busy && reel.phase === 'running' ? (
            <Button variant="ghost" size="small" className="box-stage__skip" onClick={reel.finish}>
              Skip
            </Button>
          ) : (
            won.length > 0 && (
              <p className="box-stage__result" data-testid="reel-result" data-rarity={bestRarity(won.map((o) => o.item.rarity))}>
                <span className="box-stage__headline">{winHeadline(bestRarity(won.map((o) => o.item.rarity)))}</span>
                {won.map((o) => (
                  <span key={o.inventory_id} className="box-stage__prize">
                    {o.item.name} <Coins value={o.item.price} />
                  </span>
                ))}
              </p>
            )
          )}
          {!busy && demo.openings && <DemoResult openings={demo.openings} guest={!user} onSignUp={() => openModal('register')} />}
        </div>
      </section>

      {won.length > 0 && (
        <section className="box-won" data-testid="won-items">
          <h2>You won</h2>
          <div className="item-grid">
            {won.map((o) => (
              <ItemCard key={o.inventory_id} item={o.item}>
                <div className="item-card__actions">
                  {sold.has(o.inventory_id) ? (
                    <span className="box-card__note">Sold</span>
                  ) : (
                    <Button size="small" variant="money" disabled={selling} onClick={() => sell([o.inventory_id])}>
                      Sell <Coins value={o.item.sale_price} />
                    </Button>
                  )}
                </div>
                <span className="box-fair" title="Provably fair roll">
                  ticket {o.roll.ticket} · nonce {o.roll.nonce}
                </span>
              </ItemCard>
            ))}
          </div>
          <div className="box-won__actions">
            {unsold.length > 1 && (
              <Button variant="money" disabled={selling} onClick={() => sell(unsold.map((o) => o.inventory_id))}>
                Sell all for <Coins value={unsold.reduce((s, o) => s + o.item.sale_price, 0)} />
              </Button>
            )}
            <Button variant="secondary" onClick={() => setWon([])}>
              Keep
            </Button>
          </div>
        </section>
      )}

      <section className="box-section">
        <h2>Items in this box</h2>
        <div className="item-grid">
          {box.items.map((item) => (
            <ItemCard key={item.id} item={item} odds={item.odds} />
          ))}
        </div>
        <p className="box-fair">
          <ShieldCheck size={14} aria-hidden /> Provably fair: each opening draws a ticket from 1 to 100 000 with your seed pair; item ranges: {box.items.map((i) => `${i.ticket_from}–${i.ticket_to}`).join(', ')}.
        </p>
      </section>

      <BoxDrops kind={kind} slug={box.slug} />
    </div>
  );
}
