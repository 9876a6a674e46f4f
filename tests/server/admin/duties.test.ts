import { describe, expect, it } from 'vitest';
import { activeBonuses } from '../../../server/bonuses/grants.ts';
import { generate } from 'otplib';
import { createPlayer } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { consoleApp } from './consoleApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { seal } from '../../../server/accounts/twoFactor.ts';
import { DUTY_MSG } from '../../../server/admin/duties.ts';
import { PENDING_MSG } from '../../../server/players/pendingAdjustments.ts';

// Separation of duties (docs/operator-console.md): nobody adjusts, locks, approves or ships for their
// own account or request; an operator cannot lock an admin; credits above ADJUSTMENT_APPROVAL_ABOVE
// (here 100 coins) wait for a second staff member and move money only on approval. Every refusal is
// a 403 and an audit row `refused.<action>`, and changes nothing else.

describe('separation of duties in the console', () => {
  const { state, post } = consoleApp({ ADJUSTMENT_APPROVAL_ABOVE: '100' });
  const as = (staff: { headers: Record<string, string> }, url: string, payload?: object) =>
    state.app.inject({ method: 'POST', url, headers: staff.headers, ...(payload ? { payload } : {}) });
  const refusals = async (actorId: number) =>
    (await state.app.db.selectFrom('audit_log').select(['action', 'target_kind', 'target_id', 'after']).where('actor_id', '=', actorId).where('action', 'like', 'refused.%').orderBy('id').execute()).map((r) => ({
      action: r.action,
      target: `${r.target_kind}:${r.target_id}`,
      reason: (r.after as { reason: string }).reason,
    }));
  const balance = async (userId: number) => state.app.wallet.balance(userId);

  it('an operator cannot credit or debit itself, nor lock or unlock itself: 403, audited, nothing moved', async () => {
    const op = state.operator;
    const ledger = await state.app.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const direction of ['credit', 'debit']) {
      const res = await post(`/api/admin/players/${op.id}/adjustments`, { direction, amount: 50, note: 'Paying myself' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(DUTY_MSG.own);
    }
    expect((await post(`/api/admin/players/${op.id}/adjustments`, { direction: 'credit', amount: 1_000_000, note: 'Paying myself' })).statusCode).toBe(403);
    expect((await post(`/api/admin/players/${op.id}/lock`, { reason: 'Locking myself' })).statusCode).toBe(403);
    expect((await post(`/api/admin/players/${op.id}/unlock`)).statusCode).toBe(403);
    expect(await balance(op.id)).toBe(0);
    expect(await state.app.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(ledger);
    expect(await state.app.db.selectFrom('pending_adjustments').selectAll().where('user_id', '=', op.id).execute()).toEqual([]);
    expect(await refusals(op.id)).toEqual([
      { action: 'refused.player.credit', target: `player:${op.id}`, reason: DUTY_MSG.own },
      { action: 'refused.player.debit', target: `player:${op.id}`, reason: DUTY_MSG.own },
      { action: 'refused.player.credit', target: `player:${op.id}`, reason: DUTY_MSG.own },
      { action: 'refused.player.lock', target: `player:${op.id}`, reason: DUTY_MSG.own },
      { action: 'refused.player.unlock', target: `player:${op.id}`, reason: DUTY_MSG.own },
    ]);
  });

  it('an operator cannot lock an admin (whose session lives on) nor adjust one; an admin may lock an operator', async () => {
    const operator = await createStaff(state.app, 'operator');
    const admin = await createStaff(state.app, 'admin');
    const lock = await as(operator, `/api/admin/players/${admin.id}/lock`, { reason: 'Taking over the console' });
    expect(lock.statusCode, lock.body).toBe(403);
    expect(lock.json().message).toBe(DUTY_MSG.outranked);
    expect((await as(operator, `/api/admin/players/${admin.id}/adjustments`, { direction: 'debit', amount: 1, note: 'Draining the admin' })).statusCode).toBe(403);
    expect((await state.app.inject({ method: 'GET', url: '/api/admin/me', headers: admin.headers })).statusCode).toBe(200);
    expect(await state.app.db.selectFrom('account_locks').selectAll().where('user_id', '=', admin.id).execute()).toEqual([]);
    expect(await refusals(operator.id)).toEqual([
      { action: 'refused.player.lock', target: `player:${admin.id}`, reason: DUTY_MSG.outranked },
      { action: 'refused.player.debit', target: `player:${admin.id}`, reason: DUTY_MSG.outranked },
    ]);
    expect((await as(admin, `/api/admin/players/${operator.id}/lock`, { reason: 'Lost their laptop' })).statusCode).toBe(200);
  });

  it('a credit above the threshold waits; the one who asked cannot approve it, a second staff member can, and only then the ledger moves', async () => {
    const player = await createPlayer(state.app);
    const second = await createStaff(state.app, 'operator');
    const small = await post(`/api/admin/players/${player.id}/adjustments`, { direction: 'credit', amount: 100, note: 'Within the threshold' });
    expect(small.statusCode, small.body).toBe(200);
    const asked = await post(`/api/admin/players/${player.id}/adjustments`, { direction: 'credit', amount: 100.01, note: 'Goodwill for the outage' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe("The credit of 100.01 waits for a second staff member's approval.");
    const pendingId = asked.json().pending_id as number;
    expect(await balance(player.id)).toBe(100_00);
    const listed = (await state.app.inject({ method: 'GET', url: '/api/admin/adjustments/pending', headers: second.headers })).json();
    expect(listed).toEqual([expect.objectContaining({ id: pendingId, user_id: player.id, amount: 100.01, note: 'Goodwill for the outage', requested_by: state.operator.id })]);

    const own = await post(`/api/admin/adjustments/${pendingId}/approve`);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().message).toBe(DUTY_MSG.ownRequest);
    expect(await balance(player.id)).toBe(100_00);
    expect((await refusals(state.operator.id)).at(-1)).toEqual({ action: 'refused.player.credit.approve', target: `player:${player.id}`, reason: DUTY_MSG.ownRequest });

    const approved = await as(second, `/api/admin/adjustments/${pendingId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balance(player.id)).toBe(200_01);
    const row = await state.app.db.selectFrom('pending_adjustments').select(['status', 'decided_by', 'adjustment_id']).where('id', '=', pendingId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', decided_by: second.id });
    const ledger = await state.app.db.selectFrom('ledger_entries').select(['amount', 'reference']).where('reference', '=', `adjustment:${row.adjustment_id}`).where('amount', '>', 0).execute();
    expect(ledger.map((l) => Number(l.amount))).toContain(100_01);
    expect((await as(second, `/api/admin/adjustments/${pendingId}/approve`)).json().message).toBe(PENDING_MSG.decided);
    expect(await balance(player.id)).toBe(200_01);
    await expectLedgerBalanced(state.app);
  });

  it('a bonus credit above the threshold keeps its terms while it waits: approved, it is a grant with its requirement', async () => {
    const player = await createPlayer(state.app);
    const second = await createStaff(state.app, 'operator');
    const asked = await post(`/api/admin/players/${player.id}/adjustments`, { direction: 'credit', amount: 150, note: 'VIP reload bonus', bonus: { wagering_multiple: 2, bonus_days: 10, max_bet: 5 } });
    expect(asked.statusCode, asked.body).toBe(202);
    const listed = (await state.app.inject({ method: 'GET', url: '/api/admin/adjustments/pending', headers: second.headers })).json();
    expect(listed.find((p: { id: number }) => p.id === asked.json().pending_id)).toMatchObject({ amount: 150, bonus: { wagering_multiple: 2, bonus_days: 10, max_bet: 5 } });
    expect((await as(second, `/api/admin/adjustments/${asked.json().pending_id}/approve`)).statusCode).toBe(200);
    expect(await activeBonuses(state.app.db, player.id)).toEqual([expect.objectContaining({ source: 'console', amount: 150_00, requirement: 300_00, maxBet: 5_00 })]);
    await expectLedgerBalanced(state.app);
  });

  it('a rejected credit moves nothing; a staff member cannot approve a credit to itself', async () => {
    const player = await createPlayer(state.app);
    const second = await createStaff(state.app, 'operator');
    const rejectId = (await post(`/api/admin/players/${player.id}/adjustments`, { direction: 'credit', amount: 500, note: 'Too generous' })).json().pending_id as number;
    expect((await as(second, `/api/admin/adjustments/${rejectId}/reject`)).statusCode).toBe(200);
    expect(await balance(player.id)).toBe(0);
    // The operator asks a credit for the second staff member, who may not approve it for itself.
    const selfId = (await post(`/api/admin/players/${second.id}/adjustments`, { direction: 'credit', amount: 500, note: 'For my colleague' })).json().pending_id as number;
    const self = await as(second, `/api/admin/adjustments/${selfId}/approve`);
    expect(self.statusCode, self.body).toBe(403);
    expect(self.json().message).toBe(DUTY_MSG.own);
    expect(await balance(second.id)).toBe(0);
  });

  it('nobody moves their own withdrawal in the shipping queue', async () => {
    const op = await createStaff(state.app, 'operator', { deposited: 100_00 });
    const payload = { type: 'crypto', amount: 30, currency: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
    // Staff sign in with two-factor (tests/helpers/staff.ts), so the withdrawal asks for its code.
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await state.app.db.updateTable('two_factor').set({ secret: seal(state.app.config.appSecret, secret) }).where('user_id', '=', op.id).execute();
    const created = await as(op, '/api/profile/withdrawals', { ...payload, two_factor_code: await generate({ secret }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const moved = await as(op, `/api/admin/withdrawals/${id}/move`, { to: 'in_processing' });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json().message).toBe(DUTY_MSG.own);
    expect((await state.app.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
    expect(await refusals(op.id)).toEqual([{ action: 'refused.withdrawal.in_processing', target: `withdrawal:${id}`, reason: DUTY_MSG.own }]);
    expect((await post(`/api/admin/withdrawals/${id}/move`, { to: 'in_processing' })).statusCode).toBe(200);
  });
});
