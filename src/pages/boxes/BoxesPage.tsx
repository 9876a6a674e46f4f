import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { BoxCard } from '../../features/boxes/BoxCard.tsx';
import { fetchBoxes, type BoxPage, type BoxSummary } from '../../features/boxes/boxesApi.ts';
import { pageData } from '../../app/pageData.ts';
import { PAGE_SLOT_ATTRIBUTE } from '../../../core/pageData.ts';
import { BOX_LIST_PARAMS, SHOP_BOXES_PER_PAGE } from '../../../core/protocol/boxes.ts';
import '../../features/boxes/boxes.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
type Key = keyof typeof messages;

// /boxes: every shop box with search, category, type, price range and sort. The filters live in
// the query string, so a filtered list can be shared and survives a reload.

const CATEGORIES: readonly (readonly [string, Key])[] = [
  ['', 'allCategories'],
  ['sneakers', 'categorySneakers'],
  ['tech', 'categoryTech'],
  ['watches', 'categoryWatches'],
  ['fashion', 'categoryFashion'],
  ['gaming', 'categoryGaming'],
  ['gift-cards', 'categoryGiftCards'],
  ['mixed', 'categoryMixed'],
];
const SORTS: readonly (readonly [string, Key])[] = [
  ['popular', 'sortPopular'],
  ['new', 'sortNew'],
  ['price_asc', 'sortPriceAsc'],
  ['price_desc', 'sortPriceDesc'],
  ['name', 'sortName'],
];

/**
 * The unfiltered list's first page as the server sent it with this page (server/boxes/pageFills.ts),
 * on the page's first location (react-router's key 'default') only.
 */
function servedList(query: URLSearchParams, locationKey: string): BoxPage | null {
  if (locationKey !== 'default' || BOX_LIST_PARAMS.some((key) => query.has(key))) return null;
  return (pageData().boxes as BoxPage | undefined) ?? null;
}

export default function BoxesPage() {
  const [params, setParams] = useSearchParams();
  const locationKey = useLocation().key;
  const [served] = useState(() => servedList(params, locationKey));
  const [boxes, setBoxes] = useState<BoxSummary[]>(served?.data ?? []);
  const [total, setTotal] = useState(served?.meta.total ?? 0);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(Boolean(served?.links.next));
  // Until the first answer the list is loading, not empty: no "0 boxes" or "No boxes match" (which
  // the prerendered page, scripts/prerender.ts, would otherwise show every visitor first).
  const [loaded, setLoaded] = useState(served !== null);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const query = params.toString();
  // The served list is this page's first answer: the first run of the effect below does not ask again.
  const answered = useRef(served !== null);

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return;
    }
    let live = true;
    const p = new URLSearchParams(query);
    fetchBoxes('box', { search: p.get('search') ?? undefined, category: p.get('category') ?? undefined, type: p.get('type') ?? undefined, price_from: p.get('price_from') ?? undefined, price_to: p.get('price_to') ?? undefined, sort: p.get('sort') ?? 'popular', page, per_page: SHOP_BOXES_PER_PAGE })
      .then((r) => {
        if (!live) return;
        setBoxes((old) => (page === 1 ? r.data : [...old, ...r.data]));
        setTotal(r.meta.total);
        setHasMore(Boolean(r.links.next));
        setLoaded(true);
      })
      .catch(() => {
        if (!live) return;
        setBoxes([]);
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [query, page]);

  // Search waits for a pause in typing.
  useEffect(() => {
    const t = setTimeout(() => update('search', search.trim()), 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  function update(key: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (next.toString() === params.toString()) return;
    setPage(1);
    setParams(next, { replace: true });
  }

  return (
    <div className="boxes-page">
      <h1>{t('mysteryBoxes')}</h1>
      <div className="boxes-filters">
        <TextInput small label={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('searchBoxes')} suffix={<Search size={16} aria-hidden />} aria-label={t('searchBoxes')} />
        <label>
          {t('category')}
          <select value={params.get('category') ?? ''} onChange={(e) => update('category', e.target.value)} aria-label={t('category')}>
            {CATEGORIES.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('type')}
          <select value={params.get('type') ?? ''} onChange={(e) => update('type', e.target.value)} aria-label={t('type')}>
            <option value="">{t('allTypes')}</option>
            <option value="standard">{t('typeStandard')}</option>
            <option value="unique">{t('typeUnique')}</option>
          </select>
        </label>
        <TextInput small label={t('minPrice')} type="number" min={0} defaultValue={params.get('price_from') ?? ''} onBlur={(e) => update('price_from', e.target.value)} />
        <TextInput small label={t('maxPrice')} type="number" min={0} defaultValue={params.get('price_to') ?? ''} onBlur={(e) => update('price_to', e.target.value)} />
        <label>
          {t('sort')}
          <select value={params.get('sort') ?? 'popular'} onChange={(e) => update('sort', e.target.value)} aria-label={t('sort')}>
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="box-card__note">{loaded ? t('boxCount', { count: total }) : '\u00a0'}</p>
      {boxes.length || !loaded ? (
        <div className="box-grid" aria-busy={!loaded}>
          {/* While loading, the prerendered page's slot: the server writes the first cards there. */}
          {!loaded && <span hidden {...{ [PAGE_SLOT_ATTRIBUTE]: '' }} />}
          {boxes.map((box) => (
            <BoxCard key={box.slug} box={box} />
          ))}
        </div>
      ) : (
        <p className="boxes-empty">{t('noMatch')}</p>
      )}
      {hasMore && (
        <div className="boxes-more">
          <Button variant="secondary" onClick={() => setPage((p) => p + 1)}>
            {t('showMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
