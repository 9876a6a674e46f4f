import type { Db } from '../db/database.ts';
import { LruMap } from '../lruMap.ts';
import { activePair, rollOf, type Roll } from './seedPairs.ts';

// The active seed pair of recent players, kept in this process so an instant bet can be decided
// before it touches the database and then settled in ONE statement, with the other players' bets
// that arrive meanwhile (group settlement, server/games/bets.ts).
// The database stays the authority: that statement only lets a bet through while the pair is still
// active, still has the cached client seed and still stands at the cached nonce (and the balance
// covers the stake). When it does not (a rotation, a client seed change, a bet through another
// server process, a box opening or upgrade that took a nonce, a short balance), it writes nothing
// and the bet is settled the long way instead: a wallet transaction that takes the next nonce under
// the pair's row lock, which waits rather than races, so every bet ends after at most two tries.
// A player's instant bets in this process run one after another, so they never race each other.

/** What `settle` answers when its statement wrote nothing. */
export const NOT_SETTLED = Symbol('not settled');

export interface Settlement<T> {
  /**
   * Makes sure the bet's player is who it claims (its token was only checked by the settling
   * statement so far): runs before this cache reads the pair from the database and before the
   * long way, and throws to end the bet.
   */
  confirm(): Promise<void>;
  /**
   * The one-statement (batched) settlement of the bet decided from `roll`, or NOT_SETTLED. A
   * settlement that takes several nonces (a box opening of quantity n: `nonces` n) uses `roll`'s
   * nonce and the ones after it.
   */
  settle(roll: Roll): Promise<T | typeof NOT_SETTLED>;
  /** How many consecutive nonces `settle` takes (1 when absent). */
  nonces?: number;
  /** The same bet in a transaction that takes the next nonce itself; gives the roll it used (the last, when it took several). */
  settleLocked(): Promise<{ result: T; roll: Roll }>;
}

const MAX_PLAYERS = 50_000;

export function createSeedPairCache(db: Db) {
  /** Each player's active pair as last seen, as a Roll at the last nonce used (0 before the first bet). */
  const pairs = new LruMap<number, Roll>(MAX_PLAYERS);
  const queues = new Map<number, Promise<unknown>>();

  async function load(userId: number): Promise<Roll> {
    const pair = rollOf(await activePair(db, userId));
    pairs.set(userId, pair);
    return pair;
  }

  /** Runs `work` after every earlier call for the same player has settled. */
  function oneAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(userId) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    queues.set(userId, tail);
    void tail.then(() => {
      if (queues.get(userId) === tail) queues.delete(userId);
    });
    return run;
  }

  return {
    /**
     * Settles one bet of the player: first with the next roll of the cached pair (read from the
     * database when this process has none), then, if that statement wrote nothing, the long way.
     */
    play<T>(userId: number, bet: Settlement<T>): Promise<T> {
      return oneAtATime(userId, async () => {
        let last = pairs.get(userId);
        if (!last) {
          await bet.confirm();
          last = await load(userId);
        }
        const roll = { ...last, nonce: last.nonce + 1 };
        const settled = await bet.settle(roll);
        if (settled !== NOT_SETTLED) {
          pairs.set(userId, { ...roll, nonce: roll.nonce + (bet.nonces ?? 1) - 1 });
          return settled;
        }
        pairs.delete(userId);
        await bet.confirm();
        const { result, roll: used } = await bet.settleLocked();
        pairs.set(userId, used);
        return result;
      });
    },
  };
}

export type SeedPairCache = ReturnType<typeof createSeedPairCache>;
