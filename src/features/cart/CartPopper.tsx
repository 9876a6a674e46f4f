import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { X } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Coins } from '../../components/Coin.tsx';
import { fetchInventory, sellItem, type InventoryEntry } from '../inventory/inventoryApi.ts';
import { useCart } from './cartStore.ts';
import { centsOf } from '../../../core/money/cents.ts';
import { formatCoins } from '../../format/format.ts';
import { CART_TOGGLE } from './cartToggle.ts';
import { usePopperDismiss } from '../../app/usePopperDismiss.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import './cart.css';

const t = translator(messages);

// The cart popper (docs/product.md §2, §4): the player's owned items with a checkbox each (a click
// anywhere on a row toggles it); select-all toggles all or none; Sell is disabled with nothing
// selected and sells each selected item one at a time, then clears the selection and reloads the
// list. It is an opaque drawer that Escape and a click outside close (a cart toggle button, marked
// CART_TOGGLE, toggles it itself).
export function CartPopper() {
  const isOpen = useCart((s) => s.open);
  const close = useCart((s) => s.close);
  const bump = useCart((s) => s.changed);
  const [items, setItems] = useState<InventoryEntry[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [selling, setSelling] = useState(false);
  const drawer = useRef<HTMLDivElement>(null);

  const reload = useCallback(async () => {
    try {
      setItems((await fetchInventory({ per_page: 100, sort: 'newest' })).data);
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  }, []);

  useEffect(() => {
    if (isOpen) void reload();
  }, [isOpen, reload]);

  usePopperDismiss(isOpen, drawer, CART_TOGGLE, close);

  const toggle = useCallback(
    (id: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  if (!isOpen) return null;
  const allSelected = items.length > 0 && selected.size === items.length;
  const total = items.filter((i) => selected.has(i.id)).reduce((s, i) => s + i.item.sale_price, 0);

  async function sell() {
    setSelling(true);
    // One item at a time (each its own sale), then one toast for the lot: a sale of five is one
    // line, not five stacked ones; refusals are summed in one error toast with the first reason.
    const sold: number[] = [];
    const refused: string[] = [];
    for (const id of selected) {
      try {
        await sellItem(id);
        sold.push(id);
      } catch (error) {
        refused.push(apiErrorText(error));
      }
    }
    if (sold.length > 0) {
      const amount = items.filter((i) => sold.includes(i.id)).reduce((sum, i) => sum + centsOf(i.item.sale_price), 0);
      toast.success(t('itemsSold', { count: sold.length, amount: formatCoins(amount / 100) }));
    }
    if (refused.length === 1) toast.error(refused[0]);
    else if (refused.length > 1) toast.error(t('itemsNotSold', { count: refused.length, reason: refused[0]! }));
    setSelected(new Set());
    setSelling(false);
    bump();
    await reload();
  }

  return (
    <div ref={drawer} className="cart-popper" role="dialog" aria-label={t('cart')} data-testid="cart-popper">
      <header className="cart-popper__head">
        <strong>{t('yourItems', { count: String(items.length) })}</strong>
        <button type="button" className="icon-button" aria-label={t('closeCart')} onClick={close}>
          <X size={18} aria-hidden />
        </button>
      </header>
      <Checkbox label={t('selectAll')} checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)))} disabled={!items.length} />
      <ul className="cart-popper__list">
        {items.map((entry) => (
          <li
            key={entry.id}
            className={`cart-popper__row item-card--${entry.item.rarity}${selected.has(entry.id) ? ' cart-popper__row--selected' : ''}`}
            onClick={(event) => {
              // The checkbox's own label toggles it already; elsewhere the row does.
              if (!(event.target as Element).closest('label')) toggle(entry.id);
            }}
          >
            <Checkbox aria-label={t('selectItem', { name: entry.item.name })} checked={selected.has(entry.id)} onChange={() => toggle(entry.id)} />
            <img src={entry.item.img_url} alt="" width={40} height={40} />
            <span className="cart-popper__name">{entry.item.name}</span>
            <Coins value={entry.item.sale_price} />
          </li>
        ))}
        {!items.length && <li className="boxes-empty">{t('noItems')}</li>}
      </ul>
      <Button block variant="money" disabled={selected.size === 0} loading={selling} onClick={sell}>
        {t('sell')} {selected.size > 0 && <Coins value={total} />}
      </Button>
    </div>
  );
}

export default CartPopper;
