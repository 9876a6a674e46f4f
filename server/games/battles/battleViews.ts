import { battleLayout, leadingTeams, type BattlePacing } from '../../../core/games/battle.ts';
import type { BattleDetail, BattleRound, BattleSummary } from '../../../core/protocol/battle.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { boxImgUrl, itemSummary } from '../../boxes/catalog.ts';
import type { Db } from '../../db/database.ts';
import type { Trx } from '../../wallet/wallet.ts';
import { botById, botWire } from './bots.ts';
import type { BattlesTables } from './schema.ts';
import type { Selectable } from 'kysely';

// Reading battles into their wire forms (core/protocol/battle.ts). A battle's rolls exist from its
// start but are shown only for rounds that have started (`step`), and its server seed only once
// it has ended.

export type BattleRow = Selectable<BattlesTables['battles']>;

export function pacingOf(b: Pick<BattleRow, 'first_round_at' | 'round_ms' | 'spin_ms'>): BattlePacing | null {
  return b.first_round_at ? { firstRoundAt: b.first_round_at.getTime(), roundMs: b.round_ms, spinMs: b.spin_ms } : null;
}

/** Rounds whose start (resp. end) has been announced. */
export const roundsStarted = (b: Pick<BattleRow, 'step' | 'status' | 'rounds_total'>) => (b.status === 'ended' ? b.rounds_total : Math.ceil(b.step / 2));
export const roundsEnded = (b: Pick<BattleRow, 'step' | 'status' | 'rounds_total'>) => (b.status === 'ended' ? b.rounds_total : Math.floor(b.step / 2));

async function roundsOf(db: Db | Trx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('battle_rounds')
    .innerJoin('boxes', 'boxes.id', 'battle_rounds.box_id')
    .select(['battle_rounds.battle_id', 'battle_rounds.round', 'battle_rounds.price', 'battle_rounds.box_version_id', 'boxes.slug', 'boxes.name'])
    .where('battle_rounds.battle_id', 'in', ids)
    .orderBy('battle_rounds.round')
    .execute();
}

async function seatsOf(db: Db | Trx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('battle_seats')
    .leftJoin('users', 'users.id', 'battle_seats.user_id')
    .select(['battle_seats.battle_id', 'battle_seats.seat', 'battle_seats.team', 'battle_seats.user_id', 'battle_seats.bot_id', 'battle_seats.client_seed', 'users.name', 'users.avatar_url'])
    .where('battle_seats.battle_id', 'in', ids)
    .orderBy('battle_seats.seat')
    .execute();
}

async function rollsOf(db: Db | Trx, id: number, upToRound: number) {
  if (upToRound < 1) return [];
  return db
    .selectFrom('battle_rolls')
    .innerJoin('items', 'items.id', 'battle_rolls.item_id')
    .select(['battle_rolls.round', 'battle_rolls.seat', 'battle_rolls.ticket', 'battle_rolls.value', 'battle_rolls.awarded_seat', 'items.id', 'items.name', 'items.price', 'items.sale_price', 'items.rarity', 'items.photo'])
    .where('battle_rolls.battle_id', '=', id)
    .where('battle_rolls.round', '<=', upToRound)
    .orderBy('battle_rolls.round')
    .orderBy('battle_rolls.seat')
    .execute();
}

/** Cents each seat received, per ended battle (battle_rolls.awarded_seat; null: nobody, kept by the house). */
async function awardsOf(db: Db | Trx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('battle_rolls')
    .select(['battle_id', 'awarded_seat', (eb) => eb.fn.sum<string>('value').as('value')])
    .where('battle_id', 'in', ids)
    .groupBy(['battle_id', 'awarded_seat'])
    .execute();
}

type Outcome = { team_totals: number[]; seats: number[]; tie_break: boolean };

/** The winners of an ended battle as its summary shows them, from its outcome and what each seat was awarded. */
function summaryWinner(b: BattleRow, awarded: { awarded_seat: number | null; value: string }[]): BattleSummary['winner'] {
  const outcome = b.outcome as Outcome | null;
  if (b.status !== 'ended' || !outcome || b.winner_team === null) return null;
  const to = (seat: number) => awarded.filter((a) => a.awarded_seat === seat).reduce((sum, a) => sum + Number(a.value), 0);
  return {
    team: b.winner_team,
    seats: outcome.seats,
    total: centsToCoins(outcome.team_totals[b.winner_team]!),
    prize: centsToCoins(awarded.reduce((sum, a) => sum + Number(a.value), 0)),
    shares: outcome.seats.map((seat) => ({ seat, value: centsToCoins(to(seat)) })),
  };
}

export async function summaries(db: Db | Trx, battles: BattleRow[]): Promise<BattleSummary[]> {
  const ids = battles.map((b) => b.id);
  const [rounds, seats, awards] = await Promise.all([roundsOf(db, ids), seatsOf(db, ids), awardsOf(db, battles.filter((b) => b.status === 'ended').map((b) => b.id))]);
  return battles.map((b) => {
    const boxes: BattleSummary['boxes'] = [];
    for (const r of rounds.filter((x) => x.battle_id === b.id)) {
      const last = boxes.at(-1);
      // Consecutive rounds of one box show as one entry with its quantity.
      if (last && last.slug === r.slug) last.quantity += 1;
      else boxes.push({ slug: r.slug, name: r.name, price: centsToCoins(r.price), img_url: boxImgUrl(r.slug), quantity: 1 });
    }
    const mine = seats.filter((s) => s.battle_id === b.id);
    return {
      id: b.id,
      status: b.status,
      mode: b.mode,
      crazy: b.crazy,
      private: b.private,
      creator_id: b.creator_id,
      cost: centsToCoins(b.seat_cost),
      rounds_total: b.rounds_total,
      boxes,
      seats_total: battleLayout(b.mode).seats,
      seats_filled: mine.length,
      seats: mine.map((s) => {
        const bot = s.bot_id !== null ? botById(s.bot_id) : undefined;
        return {
          seat: s.seat,
          team: s.team,
          user: s.user_id !== null ? { id: s.user_id, name: s.name ?? '', avatar_url: s.avatar_url ?? null } : null,
          bot: bot ? botWire(bot) : null,
          client_seed: s.client_seed,
          total: 0,
        };
      }),
      created_at: b.created_at.toISOString(),
      expires_at: b.status === 'waiting' && b.expires_at ? b.expires_at.getTime() : null,
      canceled_reason: b.status === 'canceled' ? (b.canceled_reason ?? 'creator') : null,
      winner: summaryWinner(
        b,
        awards.filter((a) => a.battle_id === b.id),
      ),
    };
  });
}

/** `now`: the app's clock (server_time in the answer). */
export async function battleDetail(db: Db | Trx, b: BattleRow, now: number): Promise<BattleDetail> {
  const [summary] = await summaries(db, [b]);
  const started = roundsStarted(b);
  const ended = roundsEnded(b);
  const [rolls, rounds] = await Promise.all([rollsOf(db, b.id, started), roundsOf(db, [b.id])]);
  const pacing = pacingOf(b);
  const totals = new Map<number, number>();
  for (const r of rolls) if (r.round <= ended) totals.set(r.seat, (totals.get(r.seat) ?? 0) + r.value);
  const played: BattleRound[] = rounds.slice(0, started).map((round) => ({
    round: round.round,
    box: { slug: round.slug, name: round.name, img_url: boxImgUrl(round.slug), version_id: Number(round.box_version_id) },
    starts_at: pacing ? pacing.firstRoundAt + (round.round - 1) * pacing.roundMs : 0,
    ends_at: pacing ? pacing.firstRoundAt + (round.round - 1) * pacing.roundMs + pacing.spinMs : 0,
    results: rolls.filter((r) => r.round === round.round).map((r) => ({ seat: r.seat, ticket: r.ticket, item: itemSummary(r) })),
  }));
  const outcome = b.outcome as Outcome | null;
  return {
    ...summary!,
    seats: summary!.seats.map((s) => ({ ...s, total: centsToCoins(totals.get(s.seat) ?? 0) })),
    rounds: played,
    server_seed_hash: b.server_seed_hash,
    public_seed: b.public_seed,
    server_seed: b.status === 'ended' ? b.server_seed : null,
    winner:
      b.status === 'ended' && outcome && b.winner_team !== null
        ? {
            team: b.winner_team,
            seats: outcome.seats,
            total: centsToCoins(outcome.team_totals[b.winner_team]!),
            prize: centsToCoins(rolls.reduce((sum, r) => sum + r.value, 0)),
            tie_break: outcome.tie_break,
            tied: leadingTeams(outcome.team_totals, b.crazy),
            awards: rolls.map((r) => ({ round: r.round, seat: r.seat, to_seat: r.awarded_seat ?? -1 })),
            // Each winner's share as the end settled it (battle_rolls.awarded_seat), the same sum as its bet history's payout.
            shares: outcome.seats.map((seat) => ({ seat, value: centsToCoins(rolls.reduce((sum, r) => sum + (r.awarded_seat === seat ? r.value : 0), 0)) })),
          }
        : null,
    first_round_at: pacing?.firstRoundAt ?? null,
    round_ms: b.round_ms,
    spin_ms: b.spin_ms,
    server_time: now,
  };
}

export async function loadBattle(db: Db | Trx, id: number): Promise<BattleRow | undefined> {
  return db.selectFrom('battles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Rolls of one round with their items, for the round's event. */
export async function roundView(db: Db | Trx, b: BattleRow, round: number, now: number): Promise<BattleRound> {
  const detail = await battleDetail(db, { ...b, step: Math.max(b.step, round * 2 - 1) }, now);
  return detail.rounds[round - 1]!;
}
