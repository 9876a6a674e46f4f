import { BigWinShare } from '../../features/transparency/BigWinShare.tsx';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { Gift, RotateCcw, ShieldCheck, Zap } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Coins } from '../../components/Coin.tsx';
import { BoxOpeningScene, type BoxOpeningResult } from '../../../scenes/box-opening/BoxOpeningScene.ts';
import { bigWinLabels, useScene } from '../../features/scenes/useScene.ts';
import { ItemCard } from '../../features/boxes/ItemCard.tsx';
import type { BoxDetail, BoxKind, Opening } from '../../features/boxes/boxesApi.ts';
import type { BoxLinkState } from '../../features/boxes/BoxCard.tsx';
import { fetchBox, openBoxCall } from '../../features/boxes/boxPageApi.ts';
import { sellItems } from '../../features/inventory/inventoryApi.ts';
import { SellButton } from '../../features/inventory/SellButton.tsx';
import { fetchBonusBoxes, openBonusBoxCall } from '../../features/boxes/bonusBoxesApi.ts';
import { BoxDrops } from '../../features/boxes/BoxDrops.tsx';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { PlayBlockBanner } from '../../features/responsible/PlayBlockBanner.tsx';
import { isBreak, usePlayBlock } from '../../features/responsible/playBlock.ts';
import { usePlayedBet } from '../../features/games/usePlayedBet.ts';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { DepositForShortfall, useShortfall } from '../../features/deposit/shortfall.tsx';
import { FreeBoxOpenButton } from '../../features/boxes/freeBoxStatus.tsx';
import { bestRarity, winHeadline } from '../../features/boxes/winCelebration.ts';
import { keptNote, keptNoteLink } from '../../features/boxes/keptNote.ts';
import { celebrationTier, openingWin } from '../../../core/games/celebration.ts';
import { pageData } from '../../app/pageData.ts';
import { PAGE_SLOT_ATTRIBUTE } from '../../../core/pageData.ts';
import { DemoMark, DemoResult, hasDemo, useDemoSpin } from '../../features/boxes/demoSpin.tsx';
import { centsOf, centsToCoins } from '../../../core/money/cents.ts';
import '../../features/boxes/boxes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
/** Stands for the coins inside a message, to cut the words around them. */
const COINS = '\u0001';

/** A message with an amount of coins in it (`{coins}`), the amount drawn as the coin and its figure. */
function withCoins(key: 'openFor' | 'sellFor' | 'sellAllFor' | 'sellPrice', value: number): ReactNode {
  const [before, after] = t(key, { coins: COINS }).split(COINS);
  return (
    <>
      {before}
      <Coins value={value} />
      {after}
    </>
  );
}

// The box page: /boxes/{slug} (shop), /{standard|unique}/{name} (shop, else free loot) and
// /custom/{name} (player-made). Open x1–x5, fast mode, the reel scene playing the server's
// decided items, then the won items with sell, sell and open again, or keep, in view under the
// reel; the balance updates after the animation. A free box's page with ?bonus={id} opens the
// player's bonus box of a promotion with the same reel (docs/boxes.md "Bonus boxes").

const FAST_KEY = 'boxes.fast';

/** The box an address names; `linked` is the kind the link that led here named (BoxLinkState), asked first. */
async function loadBox(params: { slug?: string; boxtype?: string; boxname?: string }, linked?: BoxKind): Promise<{ box: BoxDetail; kind: BoxKind } | null> {
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
  if (params.boxtype !== 'standard') return tryKind('box', params.boxname);
  const order: BoxKind[] = linked === 'free' ? ['free', 'box'] : ['box', 'free'];
  return (await tryKind(order[0]!, params.boxname)) ?? tryKind(order[1]!, params.boxname);
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

/** The bonus box this page may open: ?bonus={id}, while the player still holds it for this box. */
function useBonusBox(state: LoadedBox | null | 'loading', signedIn: boolean): { id: number | null; used(): void } {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('bonus')) || null;
  const [held, setHeld] = useState<number | null>(null);
  const slug = state && state !== 'loading' && state.kind === 'free' ? state.box.slug : null;
  useEffect(() => {
    setHeld(null);
    if (!asked || !slug || !signedIn) return;
    let live = true;
    fetchBonusBoxes().then(
      (boxes) => live && setHeld(boxes.some((b) => b.id === asked && b.box.slug === slug) ? asked : null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [asked, slug, signedIn]);
  const used = useCallback(() => {
    setHeld(null);
    setParams((p) => {
      p.delete('bonus');
      return p;
    }, { replace: true });
  }, [setParams]);
  return { id: held, used };
}

function reelItemsOf({ box }: LoadedBox) {
  return box.items.map((i) => ({ id: i.id, name: i.name, price: i.price, rarity: i.rarity, img_url: i.img_url, odds: i.odds }));
}

/** An opening's reels for the scene: each won item with its odds in the box, and what the opening cost (0 for a free box). */
function openingOf(loaded: LoadedBox, won: readonly { id: number; name: string; price: number; rarity: string; img_url?: string | null }[]): BoxOpeningResult {
  const items = reelItemsOf(loaded);
  const odds = new Map(items.map((i) => [i.id, i.odds]));
  return { items, won: won.map((w) => ({ ...w, odds: odds.get(w.id) })), stake: loaded.kind === 'free' ? 0 : loaded.box.price * won.length };
}

export default function BoxPage() {
  const params = useParams();
  const location = useLocation();
  const locationKey = location.key;
  const user = useSession((s) => s.user);
  const stakeBlock = usePlayBlock('stake');
  const openModal = useModals((s) => s.open);
  const [state, setState] = useState<LoadedBox | null | 'loading'>(() => servedBox(params.slug, locationKey) ?? 'loading');
  const [quantity, setQuantity] = useState(1);
  const [fast, setFast] = useState(() => localStorage.getItem(FAST_KEY) === '1');
  const [busy, setBusy] = useState(false);
  const [won, setWon] = useState<Opening[]>([]);
  // What the player chose to keep from the last opening, said under the reel until the next one.
  const [kept, setKept] = useState<Opening[]>([]);
  const keptWords = keptNote(kept.map((k) => k.item.name));
  const [selling, setSelling] = useState(false);
  const [sold, setSold] = useState<Set<number>>(new Set());
  const bonus = useBonusBox(state, user !== null);
  const demo = useDemoSpin();
  /** Openings played on this page: the box's last drops load again after each. */
  const [opened, setOpened] = useState(0);

  // The box loads again only when the address names another box: a change of the query alone (a
  // used bonus box drops ?bonus=) keeps the page, its reel and what landed on it
  // (BoxOpeningScene keeps a landed result until the next play; a new scene would not have it).
  const { slug, boxtype, boxname } = params;
  const locationKeyRef = useRef(locationKey);
  locationKeyRef.current = locationKey;
  const linkedKindRef = useRef<BoxKind | undefined>(undefined);
  linkedKindRef.current = (location.state as Partial<BoxLinkState> | null)?.boxKind;
  useEffect(() => {
    const served = servedBox(slug, locationKeyRef.current);
    if (served) {
      // Kept as it is when the first render already drew it (no second render of the same box).
      setState((current) => (current !== 'loading' && current?.kind === 'box' && current.box.slug === served.box.slug ? current : served));
      return;
    }
    let live = true;
    setState('loading');
    loadBox({ slug, boxtype, boxname }, linkedKindRef.current).then((result) => live && setState(result));
    return () => {
      live = false;
    };
  }, [slug, boxtype, boxname]);

  const reel = useScene<BoxOpeningResult, BoxOpeningScene>(() => new BoxOpeningScene({ spinSeconds: fast ? 1.6 : 5, labels: bigWinLabels() }), [fast]);
  const reelRef = useRef(reel);
  reelRef.current = reel;
  const stageRef = useRef<HTMLElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);

  // Before the first opening the reel stands still on the box's own items.
  const preview = reel.scene;
  useEffect(() => {
    if (preview && state && state !== 'loading') preview.showItems(reelItemsOf(state));
  }, [preview, state]);

  // What landed and what to do with it sit under the reel: brought fully into view after an opening
  // or a demo (on a phone the reel of five can push them under the fold). Asked for with the result,
  // done after the render that shows it: scrolled before, the footer still held Skip, and the actions
  // that then appeared under it could end below the fold.
  const [resultAsked, setResultAsked] = useState(0);
  const resultIntoView = useCallback(() => setResultAsked((n) => n + 1), []);
  useEffect(() => {
    if (resultAsked === 0) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const frame = requestAnimationFrame(() => footerRef.current?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' }));
    return () => cancelAnimationFrame(frame);
  }, [resultAsked]);
  // A big win's Share comes in between the line and the actions once the celebration's module has
  // loaded, which on a slow device is after that scroll: the actions it pushes down come back into view.
  useEffect(() => {
    if (reel.shared) resultIntoView();
  }, [reel.shared, resultIntoView]);

  const played = usePlayedBet<{ box: LoadedBox; quantity: number; bonusId: number | null }, OpenResult>({
    send: async ({ box, quantity: count, bonusId }) => {
      const { version, ...opened } = await (bonusId !== null ? openBonusBoxCall(bonusId) : openBoxCall(box.kind, box.box.slug, count));
      return { result: { ...opened, box }, version };
    },
    play: async (result) => {
      const opening = openingOf(result.box, result.openings.map((o) => o.item));
      await reelRef.current.play(opening);
      // One celebration for the whole opening; its Share links the opening of the dearest item (each reel is a bet of its own).
      const best = result.openings.reduce((a, b) => (b.item.price > a.item.price ? b : a));
      reelRef.current.celebrate(openingWin(opening.stake, opening.won), best.public_id);
    },
    onPlayed: (result) => {
      setWon(result.openings);
      setOpened((n) => n + 1);
      resultIntoView();
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
    setKept([]);
    setSold(new Set());
    demo.clear();
    stageIntoView();
    const bonusId = state.kind === 'free' ? bonus.id : null;
    try {
      await played.place({ box: state, quantity: state.kind === 'free' ? 1 : quantity, bonusId });
      if (bonusId !== null) bonus.used();
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  }, [state, user, quantity, openModal, played, bonus, demo, stageIntoView]);

  const tryDemo = useCallback(async () => {
    if (state === 'loading' || !state) return;
    setBusy(true);
    setWon([]);
    setKept([]);
    stageIntoView();
    try {
      await demo.spin(state.kind, state.box.slug, quantity, async (openings) => {
        const opening = openingOf(state, openings.map((o) => o.item));
        await reelRef.current.play(opening);
        reelRef.current.celebrate(openingWin(opening.stake, opening.won));
      });
      resultIntoView();
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  }, [state, quantity, demo, stageIntoView, resultIntoView]);

  /** Sells through the one server path (all or nothing); true when sold. */
  const sell = useCallback(async (ids: number[]): Promise<boolean> => {
    setSelling(true);
    try {
      const answer = await sellItems(ids);
      toast.success(answer.msg);
      setSold((s) => new Set([...s, ...ids]));
      return true;
    } catch (error) {
      toast.error(apiErrorText(error));
      return false;
    } finally {
      setSelling(false);
    }
  }, []);

  // Free boxes cost nothing; a shop box's price times the quantity must be on the balance.
  const shortfall = useShortfall(state && state !== 'loading' && state.kind !== 'free' ? state.box.price * quantity : 0);
  const unsold = won.filter((o) => !sold.has(o.inventory_id));
  const unsoldSale = centsToCoins(unsold.reduce((sum, o) => sum + centsOf(o.item.sale_price), 0));
  // Sell and open again: the won items pay for the next opening (a shop or custom box, when the
  // sale covers what the balance lacks); the sale and the opening are the two usual calls.
  const canSellAndOpen = state !== 'loading' && state !== null && state.kind !== 'free' && unsold.length > 0 && !busy && unsoldSale >= shortfall;
  const sellAndOpen = async () => {
    if (await sell(unsold.map((o) => o.inventory_id))) await open();
  };
  const sellAndOpenButton = (testId: string, size: 'large' | 'medium') => (
    <SellButton size={size} sale={unsoldSale} what={unsold.length === 1 ? unsold[0]!.item.name : t('itemCount', { count: unsold.length })} then={t('sellAndOpenAgainTail')} disabled={selling} onSell={() => void sellAndOpen()} data-testid={testId}>
      <RotateCcw size={16} aria-hidden /> {t('sellAndOpenAgain')}
    </SellButton>
  );

  // The loading state is the prerendered box page's slot: the server writes the box's hero there.
  if (state === 'loading') return <div className="box-page" data-loading {...{ [PAGE_SLOT_ATTRIBUTE]: '' }} />;
  if (!state) return <NotFoundPage />;
  const { box, kind } = state;
  // A break closes every opening; a reached limit the paid ones (a free box stakes nothing).
  const block = kind === 'free' && !isBreak(stakeBlock) ? null : stakeBlock;
  const total = box.price * (kind === 'free' ? 1 : quantity);
  const bestWon = bestRarity(won.map((o) => o.item.rarity));
  const wonOpening = openingOf(state, won.map((o) => o.item));
  const wonTier = celebrationTier(openingWin(wonOpening.stake, wonOpening.won));

  return (
    <div className="box-page" data-box={box.slug}>
      <section className="box-hero">
        <img className="box-hero__img" src={box.img_url} alt="" fetchPriority="high" />
        <div>
          <h1>{box.name}</h1>
          <p className="box-card__note">
            {kind === 'free' ? t('freeForLevel', { level: String(box.level ?? 1) }) : t('itemsAndType', { count: box.items.length, type: box.type })}
            {box.creator ? ` · ${t('byCreator', { name: box.creator.name })}` : ''}
          </p>
          <PlayBlockBanner block={block} />
          <div className="box-hero__controls">
            {kind !== 'free' && (
              <div className="box-qty" role="group" aria-label={t('quantity')}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <button key={n} type="button" aria-pressed={quantity === n} onClick={() => setQuantity(n)} disabled={busy}>
                    x{n}
                  </button>
                ))}
              </div>
            )}
            {kind === 'free' && user && bonus.id !== null ? (
              <Button size="large" variant="money" onClick={open} loading={busy} disabled={Boolean(block)} data-testid="open-box">
                <Gift size={18} aria-hidden /> {t('openBonusBox')}
              </Button>
            ) : kind === 'free' && user ? (
              <FreeBoxOpenButton box={box} playerLevel={user.user_level.level} busy={busy} blocked={Boolean(block)} onOpen={open} />
            ) : shortfall > 0 && canSellAndOpen && !block ? (
              sellAndOpenButton('sell-and-open-hero', 'large')
            ) : shortfall > 0 && !busy && !block ? (
              <DepositForShortfall missing={shortfall} />
            ) : (
              <Button size="large" onClick={open} loading={busy && !demo.running} disabled={busy || Boolean(block)} data-testid="open-box">
                {kind === 'free' ? t('openForFree') : withCoins('openFor', total)}
              </Button>
            )}
            {hasDemo(kind) && (
              <Button size="large" variant="secondary" onClick={tryDemo} disabled={busy} data-testid="demo-spin">
                {t('demoSpin')}
              </Button>
            )}
            <label className="box-fast">
              <Checkbox
                aria-label={t('fastMode')}
                checked={fast}
                onChange={(e) => {
                  setFast(e.target.checked);
                  localStorage.setItem(FAST_KEY, e.target.checked ? '1' : '0');
                }}
              />
              <Zap size={16} aria-hidden /> {t('fastMode')}
            </label>
          </div>
        </div>
      </section>

      <section className="box-stage" aria-label={t('opening')} ref={stageRef}>
        <div ref={reel.ref} className="box-stage__canvas" style={{ height: 130 + 110 * (kind === 'free' ? 1 : quantity) }} data-testid="box-reel" />
        {demo.shown && <DemoMark />}
        {/* Under the reel, never over a card: Skip while it spins, then what landed on the marker. */}
        <div className="box-stage__footer" ref={footerRef}>
          {busy && reel.phase === 'running' ? (
            <Button variant="ghost" size="small" className="box-stage__skip" onClick={reel.finish}>
              {t('skip')}
            </Button>
          ) : (
            won.length > 0 && (
              <>
                <p className="box-stage__result" data-testid="reel-result" data-rarity={bestWon} data-tier={wonTier} aria-live="polite">
                  <span className="box-stage__headline">{winHeadline(wonTier)}</span>
                  {won.map((o) => (
                    <span key={o.inventory_id} className="box-stage__prize">
                      {o.item.name} <Coins value={o.item.price} />
                    </span>
                  ))}
                </p>
                <BigWinShare shared={reel.shared} />
                {/* What to do with it, right under what landed: sell, sell and open again, keep. */}
                <div className="box-won__actions" data-testid="won-actions">
                  {unsold.length > 0 && (
                    <SellButton size="medium" sale={unsoldSale} what={unsold.length === 1 ? unsold[0]!.item.name : t('itemCount', { count: unsold.length })} disabled={selling} onSell={() => void sell(unsold.map((o) => o.inventory_id))}>
                      {withCoins(unsold.length === 1 ? 'sellFor' : 'sellAllFor', unsoldSale)}
                    </SellButton>
                  )}
                  {canSellAndOpen && sellAndOpenButton('sell-and-open', 'medium')}
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setKept(unsold);
                      setWon([]);
                    }}
                  >
                    {t('keep')}
                  </Button>
                </div>
              </>
            )
          )}
          {!busy && kept.length > 0 && (
            <p className="box-stage__kept" role="status">
              {keptWords.before}
              <Link to="/profile/inventory">{keptNoteLink()}</Link>
              {keptWords.after}
            </p>
          )}
          {!busy && demo.openings && <DemoResult openings={demo.openings} guest={!user} onSignUp={() => openModal('register')} />}
        </div>
      </section>

      {won.length > 0 && (
        <section className="box-won" data-testid="won-items">
          <h2>{t('youWon')}</h2>
          <div className="item-grid">
            {won.map((o) => (
              <ItemCard key={o.inventory_id} item={o.item}>
                <div className="item-card__actions">
                  {sold.has(o.inventory_id) ? (
                    <span className="box-card__note">{t('sold')}</span>
                  ) : (
                    <SellButton sale={o.item.sale_price} what={o.item.name} disabled={selling} onSell={() => void sell([o.inventory_id])} aria-label={t('sellItem', { name: o.item.name })}>
                      {withCoins('sellPrice', o.item.sale_price)}
                    </SellButton>
                  )}
                </div>
                <span className="box-fair" title={t('provablyFairRoll')}>
                  {t('rollTicketNonce', { ticket: String(o.roll.ticket), nonce: String(o.roll.nonce) })}
                </span>
              </ItemCard>
            ))}
          </div>
        </section>
      )}

      <section className="box-section">
        <h2>{t('itemsInBox')}</h2>
        <div className="item-grid">
          {box.items.map((item) => (
            <ItemCard key={item.id} item={item} odds={item.odds} />
          ))}
        </div>
        <p className="box-fair">
          <ShieldCheck size={14} aria-hidden /> {t('fairnessNote', { ranges: box.items.map((i) => `${i.ticket_from}–${i.ticket_to}`).join(', ') })}
        </p>
      </section>

      <BoxDrops kind={kind} slug={box.slug} refreshKey={opened} />
    </div>
  );
}
