import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { connected, listen, nextEvent, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';
import { grantBonus } from '../../../server/bonuses/grants.ts';
import { TIP_MSG, parseTipCommand } from '../../../core/protocol/tips.ts';
import type { TipNotice } from '../../../core/protocol/tipEvents.ts';

// Tips (docs/community.md, "Tips") on one app: a tip moves withdrawable coins once, with its two
// ledger rows and a notice on both private channels; every refusal moves nothing: bad input, an
// unknown name, oneself, the daily caps of both sides, a break or a loss limit on either side, a
// locked bonus, a missing or wrong second factor.

type Player = Awaited<ReturnType<typeof createPlayer>>;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await createTestApp();
  port = await listen(app);
}, 180_000);
afterAll(() => app.close());

const tip = (p: Player, payload: object) => app.inject({ method: 'POST', url: '/api/chat/tips', headers: p.headers, payload });
const balance = (p: Player) => app.wallet.balance(p.id);
const tipsOf = async (p: Player) => Number((await sql<{ n: string }>`select count(*) as n from tips where sender_id = ${p.id} or recipient_id = ${p.id}`.execute(app.db)).rows[0]!.n);

/** Expects the answer refused with `status` and nothing moved for either player. */
async function refusedUnchanged(from: Player, to: Player, payload: object, status: number, field?: string, text?: string) {
  const before = [await balance(from), await balance(to), await tipsOf(from)];
  const res = await tip(from, payload);
  expect(res.statusCode, res.body).toBe(status);
  if (field) expect(res.json().errors[field][0]).toEqual(text ?? expect.any(String));
  else if (text) expect(res.json().msg).toBe(text);
  expect([await balance(from), await balance(to), await tipsOf(from)]).toEqual(before);
}

describe('tips', () => {
  it('moves the amount once, tells both players live, and answers the sender', async () => {
    const ann = await createPlayer(app, { name: 'TipAnn', balance: 50_00 });
    const bo = await createPlayer(app, { name: 'TipBo' });
    const clients = [pusherClient(port, ann.token), pusherClient(port, bo.token)];
    try {
      const channels = await Promise.all(
        clients.map(async (c, i) => {
          await connected(c);
          const ch = c.subscribe(`private-users.${[ann, bo][i]!.id}`);
          expect(await subscribed(ch)).toEqual({ result: 'ok' });
          return ch;
        }),
      );
      const notices = channels.map((ch) => nextEvent<TipNotice>(ch, 'tip'));
      const res = await tip(ann, { name: '@tipbo', amount: 12.5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ msg: TIP_MSG.sent('TipBo', '12.50'), data: { from: { id: ann.id, name: 'TipAnn' }, to: { id: bo.id, name: 'TipBo' }, amount: 12.5 } });
      for (const n of await Promise.all(notices)) expect(n).toEqual(res.json().data);
    } finally {
      for (const c of clients) c.disconnect();
    }
    expect([await balance(ann), await balance(bo)]).toEqual([37_50, 12_50]);
    const rows = await app.db.selectFrom('ledger_entries as l').innerJoin('accounts as a', 'a.id', 'l.account_id').select(['a.user_id', 'l.amount', 'l.reason']).where('a.user_id', 'in', [ann.id, bo.id]).where('l.reason', 'like', 'tip_%').orderBy('a.user_id').execute();
    expect(rows.map((r) => [Number(r.user_id), Number(r.amount), r.reason])).toEqual([
      [ann.id, -12_50, 'tip_sent'],
      [bo.id, 12_50, 'tip_received'],
    ]);
    await expectLedgerBalanced(app);
  });

  it('refuses bad input, unknown names, oneself and a short balance, and moves nothing', async () => {
    const ann = await createPlayer(app, { balance: 5_00 });
    const bo = await createPlayer(app, { name: 'TipTarget' });
    await refusedUnchanged(ann, bo, { name: 'TipTarget', amount: 1.005 }, 422, 'amount', TIP_MSG.amount);
    await refusedUnchanged(ann, bo, { name: 'TipTarget', amount: -1 }, 422, 'amount');
    await refusedUnchanged(ann, bo, { name: 'TipTarget', amount: '5' }, 422, 'amount');
    await refusedUnchanged(ann, bo, { name: 'TipTarget', amount: 0.5 }, 422, 'amount', TIP_MSG.least('1.00'));
    await refusedUnchanged(ann, bo, { amount: 1 }, 422, 'name');
    await refusedUnchanged(ann, bo, { name: 'NobodyCalledThis', amount: 1 }, 422, 'name', TIP_MSG.noPlayer);
    const me = (await app.db.selectFrom('users').select('name').where('id', '=', ann.id).executeTakeFirstOrThrow()).name;
    await refusedUnchanged(ann, bo, { name: me, amount: 1 }, 422, 'name', TIP_MSG.self);
    await refusedUnchanged(ann, bo, { name: 'TipTarget', amount: 6 }, 422, 'amount', 'Insufficient balance');
    expect((await app.inject({ method: 'POST', url: '/api/chat/tips', payload: { name: 'TipTarget', amount: 1 } })).statusCode).toBe(401);
  });

  it('holds both sides to the daily caps set in the console, audited', async () => {
    const admin = await createStaff(app, 'admin');
    const set = (payload: object) => app.inject({ method: 'PUT', url: '/api/admin/chat/tip-settings', headers: admin.headers, payload });
    const res = await set({ min_amount: 1, daily_send_cap: 10, daily_receive_cap: 15 });
    expect(res.statusCode, res.body).toBe(200);
    const audited = await app.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'chat.tip_settings').execute();
    expect(audited.at(-1)!.after).toEqual({ min_amount: 1, daily_send_cap: 10, daily_receive_cap: 15 });
    try {
      const [a, b, c] = await Promise.all([createPlayer(app, { balance: 30_00 }), createPlayer(app, { balance: 30_00 }), createPlayer(app, { name: 'CapTarget' })]);
      expect((await tip(a, { name: 'CapTarget', amount: 8 })).statusCode).toBe(200);
      await refusedUnchanged(a, c, { name: 'CapTarget', amount: 3 }, 422, 'amount', TIP_MSG.sendCap('2.00'));
      expect((await tip(b, { name: 'CapTarget', amount: 7 })).statusCode).toBe(200);
      await refusedUnchanged(b, c, { name: 'CapTarget', amount: 1 }, 422, 'amount', TIP_MSG.receiveCap);
      expect(await balance(c)).toBe(15_00);
    } finally {
      expect((await set({ min_amount: 1, daily_send_cap: 1000, daily_receive_cap: 1000 })).statusCode).toBe(200);
    }
  });

  it('refuses a player on a break or past a loss limit, sending or receiving', async () => {
    const [ann, bo] = await Promise.all([createPlayer(app, { balance: 10_00, name: 'BreakAnn' }), createPlayer(app, { balance: 10_00, name: 'BreakBo' })]);
    await app.db.insertInto('responsible_gaming').values({ user_id: bo.id, exclusion_kind: 'cool_off', excluded_from: new Date(), excluded_until: new Date(Date.now() + 86_400_000) }).execute();
    await refusedUnchanged(ann, bo, { name: 'BreakBo', amount: 1 }, 403, undefined, TIP_MSG.recipientRestricted);
    await refusedUnchanged(bo, ann, { name: 'BreakAnn', amount: 1 }, 403, undefined, TIP_MSG.senderRestricted);
    const [cy, dee] = await Promise.all([createPlayer(app, { balance: 10_00, name: 'LimitCy' }), createPlayer(app, { name: 'LimitDee' })]);
    await app.db.insertInto('responsible_gaming').values({ user_id: cy.id }).execute();
    await app.db.insertInto('play_limits').values({ user_id: cy.id, kind: 'loss', period: 'day', amount: 1_00 }).execute();
    await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, settled_at) values ('dice', ${cy.id}, 200, 0, 0, 'settled', ${9_300_000 + cy.id}, now())`.execute(app.db);
    await refusedUnchanged(cy, dee, { name: 'LimitDee', amount: 1 }, 403, undefined, TIP_MSG.senderRestricted);
    await refusedUnchanged(ann, cy, { name: 'LimitCy', amount: 1 }, 403, undefined, TIP_MSG.recipientRestricted);
  });

  it('tips only the withdrawable balance while a bonus is locked', async () => {
    const [ann] = await Promise.all([createPlayer(app, { balance: 3_00 }), createPlayer(app, { name: 'BonusTarget' })]);
    await app.wallet.transaction((tx) => grantBonus(tx, { userId: ann.id, amount: 10_00, deposit: 0, source: 'console', reference: 'test:tip-bonus', promoCodeId: null, terms: { multiple: 5, base: 'bonus', days: 7, maxBet: null, weights: null } }));
    const target = (await app.db.selectFrom('users').select('id').where('name', '=', 'BonusTarget').executeTakeFirstOrThrow()).id;
    const bo = { id: Number(target) } as Player;
    await refusedUnchanged(ann, bo, { name: 'BonusTarget', amount: 4 }, 422, 'amount', TIP_MSG.bonusLocked('3.00'));
    expect((await tip(ann, { name: 'BonusTarget', amount: 3 })).statusCode).toBe(200);
    expect(await balance(ann)).toBe(10_00);
  });

  it('asks for the second factor when it is on', async () => {
    const [ann] = await Promise.all([createPlayer(app, { balance: 10_00 }), createPlayer(app, { name: 'TwoFactorTarget' })]);
    const setup = (await app.inject({ method: 'POST', url: '/api/profile/two-factor/start', headers: ann.headers })).json().data;
    const confirmed = await app.inject({ method: 'POST', url: '/api/profile/two-factor/confirm', headers: ann.headers, payload: { code: await generate({ secret: setup.secret }) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recovery = confirmed.json().data.recovery_codes as string[];
    const bo = { id: Number((await app.db.selectFrom('users').select('id').where('name', '=', 'TwoFactorTarget').executeTakeFirstOrThrow()).id) } as Player;
    await refusedUnchanged(ann, bo, { name: 'TwoFactorTarget', amount: 1 }, 422, 'two_factor_code');
    await refusedUnchanged(ann, bo, { name: 'TwoFactorTarget', amount: 1, two_factor_code: 'wrong-code' }, 422, 'two_factor_code');
    expect((await tip(ann, { name: 'TwoFactorTarget', amount: 1, two_factor_code: recovery[0] })).statusCode).toBe(200);
    await expectLedgerBalanced(app);
  });

  it('reads /tip name amount from the chat box', () => {
    expect(parseTipCommand('/tip @Ann 5')).toEqual({ name: 'Ann', amount: 5 });
    expect(parseTipCommand(' /TIP bo.x 0.25 ')).toEqual({ name: 'bo.x', amount: 0.25 });
    expect(parseTipCommand('/tip Ann')).toBe('malformed');
    expect(parseTipCommand('/tip Ann 1.234')).toBe('malformed');
    expect(parseTipCommand('/tipping is nice')).toBeNull();
    expect(parseTipCommand('hello')).toBeNull();
  });
});
