import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, createTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { accrueCommissions, bindReferral, REFERRAL_MSG } from '../../../server/referrals/referrals.ts';

// The affiliate programme (docs/community.md): GET /api/profile/referral-info, POST
// /api/profile/referral-code, POST /api/profile/claim-earnings and `ref` at sign-up. A referral
// binds once and never to oneself or in a circle; the commission is 20 % of the house edge of the
// referred players' settled bets, accrued once per bet; earnings are paid exactly once.

type Player = Awaited<ReturnType<typeof createPlayer>>;

async function info(app: FastifyInstance, p: Player) {
  const res = await app.inject({ method: 'GET', url: '/api/profile/referral-info', headers: p.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function setCode(app: FastifyInstance, p: Player, code: string) {
  return app.inject({ method: 'POST', url: '/api/profile/referral-code', headers: p.headers, payload: { code } });
}

async function register(app: FastifyInstance, name: string, ref?: string) {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password: 'secret1', terms: true, ...(ref ? { ref } : {}) } });
  expect(res.statusCode).toBe(200);
  const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { body: res.json(), id: user.id };
}

describe('affiliates on PGlite', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('referral-info needs a login and answers the player\'s own code, link and figures', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/profile/referral-info' })).statusCode).toBe(401);
    const p = await createPlayer(app);
    const data = await info(app, p);
    expect(data.code).toMatch(/^[a-z0-9_-]{3,20}$/);
    expect(data.link).toBe(`${app.config.publicUrl}/ref/${data.code}`);
    expect(data).toMatchObject({ referred: 0, active: 0, wagered: 0, earnings: 0, claimed: 0, rate: 20, min_claim: 1, players: [], history: [] });
  });

  it('referral-code: 3–20 of a–z 0–9 _ -, lower-cased, unique; a taken code is refused', async () => {
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    for (const bad of ['ab', 'a'.repeat(21), 'bad code', 'ünï']) expect((await setCode(app, a, bad)).statusCode).toBe(422);
    const ok = await setCode(app, a, 'Alpha_1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: REFERRAL_MSG.codeChanged, code: 'alpha_1' });
    const taken = await setCode(app, b, 'alpha_1');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.code).toEqual([REFERRAL_MSG.codeTaken]);
    expect((await info(app, a)).code).toBe('alpha_1');
  });

  it('sign-up with ref binds the referral; changing the code keeps it; an unknown code is explained and the sign-up succeeds', async () => {
    const referrer = await createPlayer(app);
    await setCode(app, referrer, 'friendly');
    const joined = await register(app, 'Referred', 'Friendly');
    expect(joined.body.ref_msg).toBeUndefined();
    await setCode(app, referrer, 'friendlier');
    const data = await info(app, referrer);
    expect(data.referred).toBe(1);
    expect(data.players[0].name).toBe('R******d');
    const unknown = await register(app, 'Lost', 'nobody-has-this');
    expect(unknown.body.msg).toMatch(/Registration successful/);
    expect(unknown.body.ref_msg).toBe(REFERRAL_MSG.unknown('nobody-has-this'));
    expect(await app.db.selectFrom('referrals').select('referrer_id').where('referred_id', '=', unknown.id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses referring yourself, a circle, and a second referrer', async () => {
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    const c = await createPlayer(app);
    await setCode(app, a, 'circle-a');
    await setCode(app, b, 'circle-b');
    await setCode(app, c, 'circle-c');
    expect(await bindReferral(app.db, a.id, 'circle-a')).toEqual({ bound: false, msg: REFERRAL_MSG.self });
    expect(await bindReferral(app.db, b.id, 'circle-a')).toEqual({ bound: true, referrerId: a.id });
    expect(await bindReferral(app.db, c.id, 'circle-b')).toEqual({ bound: true, referrerId: b.id });
    // a → b → c: neither b nor c may become a's referrer.
    expect(await bindReferral(app.db, a.id, 'circle-b')).toEqual({ bound: false, msg: REFERRAL_MSG.circle });
    expect(await bindReferral(app.db, a.id, 'circle-c')).toEqual({ bound: false, msg: REFERRAL_MSG.circle });
    expect(await bindReferral(app.db, b.id, 'circle-c')).toEqual({ bound: false, msg: REFERRAL_MSG.circle });
    const d = await createPlayer(app);
    await setCode(app, d, 'circle-d');
    expect(await bindReferral(app.db, b.id, 'circle-d')).toEqual({ bound: false, msg: REFERRAL_MSG.already });
  });

  it('commission: 20 % of the 1 % dice edge of each settled bet after the referral, counted once however often the job runs', async () => {
    const referrer = await createPlayer(app);
    await setCode(app, referrer, 'dice-fan');
    const early = await createPlayer(app, { balance: 100_000 });
    // A bet before the referral earns nothing.
    await app.inject({ method: 'POST', url: '/api/dice/bet', headers: early.headers, payload: { amount: 100, target: 50, direction: 'under' } });
    await bindReferral(app.db, early.id, 'dice-fan');
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: early.headers, payload: { amount: 100, target: 50, direction: 'under' } });
      expect(res.statusCode).toBe(200);
    }
    expect(await accrueCommissions(app.db)).toBeGreaterThanOrEqual(5);
    expect(await accrueCommissions(app.db)).toBe(0);
    const data = await info(app, referrer);
    // 5 × 100.00 coins × 1 % × 20 % = 1.00 coin.
    expect(data).toMatchObject({ referred: 1, active: 1, wagered: 500, earnings: 1, claimed: 0 });
    expect(data.history).toHaveLength(1);
    expect(data.history[0].amount).toBe(1);
    expect(data.players[0]).toMatchObject({ wagered: 500, commission: 1 });
  });

  it('claim-earnings: below the minimum is refused; otherwise the earnings are credited once and the books balance', async () => {
    const referrer = await createPlayer(app);
    await setCode(app, referrer, 'claimer');
    const low = await app.inject({ method: 'POST', url: '/api/profile/claim-earnings', headers: referrer.headers });
    expect(low.statusCode).toBe(422);
    expect(low.json().msg).toBe(REFERRAL_MSG.belowMinimum);
    const player = await createPlayer(app, { balance: 200_000 });
    await bindReferral(app.db, player.id, 'claimer');
    for (let i = 0; i < 3; i += 1) await app.inject({ method: 'POST', url: '/api/plinko/bet', headers: player.headers, payload: { amount: 500, rows: 8, risk: 'low' } });
    const res = await app.inject({ method: 'POST', url: '/api/profile/claim-earnings', headers: referrer.headers });
    expect(res.statusCode).toBe(200);
    // 3 × 500.00 × 1 % × 20 % = 3.00 coins.
    expect(res.json().data).toEqual({ amount: 3, balance: 3 });
    expect(await app.wallet.balance(referrer.id)).toBe(300);
    const again = await app.inject({ method: 'POST', url: '/api/profile/claim-earnings', headers: referrer.headers });
    expect(again.statusCode).toBe(422);
    expect(await info(app, referrer)).toMatchObject({ earnings: 0, claimed: 3 });
    await expectLedgerBalanced(app);
  });

  it('another player\'s referral data is unreachable: the routes take no id and answer only the caller\'s own', async () => {
    const referrer = await createPlayer(app);
    await setCode(app, referrer, 'private-one');
    const other = await createPlayer(app);
    await bindReferral(app.db, other.id, 'private-one');
    const mine = await info(app, other);
    expect(mine.referred).toBe(0);
    expect(mine.code).not.toBe('private-one');
    const byQuery = await app.inject({ method: 'GET', url: `/api/profile/referral-info?user_id=${referrer.id}`, headers: other.headers });
    expect(byQuery.json().data.code).toBe(mine.code);
  });
});

describe.runIf(hasPostgres)('affiliates on PostgreSQL under concurrency', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('ten parallel claims pay the earnings once, while accrual jobs run beside them', async () => {
    const referrer = await createPlayer(app);
    await setCode(app, referrer, 'racer');
    const player = await createPlayer(app, { balance: 1_000_000 });
    await bindReferral(app.db, player.id, 'racer');
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount: 1000, target: 50, direction: 'over' } });
      expect(res.statusCode).toBe(200);
    }
    const [claims] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/api/profile/claim-earnings', headers: referrer.headers }))),
      Promise.all(Array.from({ length: 5 }, () => accrueCommissions(app.db))),
    ]);
    const paid = claims.filter((r) => r.statusCode === 200);
    for (const r of claims) expect([200, 422]).toContain(r.statusCode);
    expect(paid).toHaveLength(1);
    // 4 × 1000.00 × 1 % × 20 % = 8.00 coins.
    expect(paid[0]!.json().data.amount).toBe(8);
    expect(await app.wallet.balance(referrer.id)).toBe(800);
    const rows = await app.db.selectFrom('referral_commissions').select('source_id').where('referrer_id', '=', referrer.id).execute();
    expect(rows).toHaveLength(4);
    await expectLedgerBalanced(app);
  });

  it('parallel sign-ups of one player with two codes bind one referrer', async () => {
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    await setCode(app, a, 'first-racer');
    await setCode(app, b, 'second-racer');
    const c = await createPlayer(app);
    const results = await Promise.all([bindReferral(app.db, c.id, 'first-racer'), bindReferral(app.db, c.id, 'second-racer')]);
    expect(results.filter((r) => r.bound)).toHaveLength(1);
    expect(await app.db.selectFrom('referrals').select('referrer_id').where('referred_id', '=', c.id).execute()).toHaveLength(1);
  });
});
