import { sql } from 'kysely';
import type { Db } from '../../../server/db/database.ts';

// What the journal suites compare: a player's journal rows and ledger rows without what differs
// between two players by construction (row ids, their own seed pair's id, the domain row's id).

/** The player's journal rows in order, with the domain row's id and the pair id left out. */
export async function journalOf(db: Db, userId: number) {
  const rows = await db.selectFrom('bets').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => ({
    game: r.game,
    stake: Number(r.stake),
    payout: r.payout === null ? null : Number(r.payout),
    multiplier: r.multiplier === null ? null : Number(r.multiplier),
    status: r.status,
    ref_seat: Number(r.ref_seat),
    nonce: r.nonce === null ? null : Number(r.nonce),
    round_id: r.round_id === null ? null : Number(r.round_id),
    paired: r.seed_pair_id !== null,
    settled_at_placed: r.settled_at !== null && new Date(r.settled_at).getTime() === new Date(r.placed_at).getTime(),
  }));
}

/** The player's ledger rows in order (the test's own grants left out), references without their row ids. */
export async function ledgerOf(db: Db, userId: number) {
  const { rows } = await sql<{ amount: string; balance_after: string; reason: string; reference: string | null }>`
    select l.amount, l.balance_after, l.reason, l.reference from ledger_entries l join accounts a on a.id = l.account_id
    where a.user_id = ${userId} and l.reason <> 'test_grant' order by l.id`.execute(db);
  return rows.map((r) => ({ amount: Number(r.amount), balance_after: Number(r.balance_after), reason: r.reason, reference: r.reference?.replace(/:\d+$/, ':#') ?? null }));
}

/** Players whose XP (users.wagered) is not the sum of their journal stakes that are neither refunded nor voided. */
export async function wageredMismatches(db: Db) {
  const { rows } = await sql<{ id: number; wagered: string; journal: string }>`
    select u.id, u.wagered, coalesce(sum(b.stake) filter (where b.status not in ('refunded', 'voided')), 0) as journal
    from users u left join bets b on b.user_id = u.id group by u.id having u.wagered <> coalesce(sum(b.stake) filter (where b.status not in ('refunded', 'voided')), 0)`.execute(db);
  return rows;
}

/** Gives `to` the very seed pair of `from` (server seed, client seed, nonce), so the same bets roll the same. */
export async function copySeedPair(db: Db, from: number, to: number): Promise<void> {
  const source = await db.selectFrom('seed_pairs').select(['server_seed', 'server_seed_hash', 'client_seed', 'nonce']).where('user_id', '=', from).where('revealed_at', 'is', null).executeTakeFirstOrThrow();
  await db.updateTable('seed_pairs').set(source).where('user_id', '=', to).where('revealed_at', 'is', null).execute();
}

/**
 * The player's domain rows in order, each without its ids and the player's own seed pair: bet rows
 * of the instant games, the openings' inventory and drop rows, round bets, and the nonces rolled on
 * the player's pairs. Two players who played the same things on the same seeds have the same.
 */
export async function domainRowsOf(db: Db, userId: number) {
  const instant = await db.selectFrom('game_bets').select(['game', 'amount', 'payout', 'multiplier', 'nonce', 'params', 'outcome']).where('user_id', '=', userId).orderBy('id').execute();
  const inventory = await db.selectFrom('inventory_items').select(['item_id', 'box_id', 'box_version_id', 'state', 'nonce', 'ticket', 'opening_price']).where('user_id', '=', userId).orderBy('id').execute();
  const drops = await db.selectFrom('drops').select(['box_slug', 'box_name', 'box_kind', 'box_img_url', 'item_name', 'item_rarity', 'item_img_url', 'item_price', 'item_sale_price']).where('user_id', '=', userId).orderBy('id').execute();
  const roundBets = await db.selectFrom('round_bets').select(['round_id', 'game', 'amount', 'params', 'status', 'multiplier', 'payout', 'closed_by', 'settled_at']).where('user_id', '=', userId).orderBy('id').execute();
  const rolls = await db.selectFrom('seed_pair_rolls as r').innerJoin('seed_pairs as p', 'p.id', 'r.seed_pair_id').select('r.nonce').where('p.user_id', '=', userId).orderBy('r.nonce').execute();
  return {
    instant: instant.map((b) => ({ ...b, multiplier: Number(b.multiplier) })),
    inventory,
    drops,
    roundBets: roundBets.map((b) => ({ ...b, multiplier: b.multiplier === null ? null : Number(b.multiplier), settled_at: b.settled_at === null ? null : new Date(b.settled_at).getTime() })),
    rolls: rolls.map((r) => Number(r.nonce)),
  };
}
