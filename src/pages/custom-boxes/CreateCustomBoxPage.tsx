import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { ItemCard } from '../../features/boxes/ItemCard.tsx';
import { fetchBoxes, type BoxItem } from '../../features/boxes/boxesApi.ts';
import { fetchBox } from '../../features/boxes/boxPageApi.ts';
import type { UserBoxCreateRequest } from '../../../core/protocol/boxes.ts';
import { boxPriceCents, CUSTOM_BOX_EDGE, percentToUnits, unitsToPercent, USER_BOX_LIMITS, userBoxProblem } from '../../../core/games/boxes.ts';
import '../../features/boxes/boxes.css';
import { centsOf } from '../../../core/money/cents.ts';
import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';
import { callResponse } from '../../api/call.ts';
import { userBoxCreate } from '../../../core/protocol/routes/boxes.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * The first problem of the chosen odds in the page's language: core's userBoxProblem decides (the
 * server's rule) and names it in English; its checks, in its order, pick the catalog's sentence.
 */
function boxProblemText(units: readonly number[]): string | null {
  const problem = userBoxProblem(units.map((oddsUnits) => ({ oddsUnits })));
  if (!problem) return null;
  const L = USER_BOX_LIMITS;
  if (units.length < L.minItems) return t('tooFewItems', { min: L.minItems });
  if (units.length > L.maxItems) return t('tooManyItems', { max: L.maxItems });
  for (const u of units) {
    if (!Number.isSafeInteger(u) || u < L.minOddsUnits) return t('oddsTooLow', { min: unitsToPercent(L.minOddsUnits) });
    if (u > L.maxOddsUnits) return t('oddsTooHigh', { max: unitsToPercent(L.maxOddsUnits) });
  }
  return t('oddsSum', { sum: unitsToPercent(units.reduce((s, u) => s + u, 0)) });
}

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
  const problem = boxProblemText(units);
  const price = useMemo(() => (problem ? null : boxPriceCents(chosen.map((c, k) => ({ price: centsOf(c.item.price), oddsUnits: units[k]! })), CUSTOM_BOX_EDGE)), [chosen, units, problem]);
  const shown = catalog.filter((i) => !chosen.some((c) => c.item.id === i.id) && i.name.toLowerCase().includes(search.toLowerCase())).slice(0, 40);

  async function create() {
    setBusy(true);
    try {
      const body: UserBoxCreateRequest = { name, items: chosen.map((c) => ({ id: c.item.id, odds: Number(c.odds) })) };
      const r = await callResponse(userBoxCreate, { body });
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
      <h1>{t('createTitle')}</h1>
      <div className="boxes-filters">
        <TextInput small label={t('boxName')} value={name} maxLength={USER_BOX_LIMITS.nameMax} onChange={(e) => setName(e.target.value)} />
        <div>
          <span className="box-card__note">{t('price')}</span>
          <div>{price === null ? '—' : <Coins value={price / 100} />}</div>
        </div>
        <Button onClick={create} loading={busy} disabled={!name.trim() || chosen.length === 0}>
          {t('createBox')}
        </Button>
      </div>
      {problem && chosen.length > 0 && <p className="box-card__note">{problem}</p>}
      <section className="box-section">
        <h2>{t('yourItems', { count: chosen.length, max: USER_BOX_LIMITS.maxItems })}</h2>
        <div className="item-grid">
          {chosen.map((c, k) => (
            <ItemCard key={c.item.id} item={c.item}>
              <TextInput small aria-label={t('oddsOf', { name: c.item.name })} suffix="%" value={c.odds} onChange={(e) => setChosen((all) => all.map((x, j) => (j === k ? { ...x, odds: e.target.value } : x)))} />
              <Button size="small" variant="ghost" onClick={() => setChosen((all) => all.filter((_, j) => j !== k))}>
                {t('remove')}
              </Button>
            </ItemCard>
          ))}
        </div>
      </section>
      <section className="box-section">
        <h2>{t('catalog')}</h2>
        <TextInput small label={t('searchItems')} value={search} onChange={(e) => setSearch(e.target.value)} />
        {catalogState === 'failed' && <p className="box-card__note">{t('catalogFailed')}</p>}
        {/* Busy until the catalog is in: assistive technology, and the visual baselines, wait for it. */}
        <div className="item-grid" style={{ marginTop: 12 }} aria-busy={catalogState === 'loading'}>
          {shown.map((item) => (
            <ItemCard key={item.id} item={item}>
              <Button size="small" disabled={chosen.length >= USER_BOX_LIMITS.maxItems} onClick={() => setChosen((all) => [...all, { item, odds: '' }])}>
                {t('add')}
              </Button>
            </ItemCard>
          ))}
        </div>
      </section>
    </div>
  );
}
