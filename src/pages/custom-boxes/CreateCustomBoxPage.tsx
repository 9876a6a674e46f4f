import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { ItemCard } from '../../features/boxes/ItemCard.tsx';
import { fetchBox, fetchBoxes, type BoxItem } from '../../features/boxes/boxesApi.ts';
import type { UserBoxCreatedAnswer, UserBoxCreateRequest } from '../../../core/protocol/boxes.ts';
import { boxPriceCents, CUSTOM_BOX_EDGE, percentToUnits, USER_BOX_LIMITS, userBoxProblem } from '../../../core/games/boxes.ts';
import '../../features/boxes/boxes.css';
import { centsOf } from '../../../core/money/cents.ts';
import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';

// /custom-boxes/create: pick catalog items, set their odds; the price and the first problem are
// computed with the same rules the server applies (core/games/boxes.ts), and the server's first
// error is shown if it still refuses.
export default function CreateCustomBoxPage() {
  const navigate = useNavigate();
  const [catalog, setCatalog] = useState<BoxItem[]>([]);
  const [catalogState, setCatalogState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<{ item: BoxItem; odds: string }[]>([]);
  const [busy, setBusy] = useState(false);

  // The catalog's items, gathered from the shop's boxes (each box lists its items).
  useEffect(() => {
    let live = true;
    fetchBoxes(SHOP_BOX_KIND, { per_page: 100 })
      .then(async (list) => {
        const boxes = await Promise.all(list.data.map((b) => fetchBox(SHOP_BOX_KIND, b.slug)));
        const items = new Map<number, BoxItem>();
        for (const box of boxes) for (const item of box.items) items.set(item.id, item);
        if (!live) return;
        setCatalog([...items.values()].sort((a, b) => a.price - b.price));
        setCatalogState('ready');
      })
      .catch(() => {
        if (live) setCatalogState('failed');
      });
    return () => {
      live = false;
    };
  }, []);

  const units = chosen.map((c) => percentToUnits(Number(c.odds)) ?? 0);
  const problem = userBoxProblem(units.map((oddsUnits) => ({ oddsUnits })));
  const price = useMemo(() => (problem ? null : boxPriceCents(chosen.map((c, k) => ({ price: centsOf(c.item.price), oddsUnits: units[k]! })), CUSTOM_BOX_EDGE)), [chosen, units, problem]);
  const shown = catalog.filter((i) => !chosen.some((c) => c.item.id === i.id) && i.name.toLowerCase().includes(search.toLowerCase())).slice(0, 40);

  async function create() {
    setBusy(true);
    try {
      const body: UserBoxCreateRequest = { name, items: chosen.map((c) => ({ id: c.item.id, odds: Number(c.odds) })) };
      const r = await api.post<UserBoxCreatedAnswer>('/api/user-boxes', body);
      toast.success(r.data.msg);
      navigate(`/custom/${r.data.data.slug}`);
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="boxes-page">
      <h1>Create a custom box</h1>
      <div className="boxes-filters">
        <TextInput small label="Box name" value={name} maxLength={USER_BOX_LIMITS.nameMax} onChange={(e) => setName(e.target.value)} />
        <div>
          <span className="box-card__note">Price</span>
          <div>{price === null ? '—' : <Coins value={price / 100} />}</div>
        </div>
        <Button onClick={create} loading={busy} disabled={!name.trim() || chosen.length === 0}>
          Create box
        </Button>
      </div>
      {problem && chosen.length > 0 && <p className="box-card__note">{problem}</p>}
      <section className="box-section">
        <h2>Your items ({chosen.length}/{USER_BOX_LIMITS.maxItems})</h2>
        <div className="item-grid">
          {chosen.map((c, k) => (
            <ItemCard key={c.item.id} item={c.item}>
              <TextInput small aria-label={`Odds of ${c.item.name}`} suffix="%" value={c.odds} onChange={(e) => setChosen((all) => all.map((x, j) => (j === k ? { ...x, odds: e.target.value } : x)))} />
              <Button size="small" variant="ghost" onClick={() => setChosen((all) => all.filter((_, j) => j !== k))}>
                Remove
              </Button>
            </ItemCard>
          ))}
        </div>
      </section>
      <section className="box-section">
        <h2>Catalog</h2>
        <TextInput small label="Search items" value={search} onChange={(e) => setSearch(e.target.value)} />
        {catalogState === 'failed' && <p className="box-card__note">The catalog could not be loaded. Reload the page to try again.</p>}
        {/* Busy until the catalog is in: assistive technology, and the visual baselines, wait for it. */}
        <div className="item-grid" style={{ marginTop: 12 }} aria-busy={catalogState === 'loading'}>
          {shown.map((item) => (
            <ItemCard key={item.id} item={item}>
              <Button size="small" disabled={chosen.length >= USER_BOX_LIMITS.maxItems} onClick={() => setChosen((all) => [...all, { item, odds: '' }])}>
                Add
              </Button>
            </ItemCard>
          ))}
        </div>
      </section>
    </div>
  );
}
