import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { consoleApp } from './consoleApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { tempOutbox } from '../../helpers/outbox.ts';
import { captureStdout } from '../../helpers/stdout.ts';
import { ACCOUNT_LOCKED_MESSAGE } from '../../../server/accounts/oauthErrors.ts';
import { ADJUSTMENT_REASON, ADJUSTMENT_SHORT } from '../../../server/players/adjustments.ts';
import { activeBonuses } from '../../../server/bonuses/grants.ts';
import { playersCommand } from '../../../server/players/playersCommand.ts';
import { takeBreak } from '../../../server/responsible/settings.ts';
import { issueTokenPair, tokenHash } from '../../../server/accounts/tokens.ts';
import { sql } from 'kysely';

// The console's players (docs/operator-console.md, "Players"): search by name, email, id and
// address; the profile with limits and a self-exclusion shown (and no route to end it); sessions,
// bets and ledger read with the player's id; manual adjustments as ledger movements with a required
// note (balance = ledger, never below zero, also under parallel bets on PostgreSQL); lock (no
// sign-in, every token ends at once) and unlock; an audit row for every change, ops verbs included.

const outbox = tempOutbox();
const client = { client_id: '2', client_secret: 'first-party-client-secret', scope: '*' };

describe('players in the console', () => {
  const { state, get, post } = consoleApp({ MAIL_OUTBOX_DIR: outbox });
  const auditOf = async (id: number) => (await get(`/api/admin/audit?target_kind=player&target_id=${id}`)).json().data as Array<{ action: string; actor_id: number | null; before: unknown; after: unknown }>;

  it('finds a player by name, email, id, sign-in address and shipping address', async () => {
    const p = await createPlayer(state.app, { name: 'Zebulon Quarry' });
    await state.app.db.insertInto('sessions').values({ family_id: crypto.randomUUID(), user_id: p.id, user_agent: 'test', address: '198.51.100.77' }).execute();
    await state.app.db
      .insertInto('shipping_addresses')
      .values({ user_id: p.id, first_name: 'Z', last_name: 'Q', email: p.email, phone: '+44 20 7946 0000', country: 'DE', country_state: 'BE', city: 'Berlin', postal_code: '10115', street_address: 'Quokkastraße 12' })
      .execute();
    const ids = async (query: string) => ((await get(`/api/admin/players?${query}`)).json().data as { id: number }[]).map((r) => r.id);
    expect(await ids('q=zebulon')).toEqual([p.id]);
    expect(await ids(`q=${encodeURIComponent(p.email.toUpperCase())}&by=email`)).toEqual([p.id]);
    expect(await ids(`q=${p.id}&by=id`)).toEqual([p.id]);
    expect(await ids('q=198.51.100.&by=address')).toEqual([p.id]);
    expect(await ids('q=quokkastra&by=address')).toEqual([p.id]);
    expect(await ids('q=zebulon&by=email')).toEqual([]);
    // LIKE's wildcards are text, not patterns.
    expect(await ids('q=%25&by=name')).toEqual([]);
    const bad = await get('/api/admin/players?by=phone');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.by).toBeDefined();
  });

  it('shows the profile, sessions, bets and ledger of a player; 404 for an unknown id', async () => {
    const p = await createPlayer(state.app, { balance: 12_34 });
    const profile = await get(`/api/admin/players/${p.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: p.id, email: p.email, balance: 12.34, locked: null, two_factor: false, staff_role: null, shipping_address: null, responsible: { exclusion: null } });
    expect((await get(`/api/admin/players/${p.id}/ledger`)).json().data.map((r: { amount: number }) => r.amount)).toEqual([12.34]);
    expect((await get(`/api/admin/players/${p.id}/bets`)).json().meta.total).toBe(0);
    expect((await get(`/api/admin/players/${p.id}/sessions`)).json()).toEqual([]);
    expect((await get('/api/admin/players/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/players/abc')).statusCode).toBe(422);
    expect((await get(`/api/admin/players/${p.id}/ledger?kind=nonsense`)).statusCode).toBe(422);
  });

  it('adjusts with a required reason as two ledger rows each, never below zero, each audited', async () => {
    const p = await createPlayer(state.app, { balance: 3_00 });
    const adjust = (payload: Record<string, unknown>) => post(`/api/admin/players/${p.id}/adjustments`, payload);
    const noReason = await adjust({ direction: 'credit', amount: 5 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.note).toEqual(['The reason field is required.']);
    expect((await adjust({ direction: 'credit', amount: 0.001, note: 'Goodwill credit' })).statusCode).toBe(422);
    expect((await adjust({ direction: 'sideways', amount: 5, note: 'Goodwill credit' })).statusCode).toBe(422);
    const credit = await adjust({ direction: 'credit', amount: 5, note: 'Goodwill for a late parcel' });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({ balance: 8 });
    const short = await adjust({ direction: 'debit', amount: 8.01, note: 'Chargeback of a deposit' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.amount).toEqual([ADJUSTMENT_SHORT]);
    expect((await adjust({ direction: 'debit', amount: 8, note: 'Chargeback of a deposit' })).json()).toMatchObject({ balance: 0 });
    expect(await state.app.wallet.balance(p.id)).toBe(0);
    const rows = await state.app.db.selectFrom('ledger_entries').select(['amount', 'reference', 'transfer_id']).where('reason', '=', ADJUSTMENT_REASON).where('reference', '=', `adjustment:${credit.json().adjustment_id}`).execute();
    expect(rows.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([-500, 500]);
    const ledger = (await get(`/api/admin/players/${p.id}/ledger`)).json().data as { label: string; amount: number }[];
    expect(ledger.slice(0, 2).map((r) => [r.label, r.amount])).toEqual([
      ['Adjustment by support', -8],
      ['Adjustment by support', 5],
    ]);
    // The refused ones wrote nothing: two notes, two audit rows.
    expect(await state.app.db.selectFrom('balance_adjustments').select('note').where('user_id', '=', p.id).execute()).toHaveLength(2);
    expect((await auditOf(p.id)).map((r) => [r.action, r.actor_id, r.after])).toEqual([
      ['player.debit', state.operator.id, expect.objectContaining({ balance: 0, amount: -8, note: 'Chargeback of a deposit' })],
      ['player.credit', state.operator.id, expect.objectContaining({ balance: 8, amount: 5, note: 'Goodwill for a late parcel' })],
    ]);
    expect((await post('/api/admin/players/999999/adjustments', { direction: 'credit', amount: 5, note: 'Goodwill credit' })).statusCode).toBe(404);
    await expectLedgerBalanced(state.app);
  });

  it('credits a bonus with a requirement: a bonus_credit ledger row and a grant that locks it; a debit can not be a bonus', async () => {
    const p = await createPlayer(state.app, { balance: 10_00 });
    const adjust = (payload: Record<string, unknown>) => post(`/api/admin/players/${p.id}/adjustments`, payload);
    const debit = await adjust({ direction: 'debit', amount: 1, note: 'Chargeback of a deposit', bonus: { wagering_multiple: 1, bonus_days: 7 } });
    expect(debit.statusCode).toBe(422);
    expect(debit.json().errors.bonus).toEqual(['Only a credit can be marked as bonus.']);
    expect((await adjust({ direction: 'credit', amount: 5, note: 'Goodwill bonus', bonus: { wagering_multiple: 101, bonus_days: 7 } })).statusCode).toBe(422);
    const credit = await adjust({ direction: 'credit', amount: 20, note: 'Welcome back bonus', bonus: { wagering_multiple: 3, bonus_days: 7, max_bet: 2 } });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({ balance: 30, message: 'Credited 20.00 as bonus (wager 3× within 7 days).' });
    const reference = `adjustment:${credit.json().adjustment_id}`;
    const rows = await state.app.db.selectFrom('ledger_entries').select(['amount', 'reason']).where('reference', '=', reference).execute();
    expect(rows.map((r) => [r.reason, Number(r.amount)]).sort()).toEqual([['bonus_credit', -20_00], ['bonus_credit', 20_00]]);
    const [grant] = await activeBonuses(state.app.db, p.id);
    expect(grant).toMatchObject({ source: 'console', reference, amount: 20_00, requirement: 60_00, maxBet: 2_00, wagered: 0 });
    const bonuses = (await state.app.inject({ url: '/api/bonuses', headers: p.headers })).json().data;
    expect(bonuses).toMatchObject({ balance: 30, withdrawable: 10, locked: 20, left_to_wager: 60 });
    expect((await auditOf(p.id))[0]).toMatchObject({ action: 'player.credit', after: expect.objectContaining({ amount: 20, bonus: { wagering_multiple: 3, bonus_days: 7, max_bet: 2 } }) });
    await expectLedgerBalanced(state.app);
  });

  it('locks: sign-in refused in the sign-in error shape, every token stops at once; unlock restores sign-in', async () => {
    const email = `locked-${Date.now()}@example.com`;
    expect((await state.app.inject({ method: 'POST', url: '/api/auth/register', payload: { terms: true, name: 'Lockable', email, password: 'secret1', 'g-recaptcha-response': '' } })).statusCode).toBe(200);
    const signIn = () => state.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: email, password: 'secret1', ...client } });
    const first = (await signIn()).json();
    const id = Number((await state.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    const me = (token: string) => state.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await me(first.access_token)).statusCode).toBe(200);
    expect((await get(`/api/admin/players/${id}/sessions`)).json()).toHaveLength(1);

    expect((await post(`/api/admin/players/${id}/lock`, {})).statusCode).toBe(422);
    const locked = await post(`/api/admin/players/${id}/lock`, { reason: 'Chargeback fraud under review' });
    expect(locked.statusCode).toBe(200);
    expect((await post(`/api/admin/players/${id}/lock`, { reason: 'Chargeback fraud under review' })).statusCode).toBe(422);
    expect((await me(first.access_token)).statusCode).toBe(401);
    const refresh = await state.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...client } });
    expect(refresh.statusCode).toBe(400);
    const refused = await signIn();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant', error_description: ACCOUNT_LOCKED_MESSAGE, message: ACCOUNT_LOCKED_MESSAGE });
    expect((await get(`/api/admin/players/${id}/sessions`)).json()).toEqual([]);
    expect((await get(`/api/admin/players/${id}`)).json().locked).toMatchObject({ reason: 'Chargeback fraud under review', by: expect.any(String) });

    expect((await post(`/api/admin/players/${id}/unlock`)).statusCode).toBe(200);
    expect((await post(`/api/admin/players/${id}/unlock`)).statusCode).toBe(422);
    const again = await signIn();
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().access_token)).statusCode).toBe(200);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['player.unlock', 'player.lock']);
  });

  it('gives a locked player with two-factor sign-in no challenge', async () => {
    const email = `locked2fa-${Date.now()}@example.com`;
    await state.app.inject({ method: 'POST', url: '/api/auth/register', payload: { terms: true, name: 'Locked Twofactor', email, password: 'secret1', 'g-recaptcha-response': '' } });
    const id = Number((await state.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    await state.app.db.insertInto('two_factor').values({ user_id: id, secret: 'JBSWY3DPEHPK3PXP', enabled_at: new Date() }).execute();
    const signIn = () => state.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: email, password: 'secret1', ...client } });
    expect((await signIn()).json().two_factor_required).toBe(true);
    await post(`/api/admin/players/${id}/lock`, { reason: 'Account sharing reported' });
    const refused = await signIn();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant', message: ACCOUNT_LOCKED_MESSAGE });
    expect(refused.json().two_factor_token).toBeUndefined();
  });

  it('shows a self-exclusion and has no route that ends it', async () => {
    const p = await createPlayer(state.app);
    await takeBreak(state.app.db, p.id, 'self_exclusion_indefinite', new Date());
    const profile = (await get(`/api/admin/players/${p.id}`)).json();
    expect(profile.responsible.exclusion).toMatchObject({ kind: 'self_exclusion', until: null });
    const routes = (state.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    const consoleWrites = Object.entries(routes).flatMap(([path, methods]) => (path.startsWith('/api/admin/') ? Object.keys(methods).filter((m) => m !== 'get').map((m) => `${m} ${path}`) : []));
    expect(consoleWrites.filter((r) => /exclu|break|limit|responsible/.test(r))).toEqual([]);
    await post(`/api/admin/players/${p.id}/lock`, { reason: 'Asked us to close the account' });
    await post(`/api/admin/players/${p.id}/unlock`);
    expect((await get(`/api/admin/players/${p.id}`)).json().responsible.exclusion).toMatchObject({ kind: 'self_exclusion' });
  });

  it('offers the same verbs to `npm run ops -- players`, audited as the ops command', async () => {
    const p = await createPlayer(state.app, { name: 'Opsfound Player', balance: 1_00 });
    expect(await captureStdout(() => playersCommand.run(state.app, { q: 'opsfound' }, ['find']))).toContain(`${p.id}\tOpsfound Player`);
    expect(await captureStdout(() => playersCommand.run(state.app, { id: String(p.id), direction: 'credit', amount: '2.50', reason: 'Promised on the phone' }, ['adjust']))).toContain('balance 3.50');
    await expect(playersCommand.run(state.app, { id: String(p.id), direction: 'credit', amount: '2.50' }, ['adjust'])).rejects.toThrow(/--note: The reason field is required/);
    await expect(playersCommand.run(state.app, { id: String(p.id), direction: 'debit', amount: '9', reason: 'More than there is' }, ['adjust'])).rejects.toThrow(ADJUSTMENT_SHORT);
    await captureStdout(() => playersCommand.run(state.app, { id: String(p.id), reason: 'Locked from the shell' }, ['lock']));
    expect(await captureStdout(() => playersCommand.run(state.app, { id: String(p.id) }, ['show']))).toContain('Locked from the shell');
    await captureStdout(() => playersCommand.run(state.app, { id: String(p.id) }, ['unlock']));
    const rows = await auditOf(p.id);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['player.unlock', null],
      ['player.lock', null],
      ['player.credit', null],
    ]);
    expect(await state.app.wallet.balance(p.id)).toBe(3_50);
    await expectLedgerBalanced(state.app);
  });
});

describe.runIf(hasPostgres)('adjustments beside bets on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  });
  afterAll(() => app.close());

  it('parallel credits, debits and dice bets keep balance = ledger and never go below zero', async () => {
    const operator = await createStaff(app, 'operator');
    const p = await createPlayer(app, { balance: 10_00 });
    const adjust = (direction: 'credit' | 'debit', amount: number) =>
      app.inject({ method: 'POST', url: `/api/admin/players/${p.id}/adjustments`, headers: operator.headers, payload: { direction, amount, note: 'Race test adjustment' } });
    const bet = () => app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: { amount: 1, target: 50, direction: 'under' } });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? adjust('debit', 3) : adjust('credit', 2))),
      ...Array.from({ length: 20 }, () => bet()),
      ...Array.from({ length: 5 }, () => adjust('debit', 4)),
    ]);
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 422).map((a) => [a.statusCode, a.body])).toEqual([]);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    await expectLedgerBalanced(app);
    const notes = await app.db.selectFrom('balance_adjustments').select(['id', 'amount']).where('user_id', '=', p.id).execute();
    // Every adjustment that was answered 200 has its note and its two ledger rows; a refused one has neither.
    const movedRefs = await app.db.selectFrom('ledger_entries').select('reference').where('reason', '=', ADJUSTMENT_REASON).where('amount', '>', 0).execute();
    expect(movedRefs.map((r) => r.reference).sort()).toEqual(notes.map((n) => `adjustment:${n.id}`).sort());
    const audits = await app.db.selectFrom('audit_log').select('action').where('target_id', '=', String(p.id)).execute();
    expect(audits).toHaveLength(notes.length);
  });

  it('a lock waiting on a rotation in flight takes the token tables in the order a rotation does (no deadlock)', async () => {
    const operator = await createStaff(app, 'operator');
    const p = await createPlayer(app);
    const pair = await issueTokenPair(app.db, p.id, client.client_id, { access: 600, refresh: 600 });
    let lock: Promise<{ statusCode: number }> | undefined;
    // A rotation's own steps (rotateRefreshToken): claim the refresh token, then retire its access token.
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('refresh_tokens').set({ used_at: new Date() }).where('id', '=', tokenHash(pair.refreshToken)).execute();
      lock = app.inject({ method: 'POST', url: `/api/admin/players/${p.id}/lock`, headers: operator.headers, payload: { reason: 'Lock during a rotation' } });
      await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(app.db)).rows[0]!.n, { timeout: 5000 }).toBeGreaterThan(0);
      await trx.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenHash(pair.accessToken)).execute();
    });
    expect((await lock!).statusCode).toBe(200);
    const live = await app.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', p.id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);
  });

  it('a lock racing sign-ins and refreshes leaves no live token', async () => {
    const operator = await createStaff(app, 'operator');
    const email = `race-lock-${Date.now()}@example.com`;
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: { terms: true, name: 'Race Lock', email, password: 'secret1', 'g-recaptcha-response': '' } });
    const id = Number((await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    const token = (payload: Record<string, string>) => app.inject({ method: 'POST', url: '/oauth/token', payload: { ...payload, ...client } });
    const first = (await token({ grant_type: 'password', username: email, password: 'secret1' })).json();
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => token({ grant_type: 'password', username: email, password: 'secret1' })),
      token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
      app.inject({ method: 'POST', url: `/api/admin/players/${id}/lock`, headers: operator.headers, payload: { reason: 'Race between lock and sign-in' } }),
    ]);
    expect(answers.at(-1)!.statusCode).toBe(200);
    const live = await app.db.selectFrom('access_tokens').select('id').where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);
    const liveRefresh = await app.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    expect(liveRefresh).toEqual([]);
  });
});
