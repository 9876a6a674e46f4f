import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { KeyRound, ShoppingCart, Truck } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Coins } from '../../components/Coin.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { ItemCard } from '../../features/boxes/ItemCard.tsx';
import { fetchInventory, fetchItemCodes, redeemItem, sellItem, type InventoryEntry, type ItemCode } from '../../features/inventory/inventoryApi.ts';
import { ItemCodeList, ItemCodeModal } from '../../features/boxes/ItemCodes.tsx';
import { SellButton } from '../../features/inventory/SellButton.tsx';
import { useCart } from '../../features/cart/cartStore.ts';
import { CART_TOGGLE } from '../../features/cart/cartToggle.ts';
import { ShipCheckout } from '../../features/shipping/ShipCheckout.tsx';
import { deliveryFormPath, useShippingAddress } from '../../features/shipping/shippingApi.ts';
import { useTwoFactorField } from '../../features/accountSecurity/TwoFactorField.tsx';
import '../../features/boxes/boxes.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import shellMessages from '../../app/layout/i18n/en-US.json';

const t = translator(messages);
const tShell = translator(shellMessages);

// /profile/inventory: owned items with sort, name filter and infinite paging (links.next); each
// item can be sold, or shipped through the checkout (without a saved address its ship button
// leads to the address form instead); digital items are sold or delivered as a code (shown in a
// modal, then listed below the items), never shipped. A sale worth 50 coins or more asks first
// (SellButton). The cart popper sells several at once.
export default function InventoryPage() {
  // Two items sold before the first answer: the header ends on the newest balance.
  const cartVersion = useCart((s) => s.version);
  const toggleCart = useCart((s) => s.toggle);
  const [sort, setSort] = useState('newest');
  const [name, setName] = useState('');
  const [entries, setEntries] = useState<InventoryEntry[]>([]);
  /** null until the first page answers: the page says it is loading, not "0 items" and "No items yet". */
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [shipping, setShipping] = useState<InventoryEntry[] | null>(null);
  const [codes, setCodes] = useState<ItemCode[]>([]);
  const [shownCode, setShownCode] = useState<{ name: string; code: string } | null>(null);
  /** The digital item whose code waits for the player's two-factor code. */
  const [codeAsked, setCodeAsked] = useState<InventoryEntry | null>(null);
  const secondFactor = useTwoFactorField();
  const address = useShippingAddress();
  const sentinel = useRef<HTMLDivElement | null>(null);

  const load = useCallback(async (p: number) => {
    const r = await fetchInventory({ sort, name: name.trim() || undefined, page: p, per_page: 24 });
    setEntries((old) => (p === 1 ? r.data : [...old, ...r.data]));
    setTotal(r.meta.total);
    setHasMore(Boolean(r.links.next));
    setPage(p);
  }, [sort, name]);

  useEffect(() => {
    const timer = setTimeout(() => void load(1).catch((e) => toast.error(apiErrorText(e))), 200);
    return () => clearTimeout(timer);
  }, [load, cartVersion]);

  const loadCodes = useCallback(() => fetchItemCodes().then(setCodes, (e) => toast.error(apiErrorText(e))), []);
  useEffect(() => void loadCodes(), [loadCodes]);

  // Infinite paging: the next page loads when the end of the list scrolls into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void load(page + 1);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, page, load]);

  async function sell(entry: InventoryEntry) {
    setBusy(entry.id);
    try {
      // The answer's balance reaches the header through the balance store (src/stores/balance.ts).
      const answer = await sellItem(entry.id);
      toast.success(answer.msg);
      await load(1);
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  }

  async function redeem(entry: InventoryEntry) {
    setBusy(entry.id);
    try {
      const answer = await redeemItem(entry.id, secondFactor.body);
      secondFactor.done();
      setCodeAsked(null);
      // A held reveal has no code yet: the list of codes shows it as waiting for review.
      if (answer.code === null) toast.success(answer.msg);
      else setShownCode({ name: entry.item.name, code: answer.code });
      await Promise.all([load(1), loadCodes()]);
    } catch (error) {
      // With two-factor sign-in on, the code is a delivery: the server asks for a code first.
      if (secondFactor.refused(error)) setCodeAsked(entry);
      else toast.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  }

  function shipped(msg: string) {
    setShipping(null);
    toast.success(msg);
    void load(1);
  }

  return (
    <div className="inventory-page">
      {/* The page's name for a screen reader's heading list; the profile's menu shows it on screen. */}
      <h1 className="visually-hidden">{tShell('inventory')}</h1>
      <div className="boxes-filters">
        <TextInput small label={t('name')} value={name} onChange={(e) => setName(e.target.value)} placeholder={t('filterByName')} />
        <label>
          {t('sort')}
          <select value={sort} onChange={(e) => setSort(e.target.value)} aria-label={t('sort')}>
            <option value="newest">{t('newest')}</option>
            <option value="oldest">{t('oldest')}</option>
            <option value="price_desc">{t('priceDesc')}</option>
            <option value="price_asc">{t('priceAsc')}</option>
            <option value="name">{t('name')}</option>
          </select>
        </label>
        <Button variant="secondary" onClick={toggleCart} data-testid="open-cart" {...{ [CART_TOGGLE]: '' }}>
          <ShoppingCart size={16} aria-hidden /> {tShell('cart')}
        </Button>
      </div>
      <p className="box-card__note" data-testid="inventory-total" aria-busy={total === null}>
        {total === null ? t('loadingItems') : t('itemCount', { count: total })}
      </p>
      {entries.length ? (
        <div className="item-grid">
          {entries.map((entry) => (
            <ItemCard key={entry.id} item={entry.item}>
              <div className="item-card__actions">
                <SellButton sale={entry.item.sale_price} what={entry.item.name} disabled={busy === entry.id} onSell={() => void sell(entry)} aria-label={t('sellItem', { name: entry.item.name })}>
                  <Coins value={entry.item.sale_price} />
                </SellButton>
                {!entry.shippable ? (
                  <Button size="small" variant="secondary" disabled={busy === entry.id} onClick={() => redeem(entry)} aria-label={t('getCodeOf', { name: entry.item.name })} title={t('codeNotShipped')}>
                    <KeyRound size={14} aria-hidden />
                  </Button>
                ) : address === null ? (
                  <Link className="btn btn--secondary btn--small" to={deliveryFormPath('/profile/inventory')} aria-label={t('shipNeedsAddress', { name: entry.item.name })}>
                    <Truck size={14} aria-hidden />
                  </Link>
                ) : (
                  <Button size="small" variant="secondary" disabled={busy === entry.id || !address} onClick={() => setShipping([entry])} aria-label={t('shipItem', { name: entry.item.name })}>
                    <Truck size={14} aria-hidden />
                  </Button>
                )}
              </div>
            </ItemCard>
          ))}
        </div>
      ) : total === null ? null : (
        <p className="boxes-empty">
          {t('noItems')} <Link to="/boxes">{t('openBox')}</Link>
        </p>
      )}
      <div ref={sentinel} />
      <ItemCodeList codes={codes} />
      {codeAsked && (
        <Modal title={t('getCodeOf', { name: codeAsked.item.name })} onClose={() => { secondFactor.done(); setCodeAsked(null); }}>
          {secondFactor.field}
          <Button block loading={busy === codeAsked.id} onClick={() => void redeem(codeAsked)}>
            {t('getCode')}
          </Button>
        </Modal>
      )}
      {shownCode && <ItemCodeModal name={shownCode.name} code={shownCode.code} onClose={() => setShownCode(null)} />}
      {shipping && address && <ShipCheckout entries={shipping} address={address} returnTo="/profile/inventory" onClose={() => setShipping(null)} onShipped={shipped} />}
    </div>
  );
}
