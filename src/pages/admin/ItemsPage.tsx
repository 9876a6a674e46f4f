import { useState } from 'react';
import { formatCoins } from '../../format/format.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AdminList } from '../../features/admin/AdminList.tsx';
import { useUrlFilters } from '../../app/useUrlFilters.ts';
import { AdminSelect } from '../../features/admin/AdminSelect.tsx';
import { ItemPhotoField } from '../../features/admin/ItemPhotoField.tsx';
import { adminSendFor, useAdminData } from '../../features/admin/adminApi.ts';
import type { HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { RARITIES } from '../../../core/games/rarity.ts';
import { SIZE_KINDS } from '../../../core/protocol/shipping.ts';
import type { AdminItem, ItemInput } from '../../../core/protocol/adminCatalog.ts';
import { adminCatalogOptions, adminItemCreate, adminItemUpdate, adminItems } from '../../../core/protocol/routes/admin.ts';

// /admin/items: the catalog's items, searched by name or brand; create one or edit one in the form
// above the list. The server decides (the sale price follows the price, digital follows the
// category, a held item's price and delivery kind stay); the form shows what it answers. A saved
// item takes a product photo in place of its drawing (ItemPhotoField).

type Draft = { name: string; brand: string; category: string; price: string; rarity: string; size_kind: string; art_kind: string };
const EMPTY: Draft = { name: '', brand: '', category: 'sneakers', price: '', rarity: 'common', size_kind: '', art_kind: '' };

const draftOf = (item: AdminItem): Draft => ({
  name: item.name,
  brand: item.brand,
  category: item.category,
  price: formatCoins(item.price),
  rarity: item.rarity,
  size_kind: item.size_kind ?? '',
  art_kind: item.art_kind ?? '',
});

export default function ItemsPage() {
  const { params, page, update } = useUrlFilters();
  const search = params.get('search') ?? '';
  const { data, error, loading, reload } = useAdminData(adminItems, { query: { search, page } });
  const options = useAdminData(adminCatalogOptions, {}).data;
  const [editing, setEditing] = useState<AdminItem | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const [pictureVersion, setPictureVersion] = useState(0);
  const set = (name: keyof Draft, value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const open = (item: AdminItem | 'new') => {
    setEditing(item);
    setDraft(item === 'new' ? EMPTY : draftOf(item));
    setMessage(null);
  };
  const digital = options?.digital_categories.includes(draft.category) ?? false;
  const save = async () => {
    const body: ItemInput = {
      name: draft.name,
      brand: draft.brand,
      category: draft.category,
      price: Number(draft.price),
      rarity: draft.rarity as ItemInput['rarity'],
      size_kind: digital || !draft.size_kind ? null : (draft.size_kind as ItemInput['size_kind']),
      art_kind: draft.art_kind || null,
    };
    const answer = editing === 'new' || editing === null ? await adminSendFor(adminItemCreate, { body: body }) : await adminSendFor(adminItemUpdate, { params: { id: editing.id }, body: body });
    if (answer.error !== null) return setMessage({ text: answer.error, bad: true });
    setMessage({ text: `${answer.data.message} ${answer.data.data.name} (id ${answer.data.data.id}).`, bad: false });
    setEditing(answer.data.data);
    setDraft(draftOf(answer.data.data));
    setPictureVersion((v) => v + 1);
    reload();
  };
  const columns: readonly HistoryColumn<AdminItem>[] = [
    { label: 'Picture', cell: (r) => <img className="admin__thumb" src={r.img_url} alt="" loading="lazy" /> },
    { label: 'Item', cell: (r) => `${r.brand} · ${r.name}` },
    { label: 'Category', cell: (r) => `${r.category}${r.digital ? ' (digital)' : ''}` },
    { label: 'Price', cell: (r) => formatCoins(r.price) },
    { label: 'Sells for', cell: (r) => formatCoins(r.sale_price) },
    { label: 'Rarity', cell: (r) => r.rarity },
    { label: 'Sizes', cell: (r) => r.size_kind ?? 'one size' },
    { label: 'Held', cell: (r) => r.held },
    { label: 'In boxes', cell: (r) => r.boxes },
    {
      label: 'Edit',
      cell: (r) => (
        <Button size="small" variant="secondary" onClick={() => open(r)}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <section className="admin__section">
      <h1>Items</h1>
      <div className="admin__toolbar">
        <TextInput small label="Search name or brand" defaultValue={search} onBlur={(e) => update({ search: e.currentTarget.value.trim() })} onKeyDown={(e) => e.key === 'Enter' && update({ search: e.currentTarget.value.trim() })} />
        <Button size="small" onClick={() => open('new')}>
          New item
        </Button>
      </div>
      {message && (
        <p className={message.bad ? 'admin__error' : 'admin__notice'} role="status" data-testid="item-message">
          {message.text}
        </p>
      )}
      {editing !== null && options && (
        <form
          className="admin__panel"
          aria-label={editing === 'new' ? 'New item' : `Edit ${editing.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <h2>{editing === 'new' ? 'New item' : `Item ${editing.id}`}</h2>
          <div className="admin__grid">
            <TextInput label="Name" value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} />
            <TextInput label="Brand" value={draft.brand} onChange={(e) => set('brand', e.currentTarget.value)} />
            <AdminSelect label="Category" value={draft.category} onChange={(e) => set('category', e.currentTarget.value)} options={options.categories.map((c) => ({ value: c, label: options.digital_categories.includes(c) ? `${c} (digital: a code)` : c }))} />
            <TextInput label="Price (coins)" inputMode="decimal" value={draft.price} onChange={(e) => set('price', e.currentTarget.value)} />
            <AdminSelect label="Rarity" value={draft.rarity} onChange={(e) => set('rarity', e.currentTarget.value)} options={RARITIES.map((r) => ({ value: r, label: r }))} />
            <AdminSelect
              label="Sizes"
              value={digital ? '' : draft.size_kind}
              disabled={digital}
              onChange={(e) => set('size_kind', e.currentTarget.value)}
              options={[{ value: '', label: digital ? 'none (digital)' : 'one size' }, ...SIZE_KINDS.map((k) => ({ value: k, label: k }))]}
            />
            <AdminSelect label="Picture" value={draft.art_kind} onChange={(e) => set('art_kind', e.currentTarget.value)} options={[{ value: '', label: 'automatic (from category and name)' }, ...options.art_kinds.map((k) => ({ value: k, label: k }))]} />
          </div>
          <p className="admin__notice">{digital ? 'Digital: delivered as a code, never shipped.' : 'Physical: shipped to the player.'} Sells back for 90% of the price.</p>
          {editing !== 'new' && <img className="admin__picture" src={`${editing.img_url}?v=${pictureVersion}`} alt={`${editing.name} picture`} />}
          {editing !== 'new' && (
            <ItemPhotoField
              item={editing}
              onSaved={(item, text) => {
                setMessage({ text: `${text} ${item.name} (id ${item.id}).`, bad: false });
                setEditing(item);
                reload();
              }}
            />
          )}
          <div className="admin__toolbar">
            <Button type="submit" size="small">
              {editing === 'new' ? 'Create item' : 'Save item'}
            </Button>
            <Button size="small" variant="ghost" onClick={() => setEditing(null)}>
              Close
            </Button>
          </div>
        </form>
      )}
      <AdminList list={{ data, error, loading }} columns={columns} empty="No items match." testId="item-row" onPage={(n) => update({ page: String(n) })} />
    </section>
  );
}
