import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { X } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Coins } from '../../components/Coin.tsx';
import { fetchInventory, sellItem, type InventoryEntry } from '../boxes/boxesApi.ts';
import { useSession } from '../../stores/session.ts';
import { useCart } from './cartStore.ts';
import './cart.css';

// The cart popper (spec §2, §4): the player's owned items with a checkbox each; select-all toggles
// all or none; Sell is disabled with nothing selected and sells each selected item one at a time,
// then clears the selection and reloads the list.
export function CartPopper() {
  const isOpen = useCart((s) => s.open);
  const close = useCart((s) => s.close);
  const bump = useCart((s) => s.changed);
  const setBalance = useSession((s) => s.setBalance);
  const [items, setItems] = useState<InventoryEntry[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [selling, setSelling] = useState(false);

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

  if (!isOpen) return null;
  const allSelected = items.length > 0 && selected.size === items.length;
  const total = items.filter((i) => selected.has(i.id)).reduce((s, i) => s + i.item.sale_price, 0);

  async function sell() {
    setSelling(true);
    for (const id of selected) {
      try {
        const answer = await sellItem(id);
        setBalance(answer.balance);
        toast.success(answer.msg);
      } catch (error) {
        toast.error(apiErrorText(error));
      }
    }
    setSelected(new Set());
    setSelling(false);
    bump();
    await reload();
  }

  return (
    <div className="cart-popper" role="dialog" aria-label="Cart" data-testid="cart-popper">
      <header className="cart-popper__head">
        <strong>Your items ({items.length})</strong>
        <button type="button" className="icon-button" aria-label="Close cart" onClick={close}>
          <X size={18} aria-hidden />
        </button>
      </header>
      <Checkbox label="Select all" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)))} disabled={!items.length} />
      <ul className="cart-popper__list">
        {items.map((entry) => (
          <li key={entry.id} className={`cart-popper__row item-card--${entry.item.rarity}`}>
            <Checkbox
              aria-label={`Select ${entry.item.name}`}
              checked={selected.has(entry.id)}
              onChange={() =>
                setSelected((s) => {
                  const next = new Set(s);
                  if (next.has(entry.id)) next.delete(entry.id);
                  else next.add(entry.id);
                  return next;
                })
              }
            />
            <img src={entry.item.img_url} alt="" width={40} height={40} />
            <span className="cart-popper__name">{entry.item.name}</span>
            <Coins value={entry.item.sale_price} />
          </li>
        ))}
        {!items.length && <li className="boxes-empty">No items yet.</li>}
      </ul>
      <Button block variant="money" disabled={selected.size === 0} loading={selling} onClick={sell}>
        Sell {selected.size > 0 && <Coins value={total} />}
      </Button>
    </div>
  );
}

export default CartPopper;
