import { formatDateTime } from '../../format/format.ts';
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AdminPager } from '../../features/admin/AdminPager.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatCoins } from '../../../core/money/cents.ts';
import { GAME_IDS, GAMES, type GameId } from '../../../core/games/catalog.ts';
import { HISTORY_GAME_LABELS } from '../../../core/protocol/history.ts';
import type { AdminGiftCode, AdminPromo, CodeState, PromoRedemption } from '../../../core/protocol/adminCodes.ts';
import { adminGiftCodeMint, adminGiftCodeUpdate, adminGiftCodes, adminPromoCodeCreate, adminPromoCodeUpdate, adminPromoCodes, adminPromoRedemptions } from '../../../core/protocol/routes/admin.ts';

// /admin/codes (docs/operator-console.md, "Codes"): promo codes (create with limits and expiry,
// change them, disable, see each code's redemptions) and gift codes and vouchers (mint, disable,
// who redeemed which). The server decides every rule and answers the field messages shown here.

const STATE_LABELS: Record<CodeState, string> = { active: 'Active', disabled: 'Disabled', expired: 'Expired', used_up: 'Used up' };
const when = (iso: string | null, none = '—') => (iso ? formatDateTime(iso) : none);
/** The datetime-local field's value as an instant (the browser's time zone), or null when empty. */
const instant = (local: string) => (local ? new Date(local).toISOString() : null);
const positive = (text: string) => (text.trim() === '' ? null : Number(text));

function Notice({ error, message }: { error: string | null; message: string | null }) {
  if (!error && !message) return null;
  return (
    <p className={error ? 'admin__error' : 'admin__notice'} role={error ? 'alert' : 'status'}>
      {error ?? message}
    </p>
  );
}

/** Each game's weight toward a bonus's requirement, prefilled with the catalog's (docs/bonuses.md, "Game weights"). */
const CATALOG_WEIGHTS = Object.fromEntries(GAME_IDS.map((g) => [g, String(GAMES[g].bonusWeightPct)])) as Record<GameId, string>;

/** The weights the operator changed from the catalog's, or null when none (the code then follows the catalog). */
function changedWeights(weights: Record<GameId, string>): Record<string, number> | null {
  const changed = GAME_IDS.filter((g) => weights[g].trim() !== CATALOG_WEIGHTS[g]).map((g) => [g, Number(weights[g])] as const);
  return changed.length === 0 ? null : Object.fromEntries(changed);
}

const weightsText = (weights: Record<string, number>) => GAME_IDS.map((g) => `${HISTORY_GAME_LABELS[g]} ${weights[g] ?? GAMES[g].bonusWeightPct} %`).join(', ');

function PromoForm({ onCreated }: { onCreated: (code: string) => void }) {
  const empty = { code: '', value: '', fixed: false, maxUses: '', perUser: '1', expires: '', multiple: '1', withDeposit: false, days: '30', maxBet: '', budget: '', cap: '' };
  const [f, setF] = useState(empty);
  const [weights, setWeights] = useState(CATALOG_WEIGHTS);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof f) => (e: { currentTarget: { value: string } }) => setF({ ...f, [k]: e.currentTarget.value });
  const submit = async () => {
    const failed = await adminSend(adminPromoCodeCreate, { body: {
      code: f.code.trim(),
      value: Number(f.value),
      is_fixed_value: f.fixed,
      max_uses: positive(f.maxUses),
      per_user_limit: Number(f.perUser),
      expires_at: instant(f.expires),
      wagering_multiple: Number(f.multiple),
      wagering_base: f.withDeposit ? 'bonus_deposit' : 'bonus',
      bonus_days: Number(f.days),
      max_bet: positive(f.maxBet),
      budget: positive(f.budget),
      bonus_cap: positive(f.cap),
      game_weights: changedWeights(weights),
    } });
    setError(failed);
    if (!failed) {
      onCreated(f.code.trim());
      setF(empty);
      setWeights(CATALOG_WEIGHTS);
    }
  };
  return (
    <form className="admin__panel" aria-label="New promo code" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <div className="admin__grid">
        <TextInput small label="Code" value={f.code} onChange={set('code')} />
        <TextInput small label={f.fixed ? 'Bonus (coins)' : 'Bonus (%)'} inputMode="decimal" value={f.value} onChange={set('value')} />
        <TextInput small label="Max uses (empty: no cap)" inputMode="numeric" value={f.maxUses} onChange={set('maxUses')} />
        <TextInput small label="Uses per player" inputMode="numeric" value={f.perUser} onChange={set('perUser')} />
        <TextInput small label="Expires" type="datetime-local" value={f.expires} onChange={set('expires')} />
        {/* What its bonuses must be wagered before they can leave (docs/bonuses.md), and what they may cost. */}
        <TextInput small label="Wager × (0: none)" inputMode="numeric" value={f.multiple} onChange={set('multiple')} />
        <TextInput small label="Bonus lives (days)" inputMode="numeric" value={f.days} onChange={set('days')} />
        <TextInput small label="Max bet while active (coins, empty: none)" inputMode="decimal" value={f.maxBet} onChange={set('maxBet')} />
        <TextInput small label="Budget (coins, empty: none)" inputMode="decimal" value={f.budget} onChange={set('budget')} />
        <TextInput small label="Cap per bonus (coins, empty: none)" inputMode="decimal" value={f.cap} onChange={set('cap')} />
      </div>
      <Checkbox label="Fixed bonus in coins (not a percentage)" checked={f.fixed} onChange={(e) => setF({ ...f, fixed: e.currentTarget.checked })} />
      <Checkbox label="Wager the bonus plus the deposit (not the bonus alone)" checked={f.withDeposit} onChange={(e) => setF({ ...f, withDeposit: e.currentTarget.checked })} />
      <fieldset className="admin__grid" aria-label="Game weights">
        <legend>How much each game's stakes count toward the requirement (%)</legend>
        {GAME_IDS.map((g) => (
          <TextInput key={g} small label={`${HISTORY_GAME_LABELS[g]} (%)`} inputMode="numeric" value={weights[g]} onChange={(e) => setWeights({ ...weights, [g]: e.currentTarget.value })} />
        ))}
      </fieldset>
      <Notice error={error} message={null} />
      <Button size="small" type="submit" className="admin__submit">
        Create promo code
      </Button>
    </form>
  );
}

/** One code's limits form and its redemptions. */
function PromoDetail({ promo, onChanged }: { promo: AdminPromo; onChanged: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const { data } = useAdminData(adminPromoRedemptions, { params: { id: promo.id }, query: { page } });
  const [maxUses, setMaxUses] = useState(promo.max_uses === null ? '' : String(promo.max_uses));
  const [perUser, setPerUser] = useState(String(promo.per_user_limit));
  const [budget, setBudget] = useState(promo.budget === null ? '' : String(promo.budget));
  const [cap, setCap] = useState(promo.bonus_cap === null ? '' : String(promo.bonus_cap));
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const failed = await adminSend(adminPromoCodeUpdate, { params: { id: promo.id }, body: { max_uses: positive(maxUses), per_user_limit: Number(perUser), budget: positive(budget), bonus_cap: positive(cap) } });
    setError(failed);
    if (!failed) onChanged(`${promo.code}: limits saved.`);
  };
  const columns: readonly HistoryColumn<PromoRedemption>[] = [
    { label: 'When', cell: (r) => when(r.created_at) },
    { label: 'Player', cell: (r) => `${r.name} <${r.email}> (#${r.user_id})` },
    { label: 'Deposit', cell: (r) => formatCoins(r.deposit) },
    { label: 'Bonus', cell: (r) => formatCoins(r.bonus) },
    { label: 'Invoice', cell: (r) => r.invoice_id },
  ];
  return (
    <section className="admin__panel" aria-label={`Promo code ${promo.code}`}>
      <h3>
        {promo.code}: {promo.uses} use{promo.uses === 1 ? '' : 's'}, {formatCoins(promo.bonus_paid)} coins of bonus
      </h3>
      <div className="admin__toolbar">
        <TextInput small label="Max uses (empty: no cap)" inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.currentTarget.value)} />
        <TextInput small label="Uses per player" inputMode="numeric" value={perUser} onChange={(e) => setPerUser(e.currentTarget.value)} />
        <TextInput small label="Budget (coins, empty: none)" inputMode="decimal" value={budget} onChange={(e) => setBudget(e.currentTarget.value)} />
        <TextInput small label="Cap per bonus (coins, empty: none)" inputMode="decimal" value={cap} onChange={(e) => setCap(e.currentTarget.value)} />
        <Button size="small" onClick={() => void save()}>
          Save limits
        </Button>
      </div>
      <p data-testid="promo-weights">Game weights: {weightsText(promo.game_weights)}</p>
      <Notice error={error} message={null} />
      <h4>Redemptions</h4>
      <div className="admin__wide">{data && <HistoryTable columns={columns} rows={data.data} empty="Nobody has used this code yet." testId="redemption-row" />}</div>
      <AdminPager page={data} onPage={setPage} />
    </section>
  );
}

function PromoCodes() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { data, error: loadError, reload } = useAdminData(adminPromoCodes, { query: { q, page } });
  const changed = (text: string) => {
    setMessage(text);
    setError(null);
    reload();
  };
  const patch = async (p: AdminPromo, body: object, text: string) => {
    const failed = await adminSend(adminPromoCodeUpdate, { params: { id: p.id }, body: body });
    if (failed) setError(failed);
    else changed(text);
  };
  const columns: readonly HistoryColumn<AdminPromo>[] = [
    { label: 'Code', cell: (p) => p.code },
    { label: 'Bonus', cell: (p) => (p.is_fixed_value ? `${formatCoins(p.value)} coins` : `${p.value} %`) + (p.free_boxes ? ` + ${p.free_boxes} free box` : '') },
    { label: 'Uses', cell: (p) => `${p.uses} / ${p.max_uses ?? '∞'}` },
    { label: 'Per player', cell: (p) => p.per_user_limit },
    { label: 'Wagering', cell: (p) => (p.wagering_multiple === 0 ? 'none' : `${p.wagering_multiple}× ${p.wagering_base === 'bonus_deposit' ? 'bonus + deposit' : 'bonus'}, ${p.bonus_days} d`) },
    { label: 'Budget', cell: (p) => `${formatCoins(p.granted)} / ${p.budget === null ? '∞' : formatCoins(p.budget)}` },
    { label: 'Expires', cell: (p) => when(p.expires_at, 'never') },
    { label: 'State', cell: (p) => STATE_LABELS[p.state] },
    {
      label: 'Actions',
      cell: (p) => (
        <span className="admin__toolbar">
          <Button size="small" variant="secondary" onClick={() => setOpen(open === p.id ? null : p.id)}>
            {open === p.id ? 'Close' : 'Redemptions'}
          </Button>
          {p.disabled_at ? (
            <Button size="small" variant="secondary" onClick={() => void patch(p, { disabled: false }, `${p.code} enabled.`)}>
              Enable
            </Button>
          ) : (
            <Button size="small" variant="danger" onClick={() => void patch(p, { disabled: true }, `${p.code} disabled.`)}>
              Disable
            </Button>
          )}
        </span>
      ),
    },
  ];
  const opened = data?.data.find((p) => p.id === open);
  return (
    <section className="admin__section" aria-labelledby="promo-codes">
      <h2 id="promo-codes">Promo codes</h2>
      <PromoForm onCreated={(code) => changed(`Promo code ${code} created.`)} />
      <div className="admin__toolbar">
        <TextInput small label="Find a promo code" value={q} onChange={(e) => (setQ(e.currentTarget.value.trim()), setPage(1))} />
      </div>
      <Notice error={error ?? loadError} message={message} />
      <div className="admin__wide">{data && <HistoryTable columns={columns} rows={data.data} empty="No promo codes match." testId="promo-row" />}</div>
      <AdminPager page={data} onPage={setPage} />
      {opened && <PromoDetail key={opened.id} promo={opened} onChanged={changed} />}
    </section>
  );
}

const KINDS = [
  { value: 'gift', label: 'Gift codes' },
  { value: 'voucher', label: 'Vouchers' },
] as const;
const STATES = [{ value: '', label: 'All' }, ...(Object.keys(STATE_LABELS) as CodeState[]).map((value) => ({ value, label: STATE_LABELS[value] }))] as { value: CodeState | ''; label: string }[];

function GiftCodes() {
  const [kind, setKind] = useState<'gift' | 'voucher'>('gift');
  const [state, setState] = useState<CodeState | ''>('');
  const [page, setPage] = useState(1);
  const [mint, setMint] = useState({ value: '', count: '1', expires: '' });
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { data, reload } = useAdminData(adminGiftCodes, { query: { kind, state, page } });
  const submit = async () => {
    const body = { kind, value: Number(mint.value), count: Number(mint.count), expires_at: instant(mint.expires) };
    const failed = await adminSend(adminGiftCodeMint, { body: body });
    setError(failed);
    if (failed) return;
    // The new codes lead the list (newest first).
    setMessage(`${body.count} minted: they are at the top of the list.`);
    setState('');
    reload();
  };
  const toggle = async (g: AdminGiftCode) => {
    const failed = await adminSend(adminGiftCodeUpdate, { params: { id: g.id }, body: { disabled: g.disabled_at === null } });
    setError(failed);
    if (!failed) {
      setMessage(`${g.code} ${g.disabled_at === null ? 'disabled' : 'enabled'}.`);
      reload();
    }
  };
  const columns: readonly HistoryColumn<AdminGiftCode>[] = [
    { label: 'Code', cell: (g) => <code>{g.code}</code> },
    { label: 'Value', cell: (g) => formatCoins(g.value) },
    { label: 'Expires', cell: (g) => when(g.expires_at, 'never') },
    { label: 'State', cell: (g) => STATE_LABELS[g.state] },
    { label: 'Redeemed by', cell: (g) => (g.redeemed_by ? `${g.redeemed_by.name} <${g.redeemed_by.email}>, ${when(g.redeemed_at)}` : '—') },
    {
      label: 'Actions',
      cell: (g) =>
        g.redeemed_by ? null : (
          <Button size="small" variant={g.disabled_at ? 'secondary' : 'danger'} onClick={() => void toggle(g)}>
            {g.disabled_at ? 'Enable' : 'Disable'}
          </Button>
        ),
    },
  ];
  return (
    <section className="admin__section" aria-labelledby="gift-codes">
      <h2 id="gift-codes">Gift codes and vouchers</h2>
      <ChipGroup label="Kind" chips={KINDS} value={kind} onChange={(k) => (setKind(k), setPage(1))} />
      <form className="admin__panel" aria-label={`Mint ${kind === 'gift' ? 'gift codes' : 'vouchers'}`} onSubmit={(e) => (e.preventDefault(), void submit())}>
        <div className="admin__grid">
          <TextInput small label="Value (coins)" inputMode="decimal" value={mint.value} onChange={(e) => setMint({ ...mint, value: e.currentTarget.value })} />
          <TextInput small label="How many" inputMode="numeric" value={mint.count} onChange={(e) => setMint({ ...mint, count: e.currentTarget.value })} />
          <TextInput small label="Expires" type="datetime-local" value={mint.expires} onChange={(e) => setMint({ ...mint, expires: e.currentTarget.value })} />
        </div>
        <Button size="small" type="submit" className="admin__submit">
          Mint
        </Button>
      </form>
      <ChipGroup label="State" chips={STATES} value={state} onChange={(s) => (setState(s), setPage(1))} />
      <Notice error={error} message={message} />
      <div className="admin__wide">{data && <HistoryTable columns={columns} rows={data.data} empty="No codes match." testId="gift-row" />}</div>
      <AdminPager page={data} onPage={setPage} />
    </section>
  );
}

export default function CodesPage() {
  return (
    <section className="admin__section">
      <h1>Codes</h1>
      <PromoCodes />
      <GiftCodes />
    </section>
  );
}
