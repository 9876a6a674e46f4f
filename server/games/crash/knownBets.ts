import { LruMap } from '../../lruMap.ts';
import type { RoundRow } from '../rounds/roundLoop.ts';

// What this node already knows to price a player's cash-out without reading the database first:
// the open bet the player placed through this node, and the flying round's launch time and crash
// point (both fixed once the round flies). It saves the cash-out its read, one of its two round
// trips, at the moment hundreds of players cash out at once (bench/crash).
//
// Only ever an acceleration, never the truth: the settling statement checks every value the cash-out
// was priced from (the bet open and the player's, its stake, the round in progress, the round's stakes
// within its cap, which is checked there only; server/games/crash/crashCashOut.ts), and a cash-out that these values would refuse or
// that the statement does not settle is decided again from a fresh read. A bet and its round never
// change what they were priced from: a bet row's stake and auto cash-out are written once, and a round's
// launch and crash point are fixed from `in_progress` on.

export interface KnownBet {
  id: number;
  round_id: number;
  /** Cents. */
  amount: number;
  params: Record<string, unknown>;
}

export type KnownRound = Pick<RoundRow, 'status' | 'launched_at' | 'outcome'>;

/** Players remembered per node (their open bets); rounds: the flying one and a few before it. */
const MAX_PLAYERS = 50_000;
const MAX_ROUNDS = 4;

export function createKnownBets() {
  const bets = new LruMap<number, KnownBet>(MAX_PLAYERS);
  const rounds = new LruMap<number, KnownRound>(MAX_ROUNDS);
  return {
    /** The bet a player placed through this node. */
    placed(userId: number, bet: KnownBet): void {
      bets.set(userId, bet);
    },
    /** A round read or announced while it flies (anything else is not remembered). */
    flying(roundId: number, round: KnownRound): void {
      if (round.status === 'in_progress' && round.launched_at !== null) rounds.set(roundId, { status: round.status, launched_at: round.launched_at, outcome: round.outcome });
    },
    /** The player's bet and its flying round, when this node knows both. */
    of(userId: number): { bet: KnownBet; round: KnownRound } | null {
      const bet = bets.get(userId);
      const round = bet ? rounds.get(bet.round_id) : undefined;
      return bet && round ? { bet, round } : null;
    },
    forget(userId: number): void {
      bets.delete(userId);
    },
  };
}

export type KnownBets = ReturnType<typeof createKnownBets>;
