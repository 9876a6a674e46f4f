import { sql, type Kysely } from 'kysely';

// The referral commission is accrued from the bets journal (migration 1110): one commission per
// settled journal row, keyed `('bet', bets.id)`. The commissions already written keep their amounts
// and move to that key, so the job never pays a bet twice: an instant or round bet's row finds its
// journal row by the game's own row (game, ref_id); a box payment's (keyed by the ledger debit, one
// per request) becomes one row per opening it paid, the journal rows of that player placed in the
// same transaction (the debit's and the openings' time is the transaction's start).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table referral_commissions drop constraint if exists referral_commissions_source_check`.execute(db);
  await sql`alter table referral_commissions add constraint referral_commissions_source_check check (source in ('game_bet', 'round_bet', 'ledger', 'bet'))`.execute(db);
  await sql`
    update referral_commissions c set source = 'bet', source_id = b.id
    from bets b
    where c.source in ('game_bet', 'round_bet') and b.game = c.game and b.ref_id = c.source_id and b.ref_seat = 0`.execute(db);
  await sql`
    insert into referral_commissions (source, source_id, referrer_id, referred_id, game, stake, edge_bp, units, settled_at)
    select 'bet', b.id, c.referrer_id, c.referred_id, 'box', b.stake, c.edge_bp, b.stake * (c.units / c.stake), c.settled_at
    from referral_commissions c
    join bets b on b.user_id = c.referred_id and b.game = 'box' and b.placed_at = c.settled_at and b.stake > 0
    where c.source = 'ledger'
    on conflict do nothing`.execute(db);
  await sql`
    delete from referral_commissions c
    where c.source = 'ledger' and exists (select 1 from bets b where b.user_id = c.referred_id and b.game = 'box' and b.placed_at = c.settled_at and b.stake > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table referral_commissions drop constraint if exists referral_commissions_source_check`.execute(db);
  await sql`alter table referral_commissions add constraint referral_commissions_source_check check (source in ('game_bet', 'round_bet', 'ledger', 'bet'))`.execute(db);
}
