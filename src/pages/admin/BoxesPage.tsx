import { useState } from 'react';
import { Link } from 'react-router';
import { formatCoins, formatDateTime } from '../../format/format.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AdminList } from '../../features/admin/AdminList.tsx';
import { useUrlFilters } from '../../app/useUrlFilters.ts';
import { AdminSelect } from '../../features/admin/AdminSelect.tsx';
import { adminSendFor, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { boxRtp, catalogBoxProblem, formatRtp, ODDS_TOTAL, percentToUnits, unitsToPercent } from '../../../core/games/boxes.ts';
import { coinsToCents } from '../../../core/money/cents.ts';
import type { AdminBox, AdminBoxDetail, AdminItem, BoxVersion, CatalogOptions } from '../../../core/protocol/adminCatalog.ts';
import { adminBox, adminItems, adminBoxCreate, adminBoxUpdate, adminBoxVersionCreate, adminBoxes, adminCatalogOptions } from '../../../core/protocol/routes/admin.ts';

// /admin/boxes: the shop's boxes, and the editor of one (?box=ID, or ?box=new): its details, and the
// next version's price, items and odds with the RTP and the odds' sum live (core/games/boxes.ts, the
// same functions the server checks with). Publishing makes a new version; earlier openings and
// battles keep theirs. The server refuses what the live check flags; the editor shows its answer.

interface Line {
  item: AdminItem;
  /** The odds as typed, in % (3 decimals at most). */
  odds: string;
}

interface Draft {
  name: string;
  category: string;
  featured: boolean;
  type: 'standard' | 'unique';
  price: string;
  lines: Line[];
}

const EMPTY: Draft = { name: '', category: 'mixed', featured: false, type: 'standard', price: '', lines: [] };

const draftOf = (box: AdminBoxDetail): Draft => ({
  name: box.name,
  category: box.category,
  featured: box.featured,
  type: box.type === 'unique' ? 'unique' : 'standard',
  price: formatCoins(box.price),
  lines: box.items.map(({ odds_units, ...item }) => ({ item, odds: String(unitsToPercent(odds_units)) })),
});

/** The draft's odds in units (0 where the text is not a valid percentage) and its live figures. */
function figures(draft: Draft) {
  const items = draft.lines.map((l) => ({ price: coinsToCents(l.item.price) ?? 0, oddsUnits: percentToUnits(Number(l.odds)) ?? 0 }));
  const price = coinsToCents(Number(draft.price)) ?? 0;
  const sum = items.reduce((s, i) => s + i.oddsUnits, 0);
  return { items, sum, rtp: boxRtp(items, price), problem: price > 0 ? catalogBoxProblem(items, price) : 'Enter the box’s price.' };
}

const BOX_COLUMNS = (edit: (id: number) => void): readonly HistoryColumn<AdminBox>[] => [
  { label: 'Picture', cell: (r) => <img className="admin__thumb" src={r.img_url} alt="" loading="lazy" /> },
  { label: 'Box', cell: (r) => `${r.name}${r.free_level !== null ? ` (free loot, level ${r.free_level})` : ''}` },
  { label: 'Type', cell: (r) => r.type },
  { label: 'Price', cell: (r) => formatCoins(r.price) },
  { label: 'Version', cell: (r) => (r.version ? `v${r.version.number}` : '-') },
  { label: 'Items', cell: (r) => r.items_count },
  { label: 'RTP', cell: (r) => formatRtp(r.rtp) },
  { label: 'Opened', cell: (r) => r.opened_count },
  {
    label: 'Edit',
    cell: (r) => (
      <Button size="small" variant="secondary" onClick={() => edit(r.id)}>
        Edit
      </Button>
    ),
  },
];

const VERSION_COLUMNS: readonly HistoryColumn<BoxVersion>[] = [
  { label: 'Version', cell: (v) => `v${v.number}${v.current ? ' (current)' : ''}` },
  { label: 'Price', cell: (v) => formatCoins(v.price) },
  { label: 'RTP', cell: (v) => formatRtp(v.rtp) },
  { label: 'Odds', cell: (v) => v.items.map((i) => `${i.name} ${unitsToPercent(i.odds_units)}%`).join(', ') },
  { label: 'Openings', cell: (v) => v.openings },
  { label: 'Published', cell: (v) => `${formatDateTime(v.created_at)}${v.created_by ? ` by ${v.created_by}` : ''}` },
];

export default function BoxesPage() {
  const { params, page, update } = useUrlFilters();
  const search = params.get('search') ?? '';
  const selected = params.get('box');
  const list = useAdminData(adminBoxes, { query: { search, page } });
  const options = useAdminData(adminCatalogOptions, {}).data;
  // What the last change answered: kept here, since a new box's editor is replaced by its own.
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="admin__section">
      <h1>Boxes</h1>
      <div className="admin__toolbar">
        <TextInput small label="Search boxes" defaultValue={search} onBlur={(e) => update({ search: e.currentTarget.value.trim() })} onKeyDown={(e) => e.key === 'Enter' && update({ search: e.currentTarget.value.trim() })} />
        <Button size="small" onClick={() => update({ box: 'new' })}>
          New box
        </Button>
      </div>
      {notice && (
        <p className="admin__notice" role="status" data-testid="box-message">
          {notice}
        </p>
      )}
      {selected && options && (
        <BoxEditor
          key={selected}
          id={selected === 'new' ? null : Number(selected)}
          options={options}
          onSaved={(id, text) => {
            setNotice(text);
            list.reload();
            update({ box: String(id) });
          }}
          onClose={() => update({ box: '' })}
        />
      )}
      <AdminList list={list} columns={BOX_COLUMNS((id) => update({ box: String(id) }))} empty="No boxes match." testId="box-row" onPage={(n) => update({ page: String(n) })} />
    </section>
  );
}

function BoxEditor({ id, options, onSaved, onClose }: { id: number | null; options: CatalogOptions; onSaved: (id: number, message: string) => void; onClose: () => void }) {
  const box = useAdminData(id === null ? null : adminBox, { params: { id: id ?? 0 } });
  const [draft, setDraft] = useState<Draft | null>(id === null ? EMPTY : null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [find, setFind] = useState('');
  const found = useAdminData(find.length >= 2 ? adminItems : null, { query: { search: find } });
  const loaded = box.data?.data ?? null;
  if (draft === null && loaded) setDraft(draftOf(loaded));
  if (!draft) return <p className="admin__notice">{box.error ?? 'Loading the box…'}</p>;
  const live = figures(draft);
  const change = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setOdds = (k: number, odds: string) => change({ lines: draft.lines.map((l, i) => (i === k ? { ...l, odds } : l)) });
  const versionBody = () => ({ price: Number(draft.price), items: draft.lines.map((l, k) => ({ item_id: l.item.id, odds_units: live.items[k]!.oddsUnits })) });
  const answered = (answer: { data: { data: AdminBoxDetail; message: string } | null; error: string | null }) => {
    if (answer.error !== null || !answer.data) return setRefusal(answer.error ?? 'Something went wrong');
    setRefusal(null);
    setDraft(draftOf(answer.data.data));
    if (id !== null) box.reload();
    onSaved(answer.data.data.id, answer.data.message);
  };
  const details = { name: draft.name, category: draft.category, featured: draft.featured };
  return (
    <div className="admin__panel" aria-label={id === null ? 'New box' : `Box ${id}`} role="region">
      <h2>{id === null ? 'New box' : `${loaded?.name ?? ''} (v${loaded?.version?.number ?? '-'})`}</h2>
      {refusal && (
        <p className="admin__error" role="alert" data-testid="box-refusal">
          {refusal}
        </p>
      )}
      <div className="admin__grid">
        <TextInput label="Box name" value={draft.name} onChange={(e) => change({ name: e.currentTarget.value })} />
        <AdminSelect label="Box category" value={draft.category} onChange={(e) => change({ category: e.currentTarget.value })} options={options.box_categories.map((c) => ({ value: c, label: c }))} />
        {id === null && (
          <AdminSelect
            label="Type"
            value={draft.type}
            onChange={(e) => change({ type: e.currentTarget.value === 'unique' ? 'unique' : 'standard' })}
            options={[
              { value: 'standard', label: 'standard' },
              { value: 'unique', label: 'unique' },
            ]}
          />
        )}
        <Checkbox label="Featured" checked={draft.featured} onChange={(e) => change({ featured: e.currentTarget.checked })} />
      </div>
      {id !== null && (
        <div className="admin__toolbar">
          <Button size="small" variant="secondary" onClick={() => void adminSendFor(adminBoxUpdate, { params: { id: id }, body: details }).then(answered)}>
            Save details
          </Button>
          <Link to={`/admin/audit?target_kind=box&target_id=${id}`}>This box’s changes</Link>
        </div>
      )}
      <h3>{id === null ? 'Version 1' : 'Next version'}: price, items and odds</h3>
      <TextInput small label="Box price (coins)" inputMode="decimal" value={draft.price} onChange={(e) => change({ price: e.currentTarget.value })} />
      <table className="admin__table">
        <thead>
          <tr>
            <th>Item</th>
            <th>Value</th>
            <th>Odds %</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((line, k) => (
            <tr key={line.item.id} data-testid="odds-row">
              <td>
                <img className="admin__thumb" src={line.item.img_url} alt="" /> {line.item.name}
              </td>
              <td>{formatCoins(line.item.price)}</td>
              <td>
                <TextInput small className="admin__odds" aria-label={`Odds of ${line.item.name} in %`} inputMode="decimal" value={line.odds} onChange={(e) => setOdds(k, e.currentTarget.value)} />
              </td>
              <td>
                <Button size="small" variant="ghost" onClick={() => change({ lines: draft.lines.filter((_, i) => i !== k) })}>
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={`admin__figure${live.problem ? ' admin__figure--bad' : ''}`} aria-live="polite">
        <span>
          Odds sum <strong data-testid="odds-sum">{unitsToPercent(live.sum)}%</strong> of 100%
          {live.sum !== ODDS_TOTAL && ` (${live.sum > ODDS_TOTAL ? 'over' : 'short'} by ${unitsToPercent(Math.abs(ODDS_TOTAL - live.sum))}%)`}
        </span>
        <span>
          RTP <strong data-testid="box-rtp">{formatRtp(live.rtp)}</strong>
        </span>
      </div>
      {live.problem && <p className="admin__error">{live.problem}</p>}
      <div className="admin__toolbar">
        <TextInput small label="Add an item: search" value={find} onChange={(e) => setFind(e.currentTarget.value)} />
      </div>
      {find.length >= 2 && found.data && (
        <ul className="admin__results">
          {found.data.data
            .filter((item) => !draft.lines.some((l) => l.item.id === item.id))
            .slice(0, 8)
            .map((item) => (
              <li key={item.id}>
                <Button size="small" variant="secondary" onClick={() => change({ lines: [...draft.lines, { item, odds: '' }] })}>
                  Add {item.name} ({formatCoins(item.price)})
                </Button>
              </li>
            ))}
        </ul>
      )}
      <div className="admin__toolbar">
        <Button
          size="small"
          onClick={() =>
            void (id === null
              ? adminSendFor(adminBoxCreate, { body: { ...details, type: draft.type, ...versionBody() } })
              : adminSendFor(adminBoxVersionCreate, { params: { id: id }, body: versionBody() })
            ).then(answered)
          }
        >
          {id === null ? 'Create and publish' : 'Publish version'}
        </Button>
        <Button size="small" variant="ghost" onClick={onClose}>
          Close
        </Button>
        {loaded && (
          <a href={`/boxes/${loaded.slug}`} target="_blank" rel="noreferrer">
            The shop’s page
          </a>
        )}
      </div>
      {loaded && (
        <>
          <h3>Versions</h3>
          <HistoryTable columns={VERSION_COLUMNS} rows={loaded.versions} empty="No versions." testId="version-row" />
        </>
      )}
    </div>
  );
}
