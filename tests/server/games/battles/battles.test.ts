import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { battleTieBreak } from '../../../../core/fair/index.ts';
import { BATTLE_KEY_PATTERN, BATTLES_LIST_CHANNEL } from '../../../../core/protocol/battle.ts';
import type { BusMessage } from '../../../../server/realtime/bus.ts';
import { DROPS_CHANNEL, type Drop } from '../../../../core/protocol/realtime.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createPlayer, createTestApp } from '../../../helpers/testApp.ts';
import { seedCatalog } from '../../../helpers/boxes.ts';
import { detailOf, expectBattleReDerives, FAST_BATTLES, shopBoxes, waitForStatus } from '../../../helpers/battles.ts';
import { BATTLE_REFUSALS } from '../../../../server/games/battles/battles.ts';
import { publishVersion } from '../../../../server/boxes/boxVersions.ts';
import { coinsToCents } from '../../../../core/money/cents.ts';
import { wageredMismatches } from '../../journal/journalHelpers.ts';

// Box battles through the HTTP API (docs/battles.md): create takes the creator's seat and stake,
// join and add-bots fill seats, the last seat starts the battle, the server paces the rounds and
// announces each once, the end gives every item to the winner, cancel returns every stake; the
// answer shapes of the refusals; the list and its filters.
describe('box battles', () => {
  let app: FastifyInstance;
  const events: BusMessage[] = [];
  beforeAll(async () => {
    app = await createTestApp(FAST_BATTLES);
    await seedCatalog(app);
    app.bus.subscribe((m) => events.push(m));
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) => app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('a 1v1v1 of two boxes: two players and a bot play it to the end; the winner holds every item; every roll re-derives', async () => {
    const [a, b] = await shopBoxes(app, 2);
    const cost = a!.price + b!.price;
    const p1 = await createPlayer(app, { balance: 10 * cost });
    const p2 = await createPlayer(app, { balance: 10 * cost });
    const created = await post('/api/battles/create', p1.headers, { boxes: [{ slug: a!.slug, quantity: 1 }, { slug: b!.slug, quantity: 1 }], mode: '1v1v1' });
    expect(created.statusCode, created.body).toBe(200);
    const { data, msg } = created.json();
    expect(msg).toBe('Battle created.');
    const id = data.id as number;
    expect(await app.wallet.balance(p1.id)).toBe(9 * cost);
    let d = await detailOf(app, id);
    expect(d).toMatchObject({ status: 'waiting', mode: '1v1v1', seats_filled: 1, seats_total: 3, rounds_total: 2, public_seed: null, server_seed: null, cost: cost / 100 });
    expect(d.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await post(`/api/battles/${id}/join`, p2.headers)).json()).toEqual({ msg: 'You joined the battle.' });
    expect((await post(`/api/battles/${id}/join`, p2.headers)).json()).toEqual({ message: BATTLE_REFUSALS.already, data: { msg: BATTLE_REFUSALS.already } });
    expect((await post(`/api/battles/${id}/add-bots`, p2.headers, { bots: 1 })).json().data.msg).toBe(BATTLE_REFUSALS.notCreator);
    const bots = await post(`/api/battles/${id}/add-bots`, p1.headers, { bots: 1 });
    expect(bots.json()).toEqual({ msg: 'Bots added.' });
    d = await detailOf(app, id);
    expect(d.status).toBe('running');
    expect(d.public_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(d.seats[2]!.bot?.name).toMatch(/\(bot\)$/);
    expect((await post(`/api/battles/${id}/cancel`, p1.headers)).json().data.msg).toBe(BATTLE_REFUSALS.started);

    d = await waitForStatus(app, id, 'ended');
    await expectBattleReDerives(app, d);
    // The verifier CLI (npm run fair) gives every round's tickets from the revealed seeds.
    for (const round of d.rounds) {
      const out = execFileSync('node_modules/.bin/node', ['core/fair/cli.ts', 'battle', '--server-seed', d.server_seed!, '--client-seeds', d.seats.map((s) => s.client_seed).join(','), '--round', String(round.round), '--seats', '3'], { encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({ game: 'battle', publicSeed: d.public_seed, round: round.round, tickets: round.results.map((r) => r.ticket) });
    }
    const winnerSeat = d.winner!.seats[0]!;
    const winner = d.seats[winnerSeat]!;
    const allItems = d.rounds.flatMap((r) => r.results.map((x) => x.item.id)).sort();
    const owned = async (userId: number) => (await app.db.selectFrom('inventory_items').select('item_id').where('user_id', '=', userId).where('state', '=', 'owned').execute()).map((r) => r.item_id).sort();
    if (winner.user) expect(await owned(winner.user.id)).toEqual(allItems);
    for (const s of d.seats) if (s.user && s.seat !== winnerSeat) expect(await owned(s.user.id)).toEqual([]);
    expect(d.winner!.prize).toBeCloseTo(d.rounds.flatMap((r) => r.results).reduce((sum, x) => sum + x.item.price, 0), 2);
    // The winner's items are live drops of the battle (its round's box named); a bot's share is no drop.
    const battleDrops = events.filter((e) => e.channel === DROPS_CHANNEL && [p1.id, p2.id].includes((e.data as Drop).user_id)).map((e) => e.data as Drop);
    const wonItems = d.rounds.flatMap((r) => r.results.map((x) => ({ name: x.item.name, price: x.item.price, box: r.box.name })));
    if (winner.user) {
      expect(battleDrops.map((x) => ({ game: x.game, user_id: x.user_id, name: x.item.name, price: x.item.price, box: x.box.name })).sort((x, y) => x.name.localeCompare(y.name))).toEqual(
        wonItems.map((w) => ({ game: 'battle', user_id: winner.user!.id, ...w })).sort((x, y) => x.name.localeCompare(y.name)),
      );
      expect((await app.inject({ method: 'GET', url: '/api/last-drops?limit=50' })).json().data.filter((x: Drop) => x.user_id === winner.user!.id && x.game === 'battle')).toHaveLength(wonItems.length);
    } else expect(battleDrops).toEqual([]);

    // Every event once, in order, on the battle's channel.
    const mine = events.filter((e) => e.channel === `battle-${id}`).map((e) => e.event);
    expect(mine).toEqual(['battleCreated', 'playerJoined', 'playerJoined', 'battleStarted', 'battleRoundStarted', 'battleRoundEnded', 'battleRoundStarted', 'battleRoundEnded', 'battleEnded']);
    expect(events.filter((e) => e.channel === BATTLES_LIST_CHANNEL && (e.data as { battle: { id: number } }).battle.id === id).map((e) => e.event)).toEqual(['battleCreated', 'playerJoined', 'playerJoined', 'battleStarted', 'battleEnded']);
    const roundStarted = events.find((e) => e.channel === `battle-${id}` && e.event === 'battleRoundStarted')!.data as { round: { round: number; starts_at: number; ends_at: number } };
    expect(roundStarted.round.round).toBe(1);
    expect(roundStarted.round.ends_at - roundStarted.round.starts_at).toBe(200);
    await expectLedgerBalanced(app);
  });

  it('crazy mode: the lowest total wins', async () => {
    const [a] = await shopBoxes(app, 1);
    const p1 = await createPlayer(app, { balance: 10 * a!.price });
    for (let n = 0; n < 3; n++) {
      const id = (await post('/api/battles/create', p1.headers, { boxes: [{ slug: a!.slug, quantity: 2 }], mode: '1v1', crazy: true })).json().data.id;
      await post(`/api/battles/${id}/add-bots`, p1.headers, { bots: 1 });
      const d = await waitForStatus(app, id, 'ended');
      const totals = d.seats.map((s) => s.total);
      expect(d.seats[d.winner!.team]!.total).toBe(Math.min(...totals));
      await expectBattleReDerives(app, d);
    }
  });

  it('a tie: the detail names the tied teams and the one the published tie-break rule picked', async () => {
    // A box of one item: every seat rolls it, so every 1v1 of it ties.
    const [a] = await shopBoxes(app, 1);
    const item = await app.db.selectFrom('box_items').select('item_id').where('box_id', '=', a!.id).executeTakeFirstOrThrow();
    const box = await app.db.insertInto('boxes').values({ slug: 'one-item-box', name: 'One item', type: 'standard', category: 'test', price: a!.price }).returning(['id', 'slug']).executeTakeFirstOrThrow();
    await publishVersion(app.db, box.id, { price: a!.price, items: [{ itemId: item.item_id, oddsUnits: 100 }] }, null);
    const p1 = await createPlayer(app, { balance: 10 * a!.price });
    const id = (await post('/api/battles/create', p1.headers, { boxes: [{ slug: box.slug, quantity: 1 }], mode: '1v1' })).json().data.id;
    await post(`/api/battles/${id}/add-bots`, p1.headers, { bots: 1 });
    const d = await waitForStatus(app, id, 'ended');
    expect(d.seats[0]!.total).toBe(d.seats[1]!.total);
    expect(d.winner).toMatchObject({ tie_break: true, tied: [0, 1], team: battleTieBreak(d.server_seed!, d.public_seed!, [0, 1]) });
    await expectBattleReDerives(app, d);
    // Without a tie, the winner is the one team.
    const [b] = await shopBoxes(app, 2);
    const plain = (await post('/api/battles/create', p1.headers, { boxes: [{ slug: b!.slug, quantity: 1 }], mode: '1v1' })).json().data.id;
    await post(`/api/battles/${plain}/add-bots`, p1.headers, { bots: 1 });
    const e = await waitForStatus(app, plain, 'ended');
    expect(e.winner!.tied).toEqual(e.winner!.tie_break ? [0, 1] : [e.winner!.team]);
  });

  it('2v2: teams sum their seats; join by team_idx; the winning team splits every item', async () => {
    const [a] = await shopBoxes(app, 1);
    const players = await Promise.all([0, 1, 2].map(() => createPlayer(app, { balance: 10 * a!.price })));
    const id = (await post('/api/battles/create', players[0]!.headers, { boxes: [{ slug: a!.slug, quantity: 3 }], mode: '2v2' })).json().data.id;
    expect((await post(`/api/battles/${id}/join`, players[1]!.headers, { team_idx: 1 })).statusCode).toBe(200);
    expect((await post(`/api/battles/${id}/join`, players[2]!.headers, { team_idx: 1 })).statusCode).toBe(200);
    expect((await post(`/api/battles/${id}/join`, (await createPlayer(app, { balance: a!.price })).headers, { team_idx: 1 })).json().data.msg).toBe(BATTLE_REFUSALS.teamFull);
    let d = await detailOf(app, id);
    expect(d.seats.map((s) => [s.seat, s.team])).toEqual([[0, 0], [2, 1], [3, 1]]);
    await post(`/api/battles/${id}/add-bots`, players[0]!.headers, { bots: 1, team_idx: 0 });
    d = await waitForStatus(app, id, 'ended');
    await expectBattleReDerives(app, d);
    const team = d.winner!.team;
    expect(d.winner!.seats).toEqual(team === 0 ? [0, 1] : [2, 3]);
    expect(d.winner!.awards.every((aw) => d.winner!.seats.includes(aw.to_seat))).toBe(true);
    const inventoryTotal = await app.db.selectFrom('battle_rolls').select(['inventory_item_id', 'awarded_seat']).where('battle_id', '=', id).execute();
    // Every item went to a human winner's inventory, or stayed with the house for a bot's share.
    for (const row of inventoryTotal) expect(row.inventory_item_id === null).toBe(d.seats[row.awarded_seat!]!.bot !== null);
    // The journal: one row per human seat (the bot has none), settled with the value its seat was awarded.
    const awarded = (seat: number) => coinsToCents(d.winner!.shares.find((s) => s.seat === seat)?.value ?? 0);
    const journal = await app.db.selectFrom('bets').select(['ref_seat', 'user_id', 'stake', 'payout', 'status']).where('game', '=', 'battle').where('ref_id', '=', id).orderBy('ref_seat').execute();
    const seated = [[0, players[0]!.id], [2, players[1]!.id], [3, players[2]!.id]] as const;
    expect(journal).toEqual(seated.map(([seat, userId]) => ({ ref_seat: seat, user_id: userId, stake: 3 * a!.price, payout: awarded(seat), status: 'settled' })));
    // The lobby's row of the ended battle names the same winners, prize and shares as the detail.
    const row = (await app.inject({ method: 'GET', url: '/api/battles?status=ended&per_page=50' })).json().data.find((b: { id: number }) => b.id === id);
    const { team: wTeam, seats: wSeats, total, prize, shares } = d.winner!;
    expect(row.winner).toEqual({ team: wTeam, seats: wSeats, total, prize, shares });
    expect(await wageredMismatches(app.db)).toEqual([]);
    await expectLedgerBalanced(app);
  });

  it('cancel by the creator before start returns every stake; then join and cancel are refused', async () => {
    const [a] = await shopBoxes(app, 1);
    const p1 = await createPlayer(app, { balance: a!.price });
    const p2 = await createPlayer(app, { balance: a!.price });
    const id = (await post('/api/battles/create', p1.headers, { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1v1' })).json().data.id;
    await post(`/api/battles/${id}/join`, p2.headers);
    expect(await app.wallet.balance(p2.id)).toBe(0);
    expect((await post(`/api/battles/${id}/cancel`, p2.headers)).json().data.msg).toBe(BATTLE_REFUSALS.notCreator);
    expect((await post(`/api/battles/${id}/cancel`, p1.headers)).json()).toEqual({ msg: 'Battle canceled. Every stake was returned.' });
    expect(await app.wallet.balance(p1.id)).toBe(a!.price);
    expect(await app.wallet.balance(p2.id)).toBe(a!.price);
    expect((await detailOf(app, id)).status).toBe('canceled');
    expect((await post(`/api/battles/${id}/join`, (await createPlayer(app, { balance: a!.price })).headers)).json().data.msg).toBe(BATTLE_REFUSALS.canceled);
    expect(events.filter((e) => e.channel === `battle-${id}`).at(-1)!.event).toBe('battleCanceled');
    // The journal: both seats refunded, their stakes given back and counting for no XP.
    const journal = await app.db.selectFrom('bets').select(['user_id', 'stake', 'payout', 'status']).where('game', '=', 'battle').where('ref_id', '=', id).orderBy('ref_seat').execute();
    expect(journal).toEqual([p1, p2].map((p) => ({ user_id: p.id, stake: a!.price, payout: a!.price, status: 'refunded' })));
    expect(await wageredMismatches(app.db)).toEqual([]);
    await expectLedgerBalanced(app);
  });

  it('a waiting battle expires on the battle clock: every stake back exactly once, the page and the history say so', async () => {
    const [a] = await shopBoxes(app, 1);
    const p1 = await createPlayer(app, { balance: a!.price });
    const p2 = await createPlayer(app, { balance: a!.price });
    const id = (await post('/api/battles/create', p1.headers, { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1v1' })).json().data.id as number;
    await post(`/api/battles/${id}/join`, p2.headers);
    const waiting = await detailOf(app, id);
    // BATTLE_EXPIRE_MS (an hour by default) from its creation on the battle clock.
    expect(waiting.expires_at! - Date.parse(waiting.created_at)).toBeGreaterThan(3_500_000);
    // Its hour is up: the leader's loop (ticking every 20 ms here) expires it.
    await app.db.updateTable('battles').set({ expires_at: new Date(app.clock.now() - 1) }).where('id', '=', id).execute();
    expect(await waitForStatus(app, id, 'canceled')).toMatchObject({ canceled_reason: 'expired', expires_at: null });
    // Swept again (two loops at once): nothing more moves.
    await Promise.all([app.battles.sweepWaiting(app.clock.now()), app.battles.sweepWaiting(app.clock.now())]);
    expect(await app.wallet.balance(p1.id)).toBe(a!.price);
    expect(await app.wallet.balance(p2.id)).toBe(a!.price);
    const refunds = await app.db.selectFrom('ledger_entries').select('amount').where('reference', '=', `battle:${id}`).where('reason', '=', 'battle_refund').where('amount', '>', 0).execute();
    expect(refunds.map((r) => Number(r.amount))).toEqual([a!.price, a!.price]);
    expect((await post(`/api/battles/${id}/join`, (await createPlayer(app, { balance: a!.price })).headers)).json().data.msg).toBe(BATTLE_REFUSALS.expired);
    expect(events.filter((e) => e.channel === `battle-${id}` && e.event === 'battleCanceled')).toHaveLength(1);
    const history = await app.inject({ method: 'GET', url: '/api/profile/bets?game=battle', headers: p2.headers });
    expect(history.json().data.map((r: { result: string }) => r.result), history.body).toEqual(['Expired, seat refunded']);
    await expectLedgerBalanced(app);
  });

  it('refusals: not enough balance, unknown battle, a bad box list (errors.boxes), login required', async () => {
    const [a] = await shopBoxes(app, 1);
    const poor = await createPlayer(app, { balance: a!.price - 1 });
    expect((await post('/api/battles/create', poor.headers, { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1' })).json()).toEqual({ message: BATTLE_REFUSALS.balance, data: { msg: BATTLE_REFUSALS.balance } });
    expect(await app.wallet.balance(poor.id)).toBe(a!.price - 1);
    expect((await app.db.selectFrom('battles').select('id').where('creator_id', '=', poor.id).execute()).length).toBe(0);
    expect((await post('/api/battles/999999/join', poor.headers)).statusCode).toBe(404);
    for (const [boxes, message] of [
      [[], 'A battle has 1 to 50 boxes.'],
      [[{ slug: a!.slug, quantity: 51 }], 'A battle has 1 to 50 boxes.'],
      [[{ slug: 'no-such-box', quantity: 1 }], 'The box no-such-box does not exist.'],
      [[{ slug: a!.slug, quantity: 0 }], 'The quantity must be at least 1.'],
      ['x', 'Choose the boxes of the battle.'],
    ] as const) {
      const res = await post('/api/battles/create', poor.headers, { boxes, mode: '1v1' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.boxes).toEqual([message]);
    }
    expect((await post('/api/battles/create', {}, { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1' })).statusCode).toBe(401);
  });

  it('the list: open first, then running, then recently ended; filters; private battles only by link', async () => {
    const [a] = await shopBoxes(app, 1);
    const p = await createPlayer(app, { balance: 100 * a!.price });
    const open = (await post('/api/battles/create', p.headers, { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1v1v1' })).json().data.id;
    const beforeHidden = events.length;
    const created = await post('/api/battles/create', p.headers, { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1v1v1', private: true });
    const hidden = created.json().data.id as number;
    const list = (await app.inject({ method: 'GET', url: '/api/battles?per_page=50' })).json();
    const statuses = list.data.map((b: { status: string }) => b.status);
    const rank = (s: string) => ['waiting', 'running', 'ended'].indexOf(s);
    expect(statuses.map(rank)).toEqual([...statuses.map(rank)].sort((x: number, y: number) => x - y));
    expect(list.data.map((b: { id: number }) => b.id)).toContain(open);
    expect(list.data.map((b: { id: number }) => b.id)).not.toContain(hidden);
    // A private battle answers only with its link's key; its number alone is an unknown battle.
    const key = created.json().data.key as string;
    expect(key).toMatch(BATTLE_KEY_PATTERN);
    const unknown = (await app.inject({ method: 'GET', url: '/api/battles/999999999' })).json();
    for (const q of ['', '?key=', `?key=${'0'.repeat(32)}`, `?key=${key.slice(0, 31)}`, `?key=${key.toUpperCase()}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/battles/${hidden}${q}` });
      expect([res.statusCode, res.json()]).toEqual([404, unknown]);
    }
    expect((await detailOf(app, hidden, key)).private).toBe(true);
    const guest = await createPlayer(app, { balance: 100 * a!.price });
    expect((await post(`/api/battles/${hidden}/join`, guest.headers)).statusCode).toBe(404);
    expect((await post(`/api/battles/${hidden}/join`, guest.headers, { key: 'f'.repeat(32) })).statusCode).toBe(404);
    expect((await post(`/api/battles/${hidden}/add-bots`, guest.headers, { bots: 1 })).statusCode).toBe(404);
    expect((await post(`/api/battles/${hidden}/cancel`, guest.headers)).statusCode).toBe(404);
    expect(await app.wallet.balance(guest.id)).toBe(100 * a!.price);
    expect((await post(`/api/battles/${hidden}/join`, guest.headers, { key })).json()).toEqual({ msg: 'You joined the battle.' });
    // The creator acts on it without the key; its events go only to the keyed channel.
    expect((await post(`/api/battles/${hidden}/add-bots`, p.headers, { bots: 2 })).json()).toEqual({ msg: 'Bots added.' });
    await waitForStatus(app, hidden, 'ended', 20_000, key);
    // A battle's own events carry its id; a live drop's `id` is the drop's, so the drops feed is
    // checked apart: the only battle that ended meanwhile is this one, and it put no item there.
    const heard = events.filter((e) => e.channel !== 'drops' && ((e.data as { battle?: { id: number } }).battle?.id === hidden || (e.data as { id?: number }).id === hidden));
    expect(new Set(heard.map((e) => e.channel))).toEqual(new Set([`battle-${hidden}-${key}`]));
    expect(events.slice(beforeHidden).filter((e) => e.channel === 'drops' && (e.data as { game?: string }).game === 'battle')).toEqual([]);
    expect(heard.map((e) => e.event)).toEqual(expect.arrayContaining(['battleCreated', 'playerJoined', 'battleStarted', 'battleRoundStarted', 'battleEnded']));
    await expectLedgerBalanced(app);
    const filtered = (await app.inject({ method: 'GET', url: '/api/battles?mode=1v1v1v1&status=waiting' })).json();
    expect(filtered.data.every((b: { mode: string; status: string }) => b.mode === '1v1v1v1' && b.status === 'waiting')).toBe(true);
    expect(filtered.data[0].boxes[0]).toMatchObject({ slug: a!.slug, quantity: 1, img_url: `/api/art/boxes/${a!.slug}.svg` });
    expect((await app.inject({ method: 'GET', url: '/api/battles?crazy=1' })).json().data.every((b: { crazy: boolean }) => b.crazy)).toBe(true);
    const bots = (await app.inject({ method: 'GET', url: '/api/battles/bots' })).json().data;
    expect(bots.length).toBeGreaterThanOrEqual(5);
    const avatar = await app.inject({ method: 'GET', url: bots[0].avatar_url });
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
  });
});
