import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createPlayer, createTestApp } from '../helpers/testApp.ts';
import { seedCatalog } from '../helpers/boxes.ts';
import { invariantViolations } from '../money/invariants.ts';
import { fillPath, openApiRoutes, type OpenApiDocument, type OpenApiRoute } from './openApiRoutes.ts';

// Every route that takes an id (in the path or the body): another player's id and an id that does
// not exist are refused (4xx) and change nothing of either player: balances, items, withdrawals,
// invoices.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app);
});
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof createPlayer>>;
const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };
const MISSING = 999_999;

async function snapshot(player: Player) {
  const [balance, items, withdrawals, invoices, battles, seats] = await Promise.all([
    app.wallet.balance(player.id),
    app.db.selectFrom('inventory_items').select(['id', 'state', 'withdrawal_id']).where('user_id', '=', player.id).orderBy('id').execute(),
    app.db.selectFrom('withdrawals').select(['id', 'status']).where('user_id', '=', player.id).orderBy('id').execute(),
    app.db.selectFrom('invoices').select(['id', 'status']).where('user_id', '=', player.id).orderBy('id').execute(),
    app.db.selectFrom('battles').select(['id', 'status']).where('creator_id', '=', player.id).orderBy('id').execute(),
    app.db.selectFrom('battle_seats as s').innerJoin('battles as b', 'b.id', 's.battle_id').select(['s.battle_id', 's.seat']).where('b.creator_id', '=', player.id).orderBy('s.seat').execute(),
  ]);
  return { balance, items, withdrawals, invoices, battles, seats };
}

describe('ids of another player or of nothing', () => {
  let owner: Player;
  let intruder: Player;
  let item: number;
  let withdrawal: number;
  let invoice: number;
  let target: number;
  let battle: number;
  beforeAll(async () => {
    owner = await createPlayer(app, { deposited: 200_00 });
    intruder = await createPlayer(app, { deposited: 200_00 });
    for (const p of [owner, intruder]) await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: p.headers, payload: address });
    const opened = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: owner.headers, payload: { quantity: 2 } });
    item = opened.json().data.openings[0].inventory_id;
    const created = await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: owner.headers, payload: { type: 'crypto', amount: 20, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' } });
    withdrawal = created.json().data.id;
    const redirect = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: owner.headers, payload: { amount: 25 } });
    invoice = Number(/\/sandbox\/checkout\/(\d+)$/.exec(redirect.json().redirect_url)![1]);
    target = (await app.db.selectFrom('items').select('id').orderBy('price', 'desc').executeTakeFirstOrThrow()).id;
    const battleCreated = await app.inject({ method: 'POST', url: '/api/battles/create', headers: owner.headers, payload: { boxes: [{ slug: 'gift-card-grab', quantity: 1 }], mode: '1v1v1' } });
    expect(battleCreated.statusCode, battleCreated.body).toBe(200);
    battle = battleCreated.json().data.id;
  });

  type Attempt = (id: number) => { method: 'GET' | 'POST'; url: string; payload?: object };
  const attempts: Array<[string, Attempt, () => number]> = [
    ['sell an item', (id) => ({ method: 'POST', url: `/api/profile/inventory/${id}/sell` }), () => item],
    ['ship an item', (id) => ({ method: 'POST', url: '/api/profile/withdrawals', payload: { type: 'delivery', items: [id] } }), () => item],
    ['upgrade an item', (id) => ({ method: 'POST', url: '/api/upgrade', payload: { inventory_ids: [id], amount: 0, target_item_id: target } }), () => item],
    ['cancel a withdrawal', (id) => ({ method: 'POST', url: `/api/profile/withdrawals/${id}/cancel` }), () => withdrawal],
    ['read a sandbox checkout', (id) => ({ method: 'GET', url: `/api/sandbox/checkout/${id}` }), () => invoice],
    ['complete a sandbox checkout', (id) => ({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { status: 'paid' } }), () => invoice],
    ['cancel a battle', (id) => ({ method: 'POST', url: `/api/battles/${id}/cancel` }), () => battle],
    ['add bots to a battle', (id) => ({ method: 'POST', url: `/api/battles/${id}/add-bots`, payload: { bots: 2 } }), () => battle],
  ];

  for (const [label, request, ownersId] of attempts) {
    it(`${label}: refused for another player's id and a missing one, nothing changes`, async () => {
      const before = [await snapshot(owner), await snapshot(intruder)];
      for (const id of [ownersId(), MISSING]) {
        const { method, url, payload } = request(id);
        const res = await app.inject({ method, url, headers: intruder.headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${label} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect([await snapshot(owner), await snapshot(intruder)]).toEqual(before);
    });
  }

  it('leaves the books balanced', async () => {
    expect(await invariantViolations(app)).toEqual([]);
  });
});

// Every operation of the OpenAPI document that takes an id (a path parameter, or an id field of
// its body) is listed here with how to aim it at the owner's resource; a new route with an id
// fails the first test until it is added. Private resources answer a foreign id exactly as a
// missing one (404 in the path, 422 in a body: no existence oracle); public ones (boxes, battles,
// art) answer a missing id with 404. Either way nothing changes for anyone.
describe('every route with an id in the OpenAPI document', () => {
  type Kind = 'private' | 'public' | 'signed' | 'name';
  interface Case {
    kind: Kind;
    /** The owner's value for the route's id, or null when the test cannot make one. */
    own: () => string | number | null;
    missing: string | number;
    /** Path parameter values, the query or the body, for the given id. */
    request: (id: string | number) => { params?: Record<string, string>; payload?: object; query?: Record<string, string> };
    /** The answer when it is neither 404 (path) nor 422 (body). */
    status?: number;
  }
  let owner: Player;
  let intruder: Player;
  const own: Record<string, string | number> = {};
  const path = (name: string) => (id: string | number) => ({ params: { [name]: String(id) } });
  const file = (ext: string) => (id: string | number) => ({ params: { file: `${id}${ext}` } });

  const cases: Record<string, Case> = {
    // Selling answers as for a sold item (the client shows its msg), the same for foreign and missing ids.
    'POST /api/profile/inventory/{id}/sell': { kind: 'private', own: () => own.item!, missing: MISSING, request: path('id'), status: 422 },
    'POST /api/profile/inventory/{id}/redeem': { kind: 'private', own: () => own.item!, missing: MISSING, request: path('id') },
    'POST /api/profile/inventory/sell': { kind: 'private', own: () => own.item!, missing: MISSING, request: (id) => ({ payload: { ids: [Number(id)] } }) },
    'POST /api/profile/withdrawals': { kind: 'private', own: () => own.item!, missing: MISSING, request: (id) => ({ payload: { type: 'delivery', items: [Number(id)] } }) },
    'POST /api/profile/withdrawals/{id}/cancel': { kind: 'private', own: () => own.withdrawal!, missing: MISSING, request: path('id') },
    'POST /api/upgrade': { kind: 'private', own: () => own.item!, missing: MISSING, request: (id) => ({ payload: { inventory_ids: [Number(id)], amount: 0, target_item_id: own.target } }) },
    'GET /api/sandbox/checkout/{invoiceId}': { kind: 'private', own: () => own.invoice!, missing: MISSING, request: path('invoiceId') },
    'POST /api/sandbox/checkout/{invoiceId}/complete': { kind: 'private', own: () => own.invoice!, missing: MISSING, request: (id) => ({ params: { invoiceId: String(id) }, payload: { status: 'paid' } }) },
    'POST /api/sandbox/crypto/{address}/receive': { kind: 'private', own: () => own.address!, missing: 'bc1qmissingaddressmissingaddress00', request: (id) => ({ params: { address: String(id) }, payload: { amount: 10 } }) },
    'POST /api/bonuses/{id}/forfeit': { kind: 'private', own: () => own.grant!, missing: MISSING, request: path('id') },
    'POST /api/free-boxes/bonus/{id}/open': { kind: 'private', own: () => own.bonus!, missing: MISSING, request: path('id') },
    'GET /api/support/tickets/{id}': { kind: 'private', own: () => own.ticket!, missing: MISSING, request: path('id') },
    'POST /api/support/tickets/{id}/messages': { kind: 'private', own: () => own.ticket!, missing: MISSING, request: (id) => ({ params: { id: String(id) }, payload: { message: 'Where is my parcel, please?' } }) },
    // Bets exist only while a round runs (tests/server/games/wheel/wheel.test.ts takes another player's bet).
    'POST /api/wheel/bet/{id}/cancel': { kind: 'private', own: () => null, missing: MISSING, request: path('id') },
    'GET /api/battles/{id}': { kind: 'public', own: () => own.battle!, missing: MISSING, request: path('id') },
    'POST /api/battles/{id}/join': { kind: 'public', own: () => own.battle!, missing: MISSING, request: (id) => ({ params: { id: String(id) }, payload: {} }) },
    'POST /api/battles/{id}/add-bots': { kind: 'public', own: () => own.battle!, missing: MISSING, request: (id) => ({ params: { id: String(id) }, payload: { bots: 2 } }) },
    'POST /api/battles/{id}/cancel': { kind: 'public', own: () => own.battle!, missing: MISSING, request: path('id') },
    // A bet's public page (docs/transparency.md): public by design, at a random 32-hex id; a missing one is a 404.
    // A mission's id is its public key, the same for every player; what is claimed is the caller's own.
    'POST /api/missions/{id}/claim': { kind: 'public', own: () => null, missing: 'no-such-mission', request: path('id') },
    'GET /api/bets/{id}': { kind: 'public', own: () => null, missing: 'f'.repeat(32), request: path('id') },
    'GET /api/bets/{id}/card.png': { kind: 'public', own: () => null, missing: 'f'.repeat(32), request: path('id') },
    'GET /api/battles/bots/{file}': { kind: 'public', own: () => 1, missing: 999, request: file('.svg') },
    'GET /api/art/items/{file}': { kind: 'public', own: () => own.target!, missing: MISSING, request: file('.svg') },
    // An item's photo (docs/operator-console.md, "Item photos"): public like its drawing; a missing item without the file is a 404.
    'GET /api/art/items/{id}/photos/{hash}': { kind: 'public', own: () => own.target!, missing: MISSING, request: (id) => ({ params: { id: String(id), hash: '0'.repeat(32) } }) },
    'GET /api/art/boxes/{file}': { kind: 'public', own: () => 'gift-card-grab', missing: 'no-such-box', request: file('.svg') },
    'GET /api/email/verify/{id}/{hash}': { kind: 'signed', own: () => owner.id, missing: MISSING, request: (id) => ({ params: { id: String(id), hash: 'forged' }, query: { expires: '9999999999', signature: 'forged' } }) },
    // Sessions are token families (uuids): ending another player's is a 404 like a missing one.
    'POST /api/profile/sessions/{id}/end': { kind: 'private', own: () => own.session!, missing: '00000000-0000-4000-8000-000000000000', request: path('id') },
    'POST /broadcasting/auth': { kind: 'private', own: () => `private-users.${owner.id}`, missing: `private-users.${MISSING}`, request: (id) => ({ payload: { socket_id: '123.456', channel_name: String(id) } }), status: 403 },
  };
  for (const kind of ['boxes', 'free-boxes', 'user-boxes']) {
    cases[`GET /api/${kind}/{slug}`] = { kind: 'public', own: () => null, missing: 'no-such-box', request: path('slug') };
    cases[`POST /api/${kind}/{slug}/open`] = { kind: 'public', own: () => null, missing: 'no-such-box', request: (id) => ({ params: { slug: String(id) }, payload: { quantity: 1 } }) };
    cases[`GET /api/${kind}/{slug}/last-drops`] = { kind: 'name', own: () => null, missing: 'no-such-box', request: path('slug') };
  }
  // Demo spins of the boxes with one (docs/boxes.md "Demo spins"): public, nothing stored.
  for (const kind of ['boxes', 'user-boxes']) {
    cases[`POST /api/${kind}/{slug}/demo`] = { kind: 'public', own: () => null, missing: 'no-such-box', request: (id) => ({ params: { slug: String(id) }, payload: { quantity: 1 } }) };
  }
  // A box version's odds are public (every version was published; docs/operator-console.md).
  cases['GET /api/box-versions/{id}'] = { kind: 'public', own: () => null, missing: MISSING, request: path('id') };
  // A referral link's invitation is public (docs/community.md): an unknown code is a 404.
  cases['GET /api/ref/{code}'] = { kind: 'public', own: () => null, missing: 'no-such-code', request: path('code') };
  // Chat (docs/community.md, "Chat"): messages and players are public there by design (a player
  // reports another's message, ignores another player); a missing one is a 404 (path) or 422 (body).
  cases['POST /api/chat/messages/{id}/report'] = { kind: 'public', own: () => null, missing: MISSING, request: (id) => ({ params: { id: String(id) }, payload: { reason: '' } }) };
  cases['POST /api/chat-ignores'] = { kind: 'public', own: () => null, missing: MISSING, request: (id) => ({ payload: { user_id: Number(id), ignored: true } }) };
  for (const key of ['GET /api/chat/{room}', 'POST /api/chat/{room}/messages']) cases[key] = { kind: 'name', own: () => null, missing: 'nothing', request: () => ({}) };
  // The notifications centre (docs/community.md, "Notifications"): another player's notification is refused as a missing one.
  cases['POST /api/notifications/read'] = { kind: 'private', own: () => own.notification!, missing: MISSING, request: (id) => ({ payload: { ids: [Number(id)] } }) };
  // A player's public profile (docs/community.md, "Public profiles"): public by design, by name; a name nobody has is a 404.
  cases['GET /api/players/{name}'] = { kind: 'public', own: () => null, missing: 'NobodyHasThisName', request: path('name') };
  // The sandbox KYC provider's upload page (docs/kyc.md): another player's check is a missing one.
  const applicant = (path: string) => (id: string | number) => ({ params: { applicantId: String(id) }, ...(path === 'documents' ? { payload: { kind: 'identity', content_type: 'image/png', data: 'aGVsbG8=' } } : {}) });
  cases['GET /api/sandbox/kyc/{applicantId}'] = { kind: 'private', own: () => own.applicant!, missing: '0'.repeat(24), request: applicant('') };
  for (const step of ['documents', 'submit']) cases[`POST /api/sandbox/kyc/{applicantId}/${step}`] = { kind: 'private', own: () => own.applicant!, missing: '0'.repeat(24), request: applicant(step) };
  // Names, not ids of anything a player owns: a provider, a gateway, a campaign.
  for (const key of ['GET /social/{provider}/redirect', 'POST /api/payments/{gateway}/callback', 'POST /api/kyc/{provider}/callback', 'GET /api/tl/{utm_source}']) {
    cases[key] = { kind: 'name', own: () => null, missing: 'nothing', request: () => ({}) };
  }

  beforeAll(async () => {
    owner = await createPlayer(app, { deposited: 200_00 });
    intruder = await createPlayer(app, { deposited: 200_00 });
    for (const p of [owner, intruder]) await app.inject({ method: 'POST', url: '/api/profile/shipping-address', headers: p.headers, payload: address });
    const opened = await app.inject({ method: 'POST', url: '/api/boxes/gift-card-grab/open', headers: owner.headers, payload: { quantity: 2 } });
    own.item = opened.json().data.openings[0].inventory_id;
    own.withdrawal = (await app.inject({ method: 'POST', url: '/api/profile/withdrawals', headers: owner.headers, payload: { type: 'crypto', amount: 20, currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' } })).json().data.id;
    const redirect = await app.inject({ method: 'POST', url: '/api/deposit/zen/redirect', headers: owner.headers, payload: { amount: 25 } });
    own.invoice = Number(/\/sandbox\/checkout\/(\d+)$/.exec(redirect.json().redirect_url)![1]);
    own.address = (await app.inject({ method: 'POST', url: '/api/deposit/alphapo/deposit-address', headers: owner.headers, payload: { currency: 'BTC' } })).json().data.wallet;
    own.target = (await app.db.selectFrom('items').select('id').orderBy('price', 'desc').executeTakeFirstOrThrow()).id;
    own.battle = (await app.inject({ method: 'POST', url: '/api/battles/create', headers: owner.headers, payload: { boxes: [{ slug: 'gift-card-grab', quantity: 1 }], mode: '1v1v1' } })).json().data.id;
    const ticket = await app.inject({ method: 'POST', url: '/api/support/tickets', headers: owner.headers, payload: { subject: 'My parcel', category: 'delivery', message: 'Where is my parcel, please?' } });
    expect(ticket.statusCode, ticket.body).toBe(200);
    own.ticket = ticket.json().data.id;
    own.session = (await app.db.selectFrom('access_tokens').select('family_id').where('user_id', '=', owner.id).executeTakeFirstOrThrow()).family_id;
    await app.db.insertInto('sessions').values({ family_id: own.session, user_id: owner.id, user_agent: 'test', address: '127.0.0.1' }).execute();
    own.grant = Number(
      (await sql<{ id: number }>`insert into bonus_grants (user_id, source, reference, amount, requirement, expires_at) values (${owner.id}, 'promo', 'invoice:idor', 100, 100, now() + interval '1 day') returning id`.execute(app.db)).rows[0]!.id,
    );
    // The owner's deposit is news: their first notification.
    own.notification = Number((await app.db.selectFrom('notifications').select('id').where('user_id', '=', owner.id).orderBy('id').executeTakeFirstOrThrow()).id);
    await app.inject({ method: 'PUT', url: '/api/profile/kyc/details', headers: owner.headers, payload: { full_name: 'Ada Lovelace', birth_date: '1990-12-10', country: 'GB' } });
    own.applicant = (await app.inject({ method: 'POST', url: '/api/profile/kyc/start', headers: owner.headers })).json().data.redirect_url.split('/').pop();
    own.bonus = Number((await app.db.insertInto('entitlements').values({ user_id: owner.id, kind: 'free_box', source: 'promo:winter35', reference: 'invoice:idor' }).returning('id').executeTakeFirstOrThrow()).id);
  });

  async function everything() {
    const [players, entitlements, messages, notifications, verified, sessions, documents] = await Promise.all([
      Promise.all([snapshot(owner), snapshot(intruder)]),
      app.db.selectFrom('entitlements').select(['id', 'consumed_at']).orderBy('id').execute(),
      app.db.selectFrom('support_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      app.db.selectFrom('notifications').select(['id', 'read_at']).orderBy('id').execute(),
      app.db.selectFrom('users').select(['id', 'email_verified_at']).where('id', 'in', [owner.id, intruder.id]).orderBy('id').execute(),
      app.db.selectFrom('sessions').select(['family_id', 'ended_at']).where('user_id', 'in', [owner.id, intruder.id]).orderBy('family_id').execute(),
      app.db.selectFrom('kyc_sandbox_documents').select('id').orderBy('id').execute(),
    ]);
    return { players, entitlements, messages: Number(messages.n), notifications, verified, sessions, documents };
  }

  // The console's routes take any player's or ticket's id by design; a player gets 403 from every one
  // of them before any id is read (tests/security/adminAccess.test.ts).
  const idRoutes = () =>
    openApiRoutes(doc())
      .filter((r) => !r.path.startsWith('/api/admin/'))
      .filter((r) => r.pathParams.length > 0 || Object.keys(r.body?.properties ?? {}).some((name) => /(^id$|_id$|_ids$|^ids$|^items$)/.test(name)));
  const key = (r: OpenApiRoute) => `${r.method} ${r.path}`;
  const doc = () => app.swagger() as unknown as OpenApiDocument;
  // Catalog ids in a body (the items of a player-made box, the upgrade's target) are public.
  const publicBodyIds = new Set(['POST /api/user-boxes']);

  it('knows every route of the document that takes an id', () => {
    // The console's routes are staff only: tests/security/adminAccess.test.ts refuses every player there.
    const unknown = idRoutes().map(key).filter((k) => !(k in cases) && !publicBodyIds.has(k) && !k.includes(' /api/admin/'));
    expect(unknown, 'routes with an id that this test does not aim at').toEqual([]);
  });

  it('answers a foreign id as a missing one (404 in the path, 422 in a body) and a missing public one with 404; nothing changes', async () => {
    for (const route of idRoutes()) {
      const spec = cases[key(route)];
      if (!spec || spec.kind === 'name') continue;
      const answers: Array<{ status: number; body: string; location?: string }> = [];
      const ownValue = spec.own();
      const values = spec.kind === 'public' ? [spec.missing] : [...(ownValue === null ? [] : [ownValue]), spec.missing];
      for (const value of values) {
        const before = await everything();
        const { params, payload, query } = spec.request(value);
        const res = await app.inject({ method: route.method as 'GET' | 'POST', url: fillPath(route.path, params ?? {}), query, headers: intruder.headers, ...(payload ? { payload } : route.method === 'POST' ? { payload: {} } : {}) });
        const label = `${key(route)} with ${value === spec.missing ? 'a missing' : "the owner's"} id: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (spec.kind === 'signed') {
          expect(res.statusCode, label).toBe(302);
          expect(res.headers.location, label).toMatch(/\/email-verified\?status=invalid$/);
        } else {
          const inPath = route.pathParams.length > 0;
          expect(res.statusCode, label).toBe(spec.status ?? (inPath ? 404 : 422));
        }
        answers.push({ status: res.statusCode, body: res.body.replace(String(value), 'ID'), location: res.headers.location as string | undefined });
        expect(await everything(), label).toEqual(before);
      }
      if (answers.length === 2) expect(answers[0], `${key(route)}: a foreign id must answer as a missing one`).toEqual(answers[1]);
    }
  });
});
