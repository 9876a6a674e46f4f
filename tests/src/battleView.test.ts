import { describe, expect, it } from 'vitest';
import type { BattleDetail } from '../../core/protocol/battle.ts';
import { battleFairLink, battleSettings, isEarlierBattle, battleShares, battleStatusNote, countedRounds, myNetResult, signedCoins, winnerLine, resultAnnouncement, roundAnnouncement, sceneView, tieBreakOf, totalsAfter } from '../../src/features/battles/battleView.ts';

// What the battle page shows comes from one rule: a round counts once the scene has landed it. The
// scene's "before" totals are the seat cards' totals while a round spins, its totals theirs after.

const item = (id: number, price: number) => ({ id, name: `Item ${id}`, price, sale_price: price, rarity: 'common', img_url: '' });
const seat = (s: number, name: string, bot = false) => ({ seat: s, team: s, user: bot ? null : { id: s + 1, name, avatar_url: null }, bot: bot ? { id: 9, name, avatar_url: null } : null, client_seed: `seed-${s}`, total: 0 });
const round = (n: number, prices: [number, number], endsAt: number) => ({
  round: n,
  box: { slug: 'b', name: 'B', img_url: '', version_id: 1 },
  starts_at: endsAt - 1800,
  ends_at: endsAt,
  results: prices.map((p, s) => ({ seat: s, item: item(n * 10 + s, p), ticket: 1000 + s })),
});

function battle(over: Partial<BattleDetail> = {}): BattleDetail {
  return {
    id: 7,
    status: 'running',
    mode: '1v1',
    crazy: false,
    private: false,
    creator_id: 1,
    cost: 40,
    rounds_total: 2,
    boxes: [{ slug: 'b', name: 'B', price: 20, img_url: '', quantity: 2 }],
    seats_total: 2,
    seats_filled: 2,
    seats: [seat(0, 'Ann'), seat(1, 'Bolt (bot)', true)],
    rounds: [round(1, [20, 5], 10_000), round(2, [5, 20], 12_500)],
    server_seed_hash: 'h',
    public_seed: 'p',
    server_seed: null,
    winner: null,
    first_round_at: 8_200,
    round_ms: 2500,
    spin_ms: 1800,
    server_time: 11_000,
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: null,
    canceled_reason: null,
    ...over,
  };
}

describe('battle view', () => {
  it('mid-round: the scene spins from the totals before the round to the totals after it; the page counts the earlier rounds until the reels land', () => {
    const d = battle();
    const view = sceneView(d, 11_000);
    expect(view).toMatchObject({ round: 2, totalsBefore: [20, 5], totals: [25, 25], landed: false, winners: null, tieBreak: null });
    expect(view.spinSeconds).toBeCloseTo(1.5);
    expect(totalsAfter(d, countedRounds(d, 0))).toEqual(view.totalsBefore);
    expect(totalsAfter(d, countedRounds(d, 2))).toEqual(view.totals);
    // A round the scene has landed is not spun again (the end's winners arrive after it).
    expect(sceneView(d, 13_000, 2).landed).toBe(true);
    expect(roundAnnouncement(d, 2)).toBe('Round 2 of 2: Ann 25.00, Bolt (bot) 25.00.');
  });

  it('a tie: the scene gets the tied sides and the side the server’s tie-break picked; the announcement says how it was broken', () => {
    const d = battle({ status: 'ended', server_seed: 's', winner: { team: 1, seats: [1], total: 25, prize: 50, tie_break: true, tied: [0, 1], awards: [], shares: [{ seat: 1, value: 50 }] } });
    expect(tieBreakOf(d)).toEqual({ tied: [0, 1], winner: 1 });
    expect(sceneView(d, 20_000)).toMatchObject({ winners: [1], tieBreak: { tied: [0, 1], winner: 1 } });
    expect(resultAnnouncement(d)).toBe('Battle over. Ann and Bolt (bot) tied; the tie-break coin went to Bolt (bot). Bolt (bot) won 50.00.');
    const plain = battle({ status: 'ended', winner: { team: 0, seats: [0], total: 30, prize: 50, tie_break: false, tied: [0], awards: [], shares: [{ seat: 0, value: 50 }] } });
    expect(tieBreakOf(plain)).toBeNull();
    expect(resultAnnouncement(plain)).toBe('Battle over. Ann won 50.00.');
  });

  it('Recreate and Copy take the battle’s boxes in order, mode and switches; Verify opens the calculator with its seeds and every round', () => {
    const d = battle({ mode: '1v1', crazy: true, private: true, boxes: [{ slug: 'a', name: 'A', price: 1, img_url: '', quantity: 2 }, { slug: 'b', name: 'B', price: 2, img_url: '', quantity: 1 }], server_seed: 'abc' });
    expect(battleSettings(d)).toEqual({ boxes: [{ slug: 'a', quantity: 2 }, { slug: 'b', quantity: 1 }], mode: '1v1', crazy: true, private: true });
    const link = new URL(battleFairLink(d), 'http://x');
    expect([link.pathname, link.hash, link.searchParams.get('battle_server_seed'), link.searchParams.get('battle_client_seeds'), link.searchParams.get('battle_round')]).toEqual(['/provably-fair', '#battle', 'abc', 'seed-0,seed-1', '2']);
  });

  it('a waiting battle says until when it is open; a canceled one says why it ended and that the stakes came back', () => {
    const time = (ms: number) => `t${ms}`;
    expect(battleStatusNote(battle({ status: 'waiting', expires_at: 99 }), time)).toBe('Open until t99: if its seats are not filled by then, the battle expires and every stake is returned.');
    expect(battleStatusNote(battle({ status: 'canceled', canceled_reason: 'expired' }), time)).toBe('This battle expired: its seats were not filled in time. Every player got the seat cost back.');
    expect(battleStatusNote(battle({ status: 'canceled', canceled_reason: 'box_changed' }), time)).toMatch(/^This battle was canceled: its box changed/);
    expect(battleStatusNote(battle({ status: 'canceled', canceled_reason: 'creator' }), time)).toMatch(/^Its creator canceled/);
    expect(battleStatusNote(battle(), time)).toBeNull();
  });

  it('a team win: each winner hears and sees its own share and items, a spectator no "you", a loser its 0.00', () => {
    const results = (n: number, prices: number[]) => ({ ...round(n, [0, 0], 10_000), results: prices.map((p, s) => ({ seat: s, item: item(n * 10 + s, p), ticket: 1000 + s })) });
    const d = battle({
      status: 'ended',
      mode: '2v2',
      seats_total: 4,
      seats: [seat(0, 'Newbie4'), seat(1, 'Bolt (bot)', true), seat(2, 'Cy'), seat(3, 'Dee')].map((s) => ({ ...s, team: s.seat < 2 ? 0 : 1 })),
      rounds: [results(1, [40, 5, 10, 10]), results(2, [3, 45, 5, 5])],
      winner: {
        team: 0,
        seats: [0, 1],
        total: 93,
        prize: 123,
        tie_break: false,
        tied: [0],
        awards: [
          { round: 2, seat: 1, to_seat: 1 },
          { round: 1, seat: 0, to_seat: 0 },
          { round: 1, seat: 2, to_seat: 0 },
          { round: 1, seat: 3, to_seat: 1 },
          { round: 1, seat: 1, to_seat: 0 },
          { round: 2, seat: 2, to_seat: 1 },
          { round: 2, seat: 3, to_seat: 1 },
          { round: 2, seat: 0, to_seat: 1 },
        ],
        shares: [
          { seat: 0, value: 55 },
          { seat: 1, value: 68 },
        ],
      },
    });
    expect(battleShares(d, 0).map((s) => [s.who, s.value, s.items.join(', ')])).toEqual([
      ['You', 55, 'Item 10, Item 12, Item 11'],
      ['Bolt (bot)', 68, 'Item 21, Item 13, Item 22, Item 23, Item 20'],
    ]);
    expect(resultAnnouncement(d, 0)).toBe('Battle over. Team 1 (Newbie4 and Bolt (bot)) won items worth 123.00 together: You receive 55.00, Bolt (bot) receives 68.00.');
    expect(resultAnnouncement(d, null)).toBe('Battle over. Team 1 (Newbie4 and Bolt (bot)) won items worth 123.00 together: Newbie4 receives 55.00, Bolt (bot) receives 68.00.');
    expect(resultAnnouncement(d, 2)).toBe('Battle over. Team 1 (Newbie4 and Bolt (bot)) won items worth 123.00 together: Newbie4 receives 55.00, Bolt (bot) receives 68.00. You receive 0.00.');
    // The lobby's row: the winners and the prize; a seated viewer's net (received − 40.00 seat cost), a spectator's none.
    expect(winnerLine(d)).toBe('Team 1 won 123.00 (Newbie4, Bolt (bot))');
    expect([1, 3, 99].map((userId) => myNetResult(d, userId))).toEqual([15, -40, null]);
    expect([15, -40, 0].map(signedCoins)).toEqual(['+15.00', '−40.00', '+0.00']);
    expect(winnerLine({ ...d, mode: '1v1', winner: { ...d.winner!, seats: [2], team: 2 } })).toBe('Cy won 123.00');
    expect(winnerLine(battle())).toBeNull();
  });

  it('a battle only moves forward: an earlier state (a load answered after an event) never replaces a later one', () => {
    const waiting = battle({ status: 'waiting', seats_filled: 1, rounds: [] });
    const full = battle({ status: 'waiting', seats_filled: 2, rounds: [] });
    const one = battle({ rounds: battle().rounds.slice(0, 1) });
    const two = battle();
    const ended = battle({ status: 'ended' });
    const canceled = battle({ status: 'canceled', seats_filled: 1, rounds: [] });
    const order = [waiting, full, one, two, ended];
    for (const [i, a] of order.entries()) for (const [j, b] of order.entries()) expect(isEarlierBattle(a, b)).toBe(i < j);
    expect(isEarlierBattle(waiting, canceled)).toBe(true);
    expect(isEarlierBattle(canceled, full)).toBe(false);
    // A list event's summary carries no rounds: it is not later than a running detail of the same seats.
    const { rounds: _, ...summary } = one;
    expect(isEarlierBattle(summary, one)).toBe(true);
    expect(isEarlierBattle(one, summary)).toBe(false);
  });
});
