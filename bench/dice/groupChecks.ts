// What the dice benches check and print about group settlement (server/db/groupCommit.ts): the
// sizes of the batches the app sent, and that settling bets together changed no bet's outcome or
// the books: every bet row's roll is its pair's fair roll at its nonce, its win and payout follow
// the dice rule for that roll, each nonce of a pair was used once and every one up to the pair's
// nonce, every bet has its row of the bets journal and each player's XP is their journal's stakes, and
// each player's balance is the sum of their ledger rows (the whole ledger summing to zero).
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import type { BatchSizes } from '../../server/db/groupCommit.ts';
import { booksState } from '../../tests/helpers/books.ts';
import { diceRoll } from '../../core/fair/index.ts';
import { dicePayout, diceWins, type DiceDirection } from '../../core/games/dice.ts';

/** `mean 3.1, p50 3, p90 5, max 9 (1,204 batches)`: the bets' batch sizes, weighted by batch. */
export function describeSizes(sizes: BatchSizes): string {
  if (sizes.batches === 0) return 'no batches';
  const ordered = [...sizes.histogram].sort(([a], [b]) => a - b);
  const at = (q: number) => {
    let seen = 0;
    for (const [size, count] of ordered) if ((seen += count) >= q * sizes.batches) return size;
    return ordered.at(-1)![0];
  };
  return `mean ${(sizes.items / sizes.batches).toFixed(1)}, p50 ${at(0.5)}, p90 ${at(0.9)}, max ${ordered.at(-1)![0]} (${sizes.batches.toLocaleString('en')} batches)`;
}

/** Throws unless every dice bet of `userIds` and their books are as one-by-one settlement leaves them; answers how many bets it checked. */
export async function checkDiceOutcomes(db: Db, userIds: number[]): Promise<number> {
  const bets = await db
    .selectFrom('game_bets as b')
    .innerJoin('seed_pairs as p', 'p.id', 'b.seed_pair_id')
    .select(['b.user_id', 'b.amount', 'b.payout', 'b.nonce', 'b.params', 'b.outcome', 'p.id as pair', 'p.server_seed', 'p.client_seed', 'p.nonce as pair_nonce'])
    .where('b.user_id', 'in', userIds)
    .where('b.game', '=', 'dice')
    .execute();
  const used = new Map<number, Set<number>>();
  for (const b of bets) {
    const { target, direction } = b.params as { target: number; direction: DiceDirection };
    const { roll, win } = b.outcome as { roll: number; win: boolean };
    const nonce = Number(b.nonce);
    const fair = diceRoll(b.server_seed, b.client_seed, nonce);
    const wins = diceWins(fair, target, direction);
    const payout = wins ? dicePayout(Number(b.amount), target, direction) : 0;
    if (roll !== fair || win !== wins || Number(b.payout) !== payout) throw new Error(`bet of user ${b.user_id} at nonce ${nonce}: roll ${roll} win ${win} payout ${b.payout}, the rule says ${fair} ${wins} ${payout}`);
    const nonces = used.get(b.pair) ?? new Set<number>();
    if (nonces.has(nonce)) throw new Error(`nonce ${nonce} of pair ${b.pair} used twice`);
    used.set(b.pair, nonces.add(nonce));
  }
  // Every nonce up to the pair's was used by exactly one dice bet (nothing else takes the bench players' nonces).
  const pairNonce = new Map(bets.map((b) => [b.pair, Number(b.pair_nonce)]));
  for (const [pair, nonces] of used) if (nonces.size !== pairNonce.get(pair)) throw new Error(`pair ${pair} stands at nonce ${pairNonce.get(pair)} but has ${nonces.size} bets`);
  // Every bet has its journal row with its stake and payout, and each player's XP is their journal's stakes.
  const { rows: [journal] } = await sql<{ unjournaled: string; xp_off: string }>`
    select (select count(*) from game_bets b left join bets j on j.game = b.game and j.ref_id = b.id and j.stake = b.amount and j.payout = b.payout
              where b.user_id = any(${userIds}::bigint[]) and j.id is null) as unjournaled,
           (select count(*) from users u where u.id = any(${userIds}::bigint[])
              and u.wagered <> (select coalesce(sum(stake), 0) from bets where bets.user_id = u.id and status not in ('refunded', 'voided'))) as xp_off`.execute(db);
  if (Number(journal!.unjournaled) > 0 || Number(journal!.xp_off) > 0) throw new Error(`${journal!.unjournaled} bets without their journal row, ${journal!.xp_off} players whose XP is not their journal's stakes`);
  const books = await booksState(db);
  if (books.total !== 0) throw new Error(`the ledger sums to ${books.total}, not 0`);
  if (books.mismatches.length > 0) throw new Error(`balance ≠ ledger sum for accounts ${JSON.stringify(books.mismatches)}`);
  return bets.length;
}
