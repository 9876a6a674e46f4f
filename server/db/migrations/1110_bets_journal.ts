import { sql, type Kysely } from 'kysely';

// The bets journal (docs/architecture.md, "The bets journal"): one row per stake of every game,
// written by each game in the same statement or transaction as the stake's ledger move, so that
// history, reports, XP, limits and the other readers have one definition of a bet. The domain row
// it belongs to is (game, ref_id, ref_seat): game_bets.id for dice, plinko and upgrade, the
// opening's inventory_items.id for a box, round_bets.id for crash and wheel, battles.id with the
// seat for a battle seat (bots have no row). Amounts are integer cents; `multiplier` is payout ÷
// stake as shown, null while the bet is open.
//
// A refunded bet (given back at the player's or the game's request: a wheel bet taken back, a
// canceled or expired battle) and a voided one (its round voided by the restart rule) count for
// nothing; every other bet is play. A refunded or voided bet's payout is the stake it gave back.
//
// XP follows the journal here, in one place: users.wagered is the sum of the player's stakes that
// are not refunded or voided. A statement-level trigger adds what a statement inserted and takes
// off what a statement moved to refunded or voided (transition tables: one update of users per
// statement, so a batch of bets costs one update, not one per bet). Every game writes its journal
// row after its ledger move, so the users row is locked after the account, the wallet's order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bets (
    id bigint generated always as identity primary key,
    game text not null references games (id),
    user_id bigint not null references users (id) on delete cascade,
    stake bigint not null check (stake >= 0),
    payout bigint check (payout >= 0),
    multiplier numeric(14, 4),
    status text not null check (status in ('open', 'settled', 'refunded', 'voided')),
    ref_id bigint not null,
    ref_seat smallint not null default 0,
    seed_pair_id bigint,
    nonce bigint,
    round_id bigint,
    placed_at timestamptz not null default now(),
    settled_at timestamptz,
    constraint bets_ref unique (game, ref_id, ref_seat),
    constraint bets_open_unpaid check ((status = 'open') = (payout is null))
  )`.execute(db);
  await sql`create index bets_user_time on bets (user_id, placed_at desc, id desc)`.execute(db);
  await sql`create index bets_game_time on bets (game, placed_at)`.execute(db);
  await sql`create index bets_time on bets (placed_at)`.execute(db);

  // The back-fill: every bet played before the journal, by the definitions the history used
  // (server/history/betHistory.ts before the journal).
  await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, seed_pair_id, nonce, placed_at, settled_at)
    select game, user_id, amount, payout, multiplier, 'settled', id, seed_pair_id, nonce, created_at, created_at from game_bets`.execute(db);
  // A box opening: what it cost (opening_price; the box's price for openings from before it was
  // recorded), the value of the item it gave.
  await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, seed_pair_id, nonce, placed_at, settled_at)
    select 'box', i.user_id, o.stake, it.price, case when o.stake > 0 then floor(it.price * 100.0 / o.stake) / 100 end, 'settled', i.id, i.seed_pair_id, i.nonce, i.created_at, i.created_at
    from inventory_items i join boxes b on b.id = i.box_id join items it on it.id = i.item_id
    cross join lateral (select coalesce(i.opening_price, b.price) as stake) o
    where i.box_id is not null and i.seed_pair_id is not null`.execute(db);
  await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, round_id, placed_at, settled_at)
    select rb.game, rb.user_id, rb.amount, case when rb.status in ('refunded', 'canceled') then coalesce(rb.payout, rb.amount) when rb.status <> 'open' then coalesce(rb.payout, 0) end, rb.multiplier,
      case rb.status when 'open' then 'open' when 'canceled' then 'refunded' when 'refunded' then case when r.voided then 'voided' else 'refunded' end else 'settled' end,
      rb.id, rb.round_id, rb.created_at, rb.settled_at
    from round_bets rb join rounds r on r.id = rb.round_id`.execute(db);
  // A battle seat: its cost, and once the battle ended the value of the rolls awarded to it.
  await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, ref_seat, placed_at, settled_at)
    select 'battle', s.user_id, b.seat_cost, w.payout, case when w.payout is not null and b.seat_cost > 0 then floor(w.payout * 100.0 / b.seat_cost) / 100 end,
      case b.status when 'ended' then 'settled' when 'canceled' then 'refunded' else 'open' end,
      b.id, s.seat, s.joined_at, case when b.status in ('ended', 'canceled') then b.ended_at end
    from battle_seats s join battles b on b.id = s.battle_id
    cross join lateral (select case when b.status = 'ended' then (select coalesce(sum(r.value), 0)::bigint from battle_rolls r where r.battle_id = b.id and r.awarded_seat = s.seat)
      when b.status = 'canceled' then b.seat_cost end as payout) w
    where s.user_id is not null`.execute(db);

  // XP from the journal from now on: what players have staked, crash and wheel included.
  await sql`update users set wagered = coalesce((select sum(stake) from bets where bets.user_id = users.id and status not in ('refunded', 'voided')), 0)`.execute(db);
  await sql`create function bets_wagered_added() returns trigger language plpgsql as $$
    begin
      update users set wagered = users.wagered + a.stake
      from (select user_id, sum(stake) as stake from added where stake > 0 and status not in ('refunded', 'voided') group by user_id) a
      where users.id = a.user_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger bets_wagered_insert after insert on bets referencing new table as added for each statement execute function bets_wagered_added()`.execute(db);
  await sql`create function bets_wagered_taken() returns trigger language plpgsql as $$
    begin
      update users set wagered = users.wagered - t.stake
      from (select n.user_id, sum(n.stake) as stake from before_rows o join after_rows n on n.id = o.id
        where n.stake > 0 and o.status not in ('refunded', 'voided') and n.status in ('refunded', 'voided') group by n.user_id) t
      where users.id = t.user_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger bets_wagered_update after update on bets referencing old table as before_rows new table as after_rows for each statement execute function bets_wagered_taken()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bets`.execute(db);
  await sql`drop function bets_wagered_added()`.execute(db);
  await sql`drop function bets_wagered_taken()`.execute(db);
}
