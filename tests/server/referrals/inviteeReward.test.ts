import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, createTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { issueAccessToken } from '../../../server/accounts/tokens.ts';
import { verificationPath } from '../../../server/accounts/signedUrls.ts';
import { createResetToken } from '../../../server/accounts/passwordResets.ts';
import { loadConfig, ConfigError } from '../../../server/config.ts';
import { INVITATION_NOT_FOUND } from '../../../core/protocol/referral.ts';
import { EMAIL_VERIFIED_PATH } from '../../../core/protocol/emailVerification.ts';

// The invitee's side of the affiliate programme (docs/community.md, "The invitee's reward"): a
// /ref/{code} link says what it offers (GET /api/ref/{code}), the invited player reads their own
// invitation (GET /api/profile/invitation), and verifying the email pays REFERRAL_INVITEE_REWARD
// once, as a bonus grant to wager once (docs/bonuses.md), however often and however concurrently the
// link is followed.

type Player = Awaited<ReturnType<typeof createPlayer>>;

async function setCode(app: FastifyInstance, p: Player, code: string) {
  expect((await app.inject({ method: 'POST', url: '/api/profile/referral-code', headers: p.headers, payload: { code } })).statusCode).toBe(200);
}

/** Signs up through the API with a remembered code; the player's id, email and a bearer header. */
async function invitee(app: FastifyInstance, ref: string | undefined) {
  const email = `invitee-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Newcomer', email, password: 'secret1', terms: true, ...(ref ? { ref } : {}) } });
  expect(res.statusCode).toBe(200);
  const { id } = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const { token } = await issueAccessToken(app.db, id, app.config.oauth.clientId, 3600);
  return { id, email, headers: { authorization: `Bearer ${token}` } };
}

const verify = (app: FastifyInstance, p: { id: number; email: string }) => app.inject(verificationPath(app.config.appSecret, p.id, p.email));
const myInvitation = async (app: FastifyInstance, p: { headers: Record<string, string> }) => (await app.inject({ method: 'GET', url: '/api/profile/invitation', headers: p.headers })).json().data;
const welcomeRows = (app: FastifyInstance, userId: number) =>
  app.db.selectFrom('ledger_entries as l').innerJoin('accounts as a', 'a.id', 'l.account_id').select('l.amount').where('a.user_id', '=', userId).where('l.reason', '=', 'referral_welcome').execute();

describe('the invitee\'s reward on PGlite', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ REFERRAL_INVITEE_REWARD: '2.50' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a link says whose invitation it is and what it pays; an unknown code is a 404 with a sentence', async () => {
    const referrer = await createPlayer(app, { name: 'Generous' });
    await setCode(app, referrer, 'generous-one');
    const res = await app.inject({ method: 'GET', url: '/api/ref/Generous-One' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { code: 'generous-one', referrer: 'G******s', reward: 2.5 } });
    for (const code of ['nobody-has-it', 'bad code!', 'x']) {
      const missing = await app.inject({ method: 'GET', url: `/api/ref/${encodeURIComponent(code)}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(INVITATION_NOT_FOUND);
    }
  });

  it('verifying the email pays the invitee once through the wallet; the invitation says so', async () => {
    const referrer = await createPlayer(app, { name: 'Inviter' });
    await setCode(app, referrer, 'inviter-one');
    const friend = await invitee(app, 'inviter-one');
    expect(await myInvitation(app, friend)).toEqual({ code: 'inviter-one', referrer: 'I*****r', reward: 2.5, rewarded: false, verified: false });
    expect(await app.wallet.balance(friend.id)).toBe(0);

    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(app, friend)));
    for (const res of answers) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${app.config.publicUrl}${EMAIL_VERIFIED_PATH}`);
    }
    expect(await app.wallet.balance(friend.id)).toBe(250);
    expect(await welcomeRows(app, friend.id)).toEqual([{ amount: 250 }]);
    expect(await app.wallet.balance(referrer.id)).toBe(0);
    // Bonus money: locked until wagered once, within 30 days.
    const wallet = (await app.inject({ method: 'GET', url: '/api/bonuses', headers: friend.headers })).json().data;
    expect(wallet).toMatchObject({ balance: 2.5, withdrawable: 0, locked: 2.5, left_to_wager: 2.5 });
    expect(wallet.bonuses).toEqual([expect.objectContaining({ source: 'referral', amount: 2.5, requirement: 2.5, wagered: 0 })]);
    const days = (Date.parse(wallet.bonuses[0].expires_at) - Date.parse(wallet.bonuses[0].granted_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // The referrer's new code is what the invitation names now; the paid amount stays what was paid.
    await setCode(app, referrer, 'inviter-two');
    expect(await myInvitation(app, friend)).toEqual({ code: 'inviter-two', referrer: 'I*****r', reward: 2.5, rewarded: true, verified: true });
    // Following the link again pays nothing more.
    await verify(app, friend);
    expect(await app.wallet.balance(friend.id)).toBe(250);
    await expectLedgerBalanced(app);
  });

  it('a password reset verifies the email and pays the waiting reward', async () => {
    const referrer = await createPlayer(app);
    await setCode(app, referrer, 'reset-inviter');
    const friend = await invitee(app, 'reset-inviter');
    const token = await createResetToken(app.db, friend.id);
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, email: friend.email, password: 'secret2', password_confirmation: 'secret2' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await welcomeRows(app, friend.id)).toEqual([{ amount: 250 }]);
  });

  it('players who joined without an invitation have none and are paid nothing on verification', async () => {
    const plain = await invitee(app, undefined);
    expect(await myInvitation(app, plain)).toBeNull();
    await verify(app, plain);
    expect(await app.wallet.balance(plain.id)).toBe(0);
    // A refused code (unknown) binds nothing, so it pays nothing either.
    const lost = await invitee(app, 'nobody-has-this-one');
    await verify(app, lost);
    expect(await app.wallet.balance(lost.id)).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/profile/invitation' })).statusCode).toBe(401);
  });
});

describe('REFERRAL_INVITEE_REWARD', () => {
  it('is a coin amount of 0 or more with at most 2 decimals; 1.00 by default', () => {
    const reward = (value?: string) => loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { REFERRAL_INVITEE_REWARD: value }) }).referrals.inviteeRewardCents;
    expect(reward()).toBe(100);
    expect(reward('0')).toBe(0);
    expect(reward('5')).toBe(500);
    expect(reward('0.25')).toBe(25);
    for (const bad of ['-1', '0.001', 'free', '']) expect(() => reward(bad), bad).toThrow(ConfigError);
    expect(() => reward('-1')).toThrow(/REFERRAL_INVITEE_REWARD: must be 0 or a coin amount with at most 2 decimals/);
  });

  it('0 offers and pays nothing', async () => {
    const app = await createTestApp({ REFERRAL_INVITEE_REWARD: '0' });
    try {
      const referrer = await createPlayer(app);
      await setCode(app, referrer, 'no-gift');
      expect((await app.inject({ method: 'GET', url: '/api/ref/no-gift' })).json().data.reward).toBe(0);
      const friend = await invitee(app, 'no-gift');
      await verify(app, friend);
      expect(await app.wallet.balance(friend.id)).toBe(0);
      expect(await myInvitation(app, friend)).toMatchObject({ reward: 0, rewarded: false, verified: true });
    } finally {
      await app.close();
    }
  });
});

describe.runIf(hasPostgres)('the invitee\'s reward on PostgreSQL under concurrency', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('ten verifications at once pay the reward once', async () => {
    const referrer = await createPlayer(app);
    await setCode(app, referrer, `pg-inviter-${Date.now() % 100000}`);
    const { code } = await app.db.selectFrom('referrers').select('code').where('user_id', '=', referrer.id).executeTakeFirstOrThrow();
    const friend = await invitee(app, code);
    await Promise.all(Array.from({ length: 10 }, () => verify(app, friend)));
    expect(await welcomeRows(app, friend.id)).toEqual([{ amount: 100 }]);
    expect(await app.wallet.balance(friend.id)).toBe(100);
    await expectLedgerBalanced(app);
  });
});
