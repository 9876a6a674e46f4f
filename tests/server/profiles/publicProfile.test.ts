import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { levelOf } from '../../../core/games/levels.ts';
import { rankOfLevel } from '../../../core/games/vip.ts';

// Public profiles (docs/community.md, "Public profiles"): the figures are the bets journal's sums,
// each hidden at the player's wish (null, the others still shown), the missions done are badges, and
// a name nobody has is a 404.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const profile = (name: string) => app.inject({ method: 'GET', url: `/api/players/${encodeURIComponent(name)}` });

describe('a public profile', () => {
  it("shows the journal's figures, hides what the player hides, lists the missions done and answers 404 for no such name", async () => {
    const player = await createPlayer(app, { name: 'ProfileAce', balance: 100_00 });
    // Four dice bets: two likely wins at 2 coins and two at 0.50 (a 0.50 win's multiplier does not count as the best).
    for (const [amount, target] of [[2, 90], [2, 10], [0.5, 95], [0.5, 5]] as const) {
      const bet = await app.inject({ method: 'POST', url: '/api/dice/bet', headers: player.headers, payload: { amount, target, direction: 'under' } });
      expect(bet.statusCode, bet.body).toBe(200);
    }
    const { rows } = await sql<{ wagered: string; bets: string; best: string | null; biggest: string }>`
      select sum(stake) as wagered, count(*) as bets,
        max(multiplier) filter (where payout > 0 and stake >= 100) as best, max(payout) as biggest
      from bets where user_id = ${player.id} and status = 'settled'`.execute(app.db);
    const sums = rows[0]!;
    // Its badges are the missions done: here, a first win on dice if one of the bets paid more than it staked.
    const won = (await sql<{ n: string }>`select count(*) as n from bets where user_id = ${player.id} and status = 'settled' and payout > stake`.execute(app.db)).rows[0]!.n;
    const badges = Number(won) > 0 ? [{ id: 'first_win:dice', title: 'First win: Dice' }] : [];
    const wagered = Number((await app.db.selectFrom('users').select('wagered').where('id', '=', player.id).executeTakeFirstOrThrow()).wagered);
    const level = levelOf(wagered).level;

    // Found by name as a tip finds it: any case.
    const shown = await profile('profileace');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({
      name: 'ProfileAce',
      level,
      rank: { tier: rankOfLevel(level).tier, name: rankOfLevel(level).name },
      stats: { wagered: Number(sums.wagered) / 100, bets: 4, best_multiplier: sums.best === null ? 0 : Math.floor(Number(sums.best) * 100) / 100, biggest_win: Number(sums.biggest) / 100 },
      badges,
    });
    expect(Number(sums.wagered)).toBe(500);

    // Hiding: in the stats' order, each once; the profile shows null for them and the rest as before.
    const set = await app.inject({ method: 'PUT', url: '/api/profile/public', headers: player.headers, payload: { hidden: ['biggest_win', 'wagered', 'wagered'] } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ hidden: ['wagered', 'biggest_win'] });
    expect((await app.inject({ method: 'GET', url: '/api/profile/public', headers: player.headers })).json().data).toEqual({ hidden: ['wagered', 'biggest_win'] });
    expect((await profile('ProfileAce')).json().data.stats).toEqual({ wagered: null, bets: 4, best_multiplier: shown.json().data.stats.best_multiplier, biggest_win: null });

    // Refused: an unknown figure (nothing changes), a visitor.
    const bad = await app.inject({ method: 'PUT', url: '/api/profile/public', headers: player.headers, payload: { hidden: ['balance'] } });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/profile/public', headers: player.headers })).json().data.hidden).toEqual(['wagered', 'biggest_win']);
    expect((await app.inject({ method: 'PUT', url: '/api/profile/public', payload: { hidden: [] } })).statusCode).toBe(401);

    const none = await profile('NobodyHasThisName');
    expect([none.statusCode, none.json().message]).toEqual([404, 'Player not found.']);
    // A new player: zeros, no badge, everything public.
    await createPlayer(app, { name: 'FreshFace' });
    expect((await profile('FreshFace')).json().data).toMatchObject({ level: levelOf(0).level, stats: { wagered: 0, bets: 0, best_multiplier: 0, biggest_win: 0 }, badges: [] });
  });

  it('keeps streamer mode on the account: the profile answer carries it; a bad body and a visitor are refused', async () => {
    const player = await createPlayer(app);
    const me = async () => (await app.inject({ method: 'GET', url: '/api/profile', headers: player.headers })).json().data.streamer_mode;
    expect(await me()).toBe(false);
    const on = await app.inject({ method: 'PUT', url: '/api/profile/streamer-mode', headers: player.headers, payload: { on: true } });
    expect(on.json()).toEqual({ data: { on: true } });
    expect(await me()).toBe(true);
    expect((await app.inject({ method: 'PUT', url: '/api/profile/streamer-mode', headers: player.headers, payload: { on: 'yes' } })).statusCode).toBe(422);
    expect((await app.inject({ method: 'PUT', url: '/api/profile/streamer-mode', payload: { on: false } })).statusCode).toBe(401);
    expect(await me()).toBe(true);
  });
});
