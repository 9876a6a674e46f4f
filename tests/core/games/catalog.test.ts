import { describe, expect, it } from 'vitest';
import { DROP_GAMES, GAME_IDS, GAME_REASONS, GAMES, HASH_CHAIN_GAMES, INSTANT_GAMES, REPORT_KEYS, SETTING_GAMES, descriptorOf, gameOfReportKey, gamesOfKind, type SeedPairGame } from '../../../core/games/catalog.ts';
import { GAME_BASICS } from '../../../core/games/gameBasics.ts';
import { GAME_LIMIT_BOUNDS, PAYOUT_CAP_GAMES } from '../../../core/games/gameSettings.ts';
import { playRole } from '../../../core/games/playReasons.ts';
import { publishedReturn } from '../../../core/games/publishedReturns.ts';
import { STAKE_EDGE_BP } from '../../../core/games/rewards.ts';
import { ROUND_GAMES, roundFairHref } from '../../../core/games/roundGames.ts';
import { seedPairVerifyPath } from '../../../core/games/verifyPaths.ts';
import { HISTORY_GAME_LABELS, HISTORY_GAMES, LEDGER_REASONS, ledgerReasonKind, ledgerReasonLabel } from '../../../core/protocol/history.ts';
import { HOUSE_EDGE_BP } from '../../../core/protocol/referral.ts';

// The game descriptor (core/games/catalog.ts) is consistent in itself, and the lists that derive
// from it say what its entries say.

describe('the game catalog', () => {
  it('words a wheel bet by the colour names the wheel shows: the gold segment is "Crazy"', () => {
    const words = (color: string, status: string) => GAMES.wheel.betResult!({ params: { color }, outcome: {}, status, payout: null, multiplier: null });
    expect(words('gold', 'won')).toBe('Bet Crazy, won');
    expect(words('grey', 'lost')).toBe('Bet Grey, lost');
  });

  it('gives each game a stake; each refund gives back a stake of its own game; no reason belongs to two games', () => {
    const perGame = GAME_IDS.flatMap((g) => Object.keys(descriptorOf(g).reasons));
    expect(new Set(perGame).size).toBe(perGame.length);
    expect(Object.keys(GAME_REASONS).sort()).toEqual([...perGame].sort());
    for (const id of GAME_IDS) {
      const reasons = descriptorOf(id).reasons;
      expect(Object.values(reasons).some((r) => r.role === 'stake'), id).toBe(true);
      for (const r of Object.values(reasons)) if (r.role === 'stake_refund') expect(reasons[r.refunds]?.role, `${id}: ${r.refunds}`).toBe('stake');
    }
  });

  it("files every game's reasons in the ledger with its label, kind and role", () => {
    for (const [reason, r] of Object.entries(GAME_REASONS)) {
      expect(LEDGER_REASONS).toHaveProperty(reason);
      expect(ledgerReasonLabel(reason)).toBe(r.label);
      expect(ledgerReasonKind(reason)).toBe(GAMES[r.game].ledgerKind);
      expect(playRole(reason)).toBe(r.role);
    }
    // A reason of no game is not play, whatever its spelling.
    expect(playRole('crypto_withdrawal_refund')).toBe('not_play');
    for (const g of GAME_IDS) expect(STAKE_EDGE_BP[g]).toBe(GAMES[g].houseEdgeBp);
  });

  it('derives the history, report, settings, round and instant lists from the entries', () => {
    expect(HISTORY_GAMES).toEqual(GAME_IDS);
    for (const g of GAME_IDS) expect(HISTORY_GAME_LABELS[g]).toBe(GAMES[g].historyLabel);
    expect(new Set(REPORT_KEYS).size).toBe(GAME_IDS.length);
    for (const g of GAME_IDS) expect(gameOfReportKey(GAMES[g].reportKey)).toBe(g);
    expect(gameOfReportKey('nothing')).toBeNull();
    expect(SETTING_GAMES).toEqual(GAME_IDS.filter((g) => GAMES[g].settings !== null));
    for (const g of SETTING_GAMES) {
      const { minBet, maxBet, maxPayout } = GAME_LIMIT_BOUNDS[g];
      expect(0 < minBet && minBet <= maxBet && maxBet <= maxPayout, g).toBe(true);
      expect(PAYOUT_CAP_GAMES.includes(g)).toBe(descriptorOf(g).settings!.payoutCap);
    }
    expect(ROUND_GAMES).toEqual(gamesOfKind('round'));
    expect(HASH_CHAIN_GAMES).toEqual(ROUND_GAMES);
    expect(INSTANT_GAMES.length).toBeGreaterThan(0);
    expect(Object.keys(HOUSE_EDGE_BP)).toEqual(GAME_IDS.filter((g) => GAMES[g].referralCommission));
  });

  it("publishes a return in (0, 1] for every game's known parameters, none for an unknown one", () => {
    const known: Record<string, string | null> = { plinko: '16:high', wheel: 'blue', box: 'custom' };
    for (const g of GAME_IDS) {
      const r = publishedReturn(GAMES[g].reportKey, known[g] ?? null);
      expect(r !== null && r > 0 && r <= 1, `${g}: ${r}`).toBe(true);
    }
    expect(publishedReturn(GAMES.plinko.reportKey, '17:high')).toBeNull();
    expect(publishedReturn(GAMES.wheel.reportKey, 'red')).toBeNull();
  });

  it("links every bet to its game's fairness page", () => {
    for (const g of GAME_IDS) {
      const fairness = descriptorOf(g).fairness;
      expect(fairness.page).toMatch(/^\/([a-z-]+\/)?provably-fair$/);
      if (fairness.scheme === 'seed_pair') expect(seedPairVerifyPath(g as SeedPairGame, { server_seed: 's', client_seed: 'c', nonce: 1 })).toBe(`${fairness.page}?server_seed=s&client_seed=c&nonce=1`);
    }
    expect(seedPairVerifyPath('plinko', { server_seed: null, client_seed: 'c', nonce: 2, ...GAMES.plinko.fairness.linkInputs({ params: { rows: 12, risk: 'low', inventory: [9] }, outcome: {} }) })).toBe('/plinko/provably-fair?server_seed=&client_seed=c&nonce=2&rows=12&risk=low');
    for (const g of ROUND_GAMES) expect(roundFairHref(g, 'ab', 3)).toBe(`${GAMES[g].fairness.page}?hash=ab&round=3`);
  });

  it('lists its games in the order of its light part, each with the kind and fairness page said there', () => {
    // The browser's round lists read gameBasics.ts alone; "in catalog order" must hold for both.
    expect(GAME_IDS).toEqual(Object.keys(GAME_BASICS));
    for (const g of GAME_IDS) expect({ kind: GAMES[g].kind, fairnessPage: GAMES[g].fairness.page }, g).toEqual({ kind: GAME_BASICS[g].kind, fairnessPage: GAME_BASICS[g].fairnessPage });
    // The drops feed links a tile by the light part's dropPath: every drop game has one, no other game.
    expect(GAME_IDS.filter((g) => 'dropPath' in GAME_BASICS[g])).toEqual(DROP_GAMES);
    expect(ROUND_GAMES).toEqual(GAME_IDS.filter((g) => GAMES[g].kind === 'round'));
  });
});
