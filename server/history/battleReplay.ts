import { centsToCoins } from '../../core/money/cents.ts';
import type { BetReplay } from '../../core/protocol/transparency.ts';
import type { Db } from '../db/database.ts';

// A battle seat's replay inputs (docs/transparency.md, "Replay"), read only for an ended battle: its
// seeds are secret until then. The page recomputes every roll from the seeds and each round's box
// version with core's code (the server's own, server/games/battles/battles.ts), the winner from the
// totals at the battle's own prices, and compares them with the items and winner stored here.

/** The replay of seat `seat` of ended battle `battleId`; null when the battle has not ended. */
export async function battleReplay(db: Db, battleId: number, seat: number): Promise<Extract<BetReplay, { game: 'battle' }> | null> {
  const battle = await db
    .selectFrom('battles')
    .select(['mode', 'crazy', 'round_ms', 'spin_ms', 'server_seed', 'winner_team'])
    .where('id', '=', battleId)
    .where('status', '=', 'ended')
    .executeTakeFirst();
  if (!battle || battle.winner_team === null) return null;
  const [seats, rounds, rolls] = await Promise.all([
    db.selectFrom('battle_seats').select('client_seed').where('battle_id', '=', battleId).orderBy('seat').execute(),
    db.selectFrom('battle_rounds').select(['round', 'box_version_id']).where('battle_id', '=', battleId).orderBy('round').execute(),
    db.selectFrom('battle_rolls').select(['round', 'seat', 'item_id', 'value']).where('battle_id', '=', battleId).orderBy('round').orderBy('seat').execute(),
  ]);
  // Every roll of an item is valued at the item's price when the battle started: one price an item.
  const prices = new Map(rolls.map((r) => [Number(r.item_id), centsToCoins(Number(r.value))]));
  return {
    game: 'battle',
    id: battleId,
    mode: battle.mode,
    crazy: battle.crazy,
    seat,
    round_ms: Number(battle.round_ms),
    spin_ms: Number(battle.spin_ms),
    server_seed: battle.server_seed,
    client_seeds: seats.map((s) => s.client_seed),
    rounds: rounds.map((round) => ({ box_version: Number(round.box_version_id), items: rolls.filter((r) => r.round === round.round).map((r) => Number(r.item_id)) })),
    prices: [...prices].map(([item_id, price]) => ({ item_id, price })),
    winner_team: Number(battle.winner_team),
  };
}
