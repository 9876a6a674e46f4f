import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { consoleApp } from './consoleApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { captureStdout } from '../../helpers/stdout.ts';
import { commands } from '../../../server/ops/cli.ts';
import { PROMO_INVALID } from '../../../server/promo/promoCodes.ts';

// The console's codes (docs/operator-console.md, "Codes"): promo codes with limits, expiry and
// disable, gift codes and vouchers minted, disabled and expired, the redemptions lists, the audit
// rows, and the ops verbs; redemption refuses what the console closed with the existing texts.

// The app and its operator, set up once for the file (consoleApp.ts).
const { state } = consoleApp();

type Player = Awaited<ReturnType<typeof createPlayer>>;
const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => state.app.inject({ method, url, headers: state.operator.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const validate = (p: Player, promocode: string) => state.app.inject({ method: 'POST', url: '/api/deposit/promocode/validate', headers: p.headers, payload: { promocode } });
/** A 20-coin deposit with the code through the sandbox gateway; answers what pays it. */
async function startDeposit(p: Player, promocode: string) {
  const res = await state.app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: p.headers, payload: { amount: 20, promocode } });
  const id = Number(/(\d+)$/.exec(res.json().redirect_url)![1]);
  return () => state.app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, headers: p.headers, payload: { status: 'paid' } });
}
const depositWith = async (p: Player, promocode: string) => (await startDeposit(p, promocode))();
const auditOf = (kind: string, id: string | number) => state.app.db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('target_kind', '=', kind).where('target_id', '=', String(id)).orderBy('id').execute();

describe('promo codes', () => {
  it('creates a limited code, refuses bad input and a second code of the same name, and audits it', async () => {
    const created = await send('POST', '/api/admin/promo-codes', { code: 'Spring10', value: 10, is_fixed_value: true, max_uses: 2, per_user_limit: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'Spring10', value: 10, is_fixed_value: true, max_uses: 2, uses: 0, state: 'active', bonus_paid: 0 });
    const again = await send('POST', '/api/admin/promo-codes', { code: 'spring10', value: 5 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['A promo code with this name exists already.']);
    for (const [bad, field] of [[{ code: 'x', value: 5 }, 'code'], [{ code: 'pct150', value: 150 }, 'value'], [{ code: 'cents', value: 1.005, is_fixed_value: true }, 'value'], [{ code: 'cap0', value: 5, max_uses: 0 }, 'max_uses'], [{ code: 'when', value: 5, expires_at: 'tomorrow' }, 'expires_at']] as const) {
      const res = await send('POST', '/api/admin/promo-codes', bad);
      expect([field, res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([field, 422, [field]]);
    }
    expect(await state.app.db.selectFrom('promo_codes').select('code').where('code', 'in', ['x', 'pct150', 'cents', 'cap0', 'when']).execute()).toEqual([]);
    const audit = await auditOf('promo_code', created.json().id);
    expect(audit).toEqual([{ action: 'promo_code.create', actor_id: state.operator.id, before: null, after: expect.objectContaining({ code: 'Spring10', max_uses: 2 }) }]);
  });

  it('pays the bonus up to the cap, then refuses it; the redemptions say who, when and how much', async () => {
    const { id } = (await send('POST', '/api/admin/promo-codes', { code: 'capped2', value: 25, max_uses: 2 })).json();
    const [a, b, c] = [await createPlayer(state.app), await createPlayer(state.app), await createPlayer(state.app)];
    await depositWith(a, 'capped2');
    await depositWith(b, 'capped2');
    expect(await state.app.wallet.balance(a.id)).toBe(20_00 + 5_00);
    const refused = await validate(c, 'capped2');
    expect(refused.json()).toEqual({ message: PROMO_INVALID, msg: PROMO_INVALID });
    const list = (await send('GET', '/api/admin/promo-codes?q=CAPPED')).json();
    expect(list.data).toEqual([expect.objectContaining({ id, uses: 2, max_uses: 2, state: 'used_up', bonus_paid: 10 })]);
    const redemptions = (await send('GET', `/api/admin/promo-codes/${id}/redemptions`)).json();
    expect(redemptions.meta.total).toBe(2);
    expect(redemptions.data.map((r: { user_id: number; deposit: number; bonus: number }) => [r.user_id, r.deposit, r.bonus])).toEqual([[b.id, 20, 5], [a.id, 20, 5]]);
    expect(redemptions.data[0]).toMatchObject({ name: expect.any(String), email: expect.stringContaining('@'), created_at: expect.any(String) });
    // Raising the cap opens it again; a cap under the uses so far is refused.
    const low = await send('PATCH', `/api/admin/promo-codes/${id}`, { max_uses: 1 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.max_uses[0]).toContain('used 2 times');
    expect((await send('PATCH', `/api/admin/promo-codes/${id}`, { max_uses: 3 })).json()).toMatchObject({ state: 'active', max_uses: 3 });
    expect((await validate(c, 'capped2')).statusCode).toBe(200);
    await expectLedgerBalanced(state.app);
  });

  it('disabled and expired codes are refused with the existing text, also at the deposit; enabling opens them again', async () => {
    const { id } = (await send('POST', '/api/admin/promo-codes', { code: 'pausable', value: 10 })).json();
    const p = await createPlayer(state.app);
    const pay = await startDeposit(p, 'pausable');
    expect((await send('PATCH', `/api/admin/promo-codes/${id}`, { disabled: true })).json()).toMatchObject({ state: 'disabled', disabled_at: expect.any(String) });
    expect((await validate(p, 'pausable')).json().msg).toBe(PROMO_INVALID);
    // Applied before it was disabled, paid after: the deposit is credited, without the bonus.
    await pay();
    expect(await state.app.wallet.balance(p.id)).toBe(20_00);
    expect((await send('PATCH', `/api/admin/promo-codes/${id}`, { disabled: false })).json().state).toBe('active');
    expect((await validate(p, 'pausable')).statusCode).toBe(200);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect((await send('PATCH', `/api/admin/promo-codes/${id}`, { expires_at: past })).json().state).toBe('expired');
    expect((await validate(p, 'pausable')).json().msg).toBe(PROMO_INVALID);
    expect((await send('PATCH', `/api/admin/promo-codes/${id}`, { expires_at: null })).json().state).toBe('active');
    expect((await auditOf('promo_code', id)).map((r) => r.action)).toEqual(['promo_code.create', 'promo_code.disable', 'promo_code.enable', 'promo_code.update', 'promo_code.update']);
    expect((await send('PATCH', `/api/admin/promo-codes/${id}`, {})).statusCode).toBe(422);
    expect((await send('PATCH', '/api/admin/promo-codes/999999', { disabled: true })).statusCode).toBe(404);
    expect((await send('GET', '/api/admin/promo-codes/999999/redemptions')).statusCode).toBe(404);
    await expectLedgerBalanced(state.app);
  });
});

describe('gift codes and vouchers', () => {
  const redeem = (p: Player, kind: 'gift-code' | 'voucher', code: string) => state.app.inject({ method: 'POST', url: `/api/deposit/${kind}/redeem`, headers: p.headers, payload: { code } });

  it('mints codes, disables and enables one, shows who redeemed it, and keeps a redeemed code as it is', async () => {
    const minted = await send('POST', '/api/admin/gift-codes', { kind: 'gift', value: 12.5, count: 2, expires_at: null });
    expect(minted.statusCode).toBe(201);
    const [first, second] = minted.json().codes as string[];
    const p = await createPlayer(state.app);
    const rows = (await send('GET', `/api/admin/gift-codes?q=${first}`)).json().data;
    expect(rows).toEqual([expect.objectContaining({ code: first, kind: 'gift', value: 12.5, state: 'active', redeemed_by: null })]);
    expect((await send('PATCH', `/api/admin/gift-codes/${rows[0].id}`, { disabled: true })).statusCode).toBe(200);
    expect((await redeem(p, 'gift-code', first!)).json().msg).toBe('Gift code is invalid');
    expect((await send('PATCH', `/api/admin/gift-codes/${rows[0].id}`, { disabled: false })).statusCode).toBe(200);
    expect((await redeem(p, 'gift-code', first!)).json().msg).toBe('Gift code redeemed: 12.50 coins added to your balance');
    const used = (await send('GET', '/api/admin/gift-codes?state=used_up&kind=gift')).json().data;
    expect(used).toEqual([expect.objectContaining({ code: first, state: 'used_up', redeemed_by: { user_id: p.id, name: expect.any(String), email: expect.any(String) }, redeemed_at: expect.any(String) })]);
    const change = await send('PATCH', `/api/admin/gift-codes/${rows[0].id}`, { disabled: true });
    expect(change.statusCode).toBe(422);
    expect((await send('GET', `/api/admin/gift-codes?q=${second}&state=active`)).json().data).toHaveLength(1);
    const audit = await state.app.db.selectFrom('audit_log').select(['action']).where('target_kind', '=', 'gift_code').orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['gift_code.mint', 'gift_code.disable', 'gift_code.enable']);
    expect(await state.app.wallet.balance(p.id)).toBe(12_50);
  });

  it('an expired voucher is refused as invalid; bad mints change nothing', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const [voucher] = (await send('POST', '/api/admin/gift-codes', { kind: 'voucher', value: 5, count: 1, expires_at: past })).json().codes as string[];
    const p = await createPlayer(state.app);
    expect((await redeem(p, 'voucher', voucher!)).json()).toEqual({ message: 'Voucher is invalid', msg: 'Voucher is invalid' });
    expect((await send('GET', `/api/admin/gift-codes?q=${voucher}`)).json().data[0].state).toBe('expired');
    const before = await state.app.db.selectFrom('gift_codes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const bad of [{ kind: 'coupon', value: 5, count: 1 }, { kind: 'gift', value: 0, count: 1 }, { kind: 'gift', value: 5, count: 501 }]) expect((await send('POST', '/api/admin/gift-codes', bad)).statusCode).toBe(422);
    expect(await state.app.db.selectFrom('gift_codes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    expect((await send('PATCH', '/api/admin/gift-codes/999999', { disabled: true })).statusCode).toBe(404);
  });
});

describe('npm run ops -- codes', () => {
  const ops = (args: string[], values: Record<string, string | boolean>) => captureStdout(() => commands.codes!.run(state.app, values, args));

  it('creates, limits, disables and lists codes and redemptions through the console functions, audited as the ops command', async () => {
    expect(await ops(['create'], { code: 'opsfive', value: '5', 'max-uses': '10', 'per-user': '2' })).toMatch(/^created promo code opsfive \(id \d+\)\n$/);
    await expect(ops(['create'], { code: 'opsbad', value: '500' })).rejects.toThrow('value: A percentage is a whole number from 1 to 100.');
    await expect(ops(['create'], { code: 'OPSFIVE', value: '5' })).rejects.toThrow('A promo code with this name exists already.');
    expect(await ops(['update'], { code: 'opsfive', 'max-uses': 'none', expires: '2030-01-01T00:00:00Z' })).toBe('opsfive: active, uses 0/∞, per player 2, expires 2030-01-01T00:00:00.000Z\n');
    expect(await ops(['disable'], { code: 'opsfive' })).toBe('opsfive: disabled\n');
    expect(await ops(['list'], {})).toMatch(/\topsfive\t5%\tdisabled\tuses 0\/∞\tper player 2\t2030-01-01T00:00:00.000Z\n/);
    const p = await createPlayer(state.app);
    expect((await validate(p, 'opsfive')).json().msg).toBe(PROMO_INVALID);
    await ops(['enable'], { code: 'opsfive' });
    await depositWith(p, 'opsfive');
    expect(await ops(['redemptions'], { code: 'opsfive' })).toMatch(new RegExp(`<${p.email}>\\tdeposit 20.00\\tbonus 1.00\\tinvoice \\d+\\n1 redemption\\(s\\)\\n$`));
    const [voucher] = (await captureStdout(() => commands['mint-vouchers']!.run(state.app, { value: '3', count: '1' }))).trim().split('\n');
    expect(await ops(['disable'], { code: voucher!.toLowerCase() })).toBe(`${voucher!.toLowerCase()}: disabled\n`);
    expect(await ops(['list'], { gift: true })).toContain(`${voucher}\t3.00\tdisabled`);
    const audit = await state.app.db.selectFrom('audit_log').select(['action', 'actor_id', 'address']).where('address', '=', 'ops-command').where('target_kind', 'in', ['promo_code', 'gift_code']).orderBy('id').execute();
    expect(audit.map((r) => [r.action, r.actor_id])).toEqual([['promo_code.create', null], ['promo_code.update', null], ['promo_code.disable', null], ['promo_code.enable', null], ['voucher.mint', null], ['gift_code.disable', null]]);
    await expect(ops(['redemptions'], { code: 'nope' })).rejects.toThrow('--code must be an existing promo code');
  });
});

describe.runIf(hasPostgres)('racing a redemption and a disable on PostgreSQL', () => {
  let pg: FastifyInstance;
  beforeAll(async () => {
    pg = await createPostgresTestApp();
  });
  afterAll(() => pg.close());

  it('either the player redeems the code or the operator disables it, never both', async () => {
    const operator = await createStaff(pg, 'operator');
    for (let round = 0; round < 6; round++) {
      const [code] = (await pg.inject({ method: 'POST', url: '/api/admin/gift-codes', headers: operator.headers, payload: { kind: 'gift', value: 7, count: 1 } })).json().codes as string[];
      const id = Number((await pg.db.selectFrom('gift_codes').select('id').where('code', '=', code!).executeTakeFirstOrThrow()).id);
      const p = await createPlayer(pg);
      const [redeemed, disabled] = await Promise.all([
        pg.inject({ method: 'POST', url: '/api/deposit/gift-code/redeem', headers: p.headers, payload: { code } }),
        pg.inject({ method: 'PATCH', url: `/api/admin/gift-codes/${id}`, headers: operator.headers, payload: { disabled: true } }),
      ]);
      expect([redeemed.statusCode, disabled.statusCode].sort()).toEqual([200, 422]);
      const row = await pg.db.selectFrom('gift_codes').select(['redeemed_by', 'disabled_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.redeemed_by === null).toBe(row.disabled_at !== null);
      expect(await pg.wallet.balance(p.id)).toBe(redeemed.statusCode === 200 ? 7_00 : 0);
    }
    await expectLedgerBalanced(pg);
  });
});

describe('promo codes: wagering terms and budget (docs/bonuses.md)', () => {
  it('creates a code with its terms, whose bonus carries them; its budget caps what it grants and can not go under it', async () => {
    const created = await send('POST', '/api/admin/promo-codes', { code: 'Wager5x', value: 50, wagering_multiple: 5, wagering_base: 'bonus_deposit', bonus_days: 3, max_bet: 2.5, budget: 15, bonus_cap: 10 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ wagering_multiple: 5, wagering_base: 'bonus_deposit', bonus_days: 3, max_bet: 2.5, budget: 15, bonus_cap: 10, granted: 0 });
    for (const [bad, field] of [[{ code: 'w101', value: 5, wagering_multiple: 101 }, 'wagering_multiple'], [{ code: 'days0', value: 5, bonus_days: 0 }, 'bonus_days'], [{ code: 'budget3', value: 5, budget: 1.001 }, 'budget']] as const) {
      const res = await send('POST', '/api/admin/promo-codes', bad);
      expect([field, res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([field, 422, [field]]);
    }
    const player = await createPlayer(state.app);
    expect((await depositWith(player, 'Wager5x')).statusCode).toBe(200);
    // 50 % of 20 is 10, within the cap: 5 × (10 + 20) to wager, for 3 days.
    const grant = await state.app.db.selectFrom('bonus_grants' as never).selectAll().where('user_id' as never, '=', player.id as never).executeTakeFirstOrThrow() as { amount: number; requirement: number; max_bet: number; expires_at: Date; granted_at: Date };
    expect(grant).toMatchObject({ amount: 10_00, requirement: 150_00, max_bet: 2_50 });
    expect(new Date(grant.expires_at).getTime() - new Date(grant.granted_at).getTime()).toBe(3 * 86_400_000);
    const id = created.json().id;
    const lower = await send('PATCH', `/api/admin/promo-codes/${id}`, { budget: 5 });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.budget).toEqual(['The code has granted 10.00 coins: the budget can not be lower.']);
    const raised = await send('PATCH', `/api/admin/promo-codes/${id}`, { budget: 10 });
    expect(raised.json()).toMatchObject({ budget: 10, granted: 10, state: 'used_up' });
    expect((await auditOf('promo_code', id)).at(-1)).toMatchObject({ action: 'promo_code.update', before: { budget: 15 }, after: { budget: 10 } });
  });

  it('sets per-code game weights (the catalog weights for the games left out); its bonus progresses by them, read from the bets journal', async () => {
    const created = await send('POST', '/api/admin/promo-codes', { code: 'Weights', value: 50, wagering_multiple: 1, game_weights: { dice: 0, plinko: 100, box: 20 } });
    expect(created.statusCode, created.body).toBe(201);
    // Every game is listed: the code's own weights, the catalog's for the others (crash 100 %, battles 0 %).
    expect(created.json().game_weights).toMatchObject({ dice: 0, plinko: 100, box: 20, crash: 100, battle: 0 });
    for (const bad of [{ dice: 101 }, { dice: 2.5 }, { roulette: 50 }]) {
      const res = await send('POST', '/api/admin/promo-codes', { code: 'BadWeights', value: 5, game_weights: bad });
      expect([bad, res.statusCode]).toEqual([bad, 422]);
    }
    const player = await createPlayer(state.app);
    // The player reads them in the code's terms before the deposit applies it.
    const terms = await state.app.inject({ method: 'POST', url: '/api/bonuses/terms', headers: player.headers, payload: { promocode: 'Weights' } });
    expect(terms.json().data).toMatchObject({ game_weights: { dice: 0, plinko: 100, box: 20 }, text: 'Wager 1× the bonus within 30 days before bonus coins can be withdrawn. Stakes count at box 20 %, dice 0 %, plinko 100 %; other games as usual.' });
    expect((await depositWith(player, 'Weights')).statusCode).toBe(200);
    const bet = (url: string, payload: object) => state.app.inject({ method: 'POST', url, headers: player.headers, payload });
    const wagered = async () => (await state.app.inject({ url: '/api/bonuses', headers: player.headers })).json().data.bonuses[0].wagered;
    expect((await bet('/api/dice/bet', { amount: 3, target: 50, direction: 'under' })).statusCode).toBe(200);
    expect(await wagered()).toBe(0);
    expect((await bet('/api/plinko/bet', { amount: 2, rows: 8, risk: 'low' })).statusCode).toBe(200);
    expect(await wagered()).toBe(2);
  });
});
