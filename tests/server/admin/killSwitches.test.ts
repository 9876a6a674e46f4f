import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp, hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { twoNodes } from '../../helpers/twoNodes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { killSwitchCommand } from '../../../server/killSwitches/killSwitchCommand.ts';
import { userForSocialProfile } from '../../../server/accounts/social/socialAccounts.ts';
import { KILL_SWITCHES, defaultSwitchMessage, type KillSwitchKey } from '../../../core/protocol/killSwitches.ts';

// Kill switches (docs/operator-console.md, "Kill switches"): an admin switches a game or a feature
// off, audited; every route that starts it refuses with the switch's 503 and changes nothing, on
// every node at once, and works again once switched back on.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Headers = Record<string, string>;
const put = (target: FastifyInstance, headers: Headers, key: string, payload: Record<string, unknown>) => target.inject({ method: 'PUT', url: `/api/admin/kill-switches/${key}`, headers, payload });
const dice = (target: FastifyInstance, headers: Headers) => target.inject({ method: 'POST', url: '/api/dice/bet', headers, payload: { amount: 1, target: 49.5, direction: 'under' } });
const offList = async () => (await app.inject({ method: 'GET', url: '/api/kill-switches' })).json().data as { key: string; message: string }[];
/** Every row a refused start could have written: money, bets, openings, invoices, withdrawals, players, messages. */
const written = async () => {
  const count = async (table: 'ledger_entries' | 'bets' | 'invoices' | 'withdrawals' | 'users' | 'chat_messages' | 'inventory_items' | 'battles') =>
    Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return Promise.all((['ledger_entries', 'bets', 'invoices', 'withdrawals', 'users', 'chat_messages', 'inventory_items', 'battles'] as const).map(count));
};

describe('the console', () => {
  it('lists every switch; staff read, only admins switch, with a bounded message', async () => {
    const operator = await createStaff(app, 'operator');
    const list = await app.inject({ method: 'GET', url: '/api/admin/kill-switches', headers: operator.headers });
    expect(list.statusCode).toBe(200);
    const views = list.json().data as { key: string; kind: string; enabled: boolean; default_message: string }[];
    expect(views.map((v) => v.key)).toEqual([...KILL_SWITCHES]);
    expect(views.find((v) => v.key === 'dice')).toMatchObject({ kind: 'game', enabled: true, default_message: 'Dice is switched off for now. Please try again later.' });
    expect(views.find((v) => v.key === 'withdrawals')).toMatchObject({ kind: 'feature', default_message: 'Withdrawals are switched off for now. Please try again later.' });
    expect((await put(app, operator.headers, 'dice', { enabled: false })).statusCode).toBe(403);
    const admin = await createStaff(app, 'admin');
    expect((await put(app, admin.headers, 'poker', { enabled: false })).statusCode).toBe(422);
    const long = await put(app, admin.headers, 'dice', { enabled: false, message: 'x'.repeat(201) });
    expect(long.json().errors).toEqual({ message: ['The message may not be greater than 200 characters.'] });
    expect(await app.db.selectFrom('kill_switches').selectAll().execute()).toEqual([]);
    expect(await offList()).toEqual([]);
  });

  it('switches dice off with a message, audited; the public list and the next bet say it; back on, it plays', async () => {
    const admin = await createStaff(app, 'admin');
    const player = await createPlayer(app, { balance: 10_000 });
    const off = await put(app, admin.headers, 'dice', { enabled: false, message: '  Dice is resting after an update. Back at 18:00.  ' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Switched off.', data: { key: 'dice', enabled: false, message: 'Dice is resting after an update. Back at 18:00.', updated_by: { id: admin.id } } });
    expect(await offList()).toEqual([{ key: 'dice', message: 'Dice is resting after an update. Back at 18:00.' }]);
    const refused = await dice(app, player.headers);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'Dice is resting after an update. Back at 18:00.', msg: 'Dice is resting after an update. Back at 18:00.' });
    expect(await app.wallet.balance(player.id)).toBe(10_000);
    // Other games play on.
    expect((await app.inject({ method: 'POST', url: '/api/limbo/bet', headers: player.headers, payload: { amount: 1, target: 2 } })).statusCode).toBe(200);

    expect((await put(app, admin.headers, 'dice', { enabled: true })).json()).toMatchObject({ message: 'Switched on.', data: { enabled: true, message: null } });
    expect((await dice(app, player.headers)).statusCode).toBe(200);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'kill_switches.update').where('target_id', '=', 'dice').orderBy('id').execute();
    expect(audit.map((a) => ({ actor: a.actor_id, kind: a.target_kind, before: a.before, after: a.after }))).toEqual([
      { actor: admin.id, kind: 'kill_switch', before: { enabled: true, message: null }, after: { enabled: false, message: 'Dice is resting after an update. Back at 18:00.' } },
      { actor: admin.id, kind: 'kill_switch', before: { enabled: false, message: 'Dice is resting after an update. Back at 18:00.' }, after: { enabled: true, message: null } },
    ]);
    await expectLedgerBalanced(app);
  });
});

describe('every gated route', () => {
  it('refuses while its switch is off, whatever it is sent, writing nothing; answers again once on', async () => {
    const admin = await createStaff(app, 'admin');
    const player = await createPlayer(app, { balance: 100_000, deposited: 10_000 });
    const gated = app.declaredChecks.filter((r) => r.killSwitch !== null);
    for (const key of new Set(gated.map((r) => r.killSwitch!))) expect((await put(app, admin.headers, key, { enabled: false })).statusCode).toBe(200);
    const before = await written();
    for (const route of gated) {
      const url = route.url.replace(':slug', 'starter').replace(':room', 'en').replace(/:id/, '1');
      const res = await app.inject({ method: route.method as 'POST', url, headers: player.headers, payload: {} });
      expect([res.statusCode, res.json().message], `${route.method} ${route.url}`).toEqual([503, defaultSwitchMessage(route.killSwitch!)]);
    }
    expect(await written()).toEqual(before);
    expect(await app.wallet.balance(player.id)).toBe(110_000);
    for (const key of new Set(gated.map((r) => r.killSwitch!))) await put(app, admin.headers, key, { enabled: true });
    for (const route of gated) {
      const url = route.url.replace(':slug', 'starter').replace(':room', 'en').replace(/:id/, '1');
      const res = await app.inject({ method: route.method as 'POST', url, headers: player.headers, payload: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(503);
    }
    expect(await offList()).toEqual([]);
  });

  it('sign-ups: the form and a social sign-in that would make a new player; known players still sign in', async () => {
    const admin = await createStaff(app, 'admin');
    const known = await userForSocialProfile(app.db, app.wallet, app.killSwitches, 'google', { id: 'known-1', name: 'Known', email: null, emailVerified: false, avatarUrl: null }, { termsAccepted: true });
    expect((await put(app, admin.headers, 'sign_ups', { enabled: false, message: 'We are not taking new players today.' })).statusCode).toBe(200);
    const users = await written();
    const form = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { terms: true, name: 'Newcomer', email: 'newcomer@example.com', password: 'secret1' } });
    expect([form.statusCode, form.json().message]).toEqual([503, 'We are not taking new players today.']);
    const social = userForSocialProfile(app.db, app.wallet, app.killSwitches, 'google', { id: 'new-1', name: 'New', email: null, emailVerified: false, avatarUrl: null }, { termsAccepted: true });
    await expect(social).rejects.toMatchObject({ statusCode: 503, message: 'We are not taking new players today.' });
    expect(await userForSocialProfile(app.db, app.wallet, app.killSwitches, 'google', { id: 'known-1', name: 'Known', email: null, emailVerified: false, avatarUrl: null })).toBe(known);
    expect(await written()).toEqual(users);
    await put(app, admin.headers, 'sign_ups', { enabled: true });
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: { terms: true, name: 'Newcomer', email: 'newcomer@example.com', password: 'secret1' } })).statusCode).toBe(200);
  });

  it('are switched from the ops command too, audited as the command', async () => {
    const out: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
    try {
      await killSwitchCommand.run(app, { key: 'withdrawals', message: 'Withdrawals resume tomorrow.' }, ['off']);
      await killSwitchCommand.run(app, {}, ['show']);
      await expect(killSwitchCommand.run(app, { key: 'keno' }, ['off'])).rejects.toThrow(/--key/);
    } finally {
      spy.mockRestore();
    }
    expect(out.join('')).toMatch(/withdrawals\s+OFF\s+"Withdrawals resume tomorrow."/);
    // This node was not told (no bus in the command): it applies it at its poll, or now.
    await app.killSwitches.reload();
    const player = await createPlayer(app, { deposited: 10_000 });
    expect((await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: player.headers, payload: {} })).json().message).toBe('Withdrawals resume tomorrow.');
    await killSwitchCommand.run(app, { key: 'withdrawals' }, ['on']);
    const byCommand = await app.db.selectFrom('audit_log').select(['actor_id', 'after']).where('address', '=', 'ops-command').where('target_id', '=', 'withdrawals').orderBy('id').execute();
    expect(byCommand).toEqual([
      { actor_id: null, after: { enabled: false, message: 'Withdrawals resume tomorrow.' } },
      { actor_id: null, after: { enabled: true, message: null } },
    ]);
    await app.killSwitches.reload();
  });
});

describe.runIf(hasPostgres && hasRedis)('two nodes with PostgreSQL and Redis', () => {
  const nodes = twoNodes('shop_kill_switches');

  it('a switch turned off on node A refuses the next bet on node B at once (the bus, well before the poll), and on again plays', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const admin = await createStaff(a, 'admin');
    const player = await createPlayer(a, { balance: 10_000 });
    const waitFor = async (key: KillSwitchKey, off: boolean) => {
      const deadline = Date.now() + 3_000; // the poll is 10 s: only the bus gets there this soon
      while ((b.killSwitches.offMessage(key) !== null) !== off) {
        if (Date.now() > deadline) throw new Error('node B did not apply the change');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    expect((await dice(b, player.headers)).statusCode).toBe(200);
    expect((await put(a, admin.headers, 'dice', { enabled: false })).statusCode).toBe(200);
    await waitFor('dice', true);
    const refused = await dice(b, player.headers);
    expect([refused.statusCode, refused.json().message]).toEqual([503, defaultSwitchMessage('dice')]);
    expect((await b.inject({ method: 'GET', url: '/api/kill-switches' })).json().data).toEqual([{ key: 'dice', message: defaultSwitchMessage('dice') }]);
    expect((await put(a, admin.headers, 'dice', { enabled: true })).statusCode).toBe(200);
    await waitFor('dice', false);
    expect((await dice(b, player.headers)).statusCode).toBe(200);
    expect(await a.db.selectFrom('bets').select('id').where('user_id', '=', player.id).execute()).toHaveLength(2);
  });
});
