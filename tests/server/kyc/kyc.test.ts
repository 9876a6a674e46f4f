import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createPlayer } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { kycLimitText, KYC_MSG } from '../../../core/protocol/kyc.ts';
import { KYC_CALLBACK_PATH, signedKycCallback } from '../../../server/kyc/sandboxProvider.ts';

// KYC tiers with the sandbox provider (docs/kyc.md): a player's withdrawals in 30 days are bounded
// by their level — 1,000.00 unverified, 5,000.00 with their details (level 1), none once a document
// check is approved (level 2). The check runs at the provider (its upload page, its private store,
// its signed callbacks); the console reviews the documents and its decision reaches the level only
// through the provider's callback. A withdrawal over the limit is refused and moves nothing.

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createStaff>>;
type Player = Awaited<ReturnType<typeof createPlayer>>;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3a3f80000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DETAILS = { full_name: 'Ada Lovelace', birth_date: '1990-12-10', country: 'GB' };

const withdraw = (p: Player, coins: number) => app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: p.headers, payload: { type: 'crypto', amount: coins, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' } });
const status = async (p: Player) => (await app.inject({ url: '/api/profile/kyc', headers: p.headers })).json().data;
const upload = (p: Player, applicant: string, kind: string, contentType: string, bytes: Buffer) =>
  app.inject({ method: 'POST', url: `/api/sandbox/kyc/${applicant}/documents`, headers: p.headers, payload: { kind, content_type: contentType, data: bytes.toString('base64') } });
const queue = async (view: 'pending' | 'reviewed') => (await app.inject({ url: `/api/admin/kyc?status=${view}`, headers: admin.headers })).json().data as { id: number; player: { id: number }; status: string; documents: { id: string; kind: string; content_type: string }[]; details: unknown; note: string | null }[];
const review = (id: number, decision: 'approve' | 'reject', note: string) => app.inject({ method: 'POST', url: `/api/admin/kyc/${id}/review`, headers: admin.headers, payload: { decision, note } });

/** Details saved, a check started and both documents submitted: the applicant id. */
async function submitted(p: Player): Promise<string> {
  expect((await app.inject({ method: 'PUT', url: '/api/profile/kyc/details', headers: p.headers, payload: DETAILS })).statusCode).toBe(200);
  const started = await app.inject({ method: 'POST', url: '/api/profile/kyc/start', headers: p.headers });
  expect(started.statusCode, started.body).toBe(200);
  const applicant = /^\/sandbox\/kyc\/([0-9a-f]{24})$/.exec(started.json().data.redirect_url)![1]!;
  expect((await upload(p, applicant, 'identity', 'image/png', PNG)).statusCode).toBe(200);
  expect((await upload(p, applicant, 'address', 'application/pdf', PDF)).statusCode).toBe(200);
  const submit = await app.inject({ method: 'POST', url: `/api/sandbox/kyc/${applicant}/submit`, headers: p.headers });
  expect(submit.json()).toEqual({ msg: KYC_MSG.submitted });
  return applicant;
}

let ada: Player;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createStaff(app, 'admin');
  ada = await createPlayer(app, { deposited: 12_000_00 });
});
afterAll(async () => {
  await app.close();
});

describe('KYC tiers', () => {
  it('bounds an unverified player at 1,000.00 in 30 days and level 1 at 5,000.00; a refusal moves nothing', async () => {
    const refused = await withdraw(ada, 1_000.01);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(kycLimitText(0, 1_000_00));
    expect(refused.json().msg).toBe('Add your personal details (verification level 1) to withdraw more than 1000.00 coins in 30 days.');
    expect(await app.wallet.balance(ada.id)).toBe(12_000_00);
    expect((await withdraw(ada, 900)).statusCode).toBe(201);
    expect((await withdraw(ada, 100.01)).statusCode).toBe(403);
    expect(await status(ada)).toEqual({ level: 0, limit: 1000, used: 900, details: null, application: null });

    // A canceled withdrawal gave its coins back: it no longer counts.
    const canceled = (await withdraw(ada, 100)).json().data.id;
    expect((await app.inject({ method: 'POST', url: `/api/profile/withdrawals/${canceled}/cancel`, headers: ada.headers })).statusCode).toBe(200);
    expect((await status(ada)).used).toBe(900);

    const bad = await app.inject({ method: 'PUT', url: '/api/profile/kyc/details', headers: ada.headers, payload: { full_name: 'A', birth_date: `${new Date().getUTCFullYear() - 17}-01-01`, country: 'XX' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['birth_date', 'country', 'full_name']);
    expect(bad.json().errors.birth_date).toEqual(['You must be at least 18 years old.']);
    expect((await app.inject({ method: 'PUT', url: '/api/profile/kyc/details', headers: ada.headers, payload: { ...DETAILS, birth_date: '1990-02-30' } })).statusCode).toBe(422);
    const saved = await app.inject({ method: 'PUT', url: '/api/profile/kyc/details', headers: ada.headers, payload: DETAILS });
    expect(saved.json()).toMatchObject({ msg: KYC_MSG.detailsSaved, data: { level: 1, limit: 5000, used: 900, details: DETAILS } });
    expect((await withdraw(ada, 4_100)).statusCode).toBe(201);
    const over = await withdraw(ada, 20);
    expect(over.json().msg).toBe('Verify your identity (verification level 2) to withdraw more than 5000.00 coins in 30 days.');
    expect(await app.wallet.balance(ada.id)).toBe(12_000_00 - 5_000_00);
  });

  it('tells a player who asks for more than the balance that, not the limit of their level', async () => {
    const poor = await createPlayer(app, { deposited: 173_00 });
    const refused = await withdraw(poor, 1_000.01);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe('Insufficient balance');
    expect(await app.wallet.balance(poor.id)).toBe(173_00);
  });

  it('counts a delivery of items with the coins, at the value of the items', async () => {
    const bob = await createPlayer(app, { deposited: 10_00 });
    const item = await app.db.insertInto('items').values({ slug: 'kyc-watch', name: 'Dress watch', brand: 'Maker', category: 'watches', price: 1_500_00, sale_price: 1_350_00, rarity: 'epic', size_kind: null }).returning('id').executeTakeFirstOrThrow();
    const owned = (await app.db.insertInto('inventory_items').values({ user_id: bob.id, item_id: item.id, box_id: null, seed_pair_id: null, nonce: null, ticket: null, withdrawal_id: null }).returning('id').executeTakeFirstOrThrow()).id;
    const address = { first_name: 'Bob', last_name: 'Stone', email: 'bob@example.com', phone: '+44 20 7946 0000', country: 'United Kingdom', country_state: 'London', city: 'London', postal_code: 'N1 1AA', street_address: '1 High Street', street_address_2: null };
    expect((await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: bob.headers, payload: address })).statusCode, 'address').toBe(200);
    const ship = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: bob.headers, payload: { type: 'delivery', items: [owned] } });
    expect(ship.statusCode, ship.body).toBe(403);
    expect(ship.json().msg).toBe(kycLimitText(0, 1_000_00));
    expect((await app.db.selectFrom('inventory_items').select('state').where('id', '=', owned).executeTakeFirstOrThrow()).state).toBe('owned');
    expect(await app.db.selectFrom('withdrawals').select('id').where('user_id', '=', bob.id).execute()).toEqual([]);
  });

  it('runs the document check at the sandbox provider: uploads kept privately, submitted by its signed callback', async () => {
    const other = await createPlayer(app);
    expect((await app.inject({ method: 'POST', url: '/api/profile/kyc/start', headers: other.headers })).json().msg).toBe(KYC_MSG.detailsFirst);
    const started = await app.inject({ method: 'POST', url: '/api/profile/kyc/start', headers: ada.headers });
    const url = started.json().data.redirect_url;
    // The check not yet submitted is the one the player goes back to.
    expect((await app.inject({ method: 'POST', url: '/api/profile/kyc/start', headers: ada.headers })).json().data.redirect_url).toBe(url);
    const applicant = url.split('/').pop();
    // Only the player's own check: another player's token finds nothing.
    expect((await app.inject({ url: `/api/sandbox/kyc/${applicant}`, headers: other.headers })).statusCode).toBe(404);
    expect((await upload(other, applicant, 'identity', 'image/png', PNG)).statusCode).toBe(404);
    expect((await upload(ada, applicant, 'identity', 'image/gif', PNG)).statusCode).toBe(422);
    expect((await upload(ada, applicant, 'identity', 'image/png', Buffer.alloc(600 * 1024))).statusCode).toBe(422);
    expect((await upload(ada, applicant, 'identity', 'image/png', PNG)).json().data).toEqual({ applicant_id: applicant, status: 'started', documents: [{ kind: 'identity', content_type: 'image/png' }] });
    const early = await app.inject({ method: 'POST', url: `/api/sandbox/kyc/${applicant}/submit`, headers: ada.headers });
    expect([early.statusCode, early.json().msg]).toEqual([422, KYC_MSG.bothDocuments]);
    expect((await upload(ada, applicant, 'address', 'application/pdf', PDF)).statusCode).toBe(200);

    // A callback with a forged signature is refused and changes nothing.
    const forged = signedKycCallback('not-the-secret-not-the-secret-not-the-secret', { type: 'applicantPending', applicantId: applicant });
    expect((await app.inject({ method: 'POST', url: KYC_CALLBACK_PATH, payload: forged.raw, headers: forged.headers })).statusCode).toBe(403);
    expect((await status(ada)).application.status).toBe('started');

    expect((await app.inject({ method: 'POST', url: `/api/sandbox/kyc/${applicant}/submit`, headers: ada.headers })).json()).toEqual({ msg: KYC_MSG.submitted });
    expect((await status(ada)).application).toMatchObject({ status: 'pending', note: null });
    expect((await upload(ada, applicant, 'identity', 'image/png', PNG)).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/profile/kyc/start', headers: ada.headers })).json().msg).toBe(KYC_MSG.inReview);
    // Still level 1 while the review waits.
    expect((await withdraw(ada, 20)).statusCode).toBe(403);
  });

  it('lets the console review the documents; the approval reaches the level through the provider callback, once', async () => {
    const [pending] = (await queue('pending')).filter((a) => a.player.id === ada.id);
    expect(pending).toMatchObject({ status: 'pending', details: DETAILS });
    expect(pending!.documents.map((d) => [d.kind, d.content_type])).toEqual([
      ['identity', 'image/png'],
      ['address', 'application/pdf'],
    ]);
    const picture = await app.inject({ url: `/api/admin/kyc/${pending!.id}/documents/${pending!.documents[0]!.id}`, headers: admin.headers });
    expect([picture.statusCode, picture.headers['content-type'], picture.headers['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    const pdf = await app.inject({ url: `/api/admin/kyc/${pending!.id}/documents/${pending!.documents[1]!.id}`, headers: admin.headers });
    expect([pdf.headers['content-type'], pdf.headers['content-disposition']]).toEqual(['application/pdf', 'attachment']);
    // Documents are the staff's only: the player themself, or a document of another check, get nothing.
    expect((await app.inject({ url: `/api/admin/kyc/${pending!.id}/documents/${pending!.documents[0]!.id}`, headers: ada.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/admin/kyc/${pending!.id}/documents/999999`, headers: admin.headers })).statusCode).toBe(404);

    expect((await review(pending!.id, 'approve', 'ok')).statusCode).toBe(422);
    const approved = await review(pending!.id, 'approve', 'Passport and bill match the details.');
    expect(approved.json()).toMatchObject({ message: KYC_MSG.reviewed, data: { status: 'approved', level: 2, note: 'Passport and bill match the details.' } });
    expect((await review(pending!.id, 'reject', 'Second thoughts')).json().msg).toBe(KYC_MSG.notWaiting);
    expect(await status(ada)).toMatchObject({ level: 2, limit: null, application: { status: 'approved', note: null } });
    const audited = await app.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'kyc.review').execute();
    expect(audited.map((a) => [a.action, Number(a.target_id)])).toEqual([['kyc.review', ada.id]]);
    const told = await app.db.selectFrom('notifications').select(['kind', 'data']).where('user_id', '=', ada.id).where('kind', '=', 'kyc').execute();
    expect(told).toEqual([{ kind: 'kyc', data: { approved: true } }]);

    // The provider delivering its callback again, or another answer later, changes nothing.
    const applicant = (await app.db.selectFrom('kyc_applications').select('applicant_id').where('id', '=', pending!.id).executeTakeFirstOrThrow()).applicant_id;
    const late = signedKycCallback(app.config.appSecret, { type: 'applicantReviewed', applicantId: applicant, reviewAnswer: 'RED' });
    expect((await app.inject({ method: 'POST', url: KYC_CALLBACK_PATH, payload: late.raw, headers: late.headers })).statusCode).toBe(200);
    expect((await status(ada)).level).toBe(2);
    expect((await app.inject({ method: 'PUT', url: '/api/profile/kyc/details', headers: ada.headers, payload: DETAILS })).json().msg).toBe(KYC_MSG.detailsLocked);

    expect((await withdraw(ada, 5_000)).statusCode).toBe(201);
    await expectLedgerBalanced(app);
  });

  it('tells a rejected player why, keeps their level, and lets them start again', async () => {
    const cleo = await createPlayer(app, { deposited: 10_00 });
    await submitted(cleo);
    const [pending] = (await queue('pending')).filter((a) => a.player.id === cleo.id);
    expect((await review(pending!.id, 'reject', 'The bill is older than 3 months.')).json().data).toMatchObject({ status: 'rejected', level: 1 });
    expect(await status(cleo)).toMatchObject({ level: 1, limit: 5000, application: { status: 'rejected', note: 'The bill is older than 3 months.' } });
    expect((await queue('reviewed')).map((a) => a.player.id)).toEqual(expect.arrayContaining([cleo.id, ada.id]));
    const again = await app.inject({ method: 'POST', url: '/api/profile/kyc/start', headers: cleo.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.redirect_url).not.toContain((await app.db.selectFrom('kyc_applications').select('applicant_id').where('id', '=', pending!.id).executeTakeFirstOrThrow()).applicant_id);
  });
});
