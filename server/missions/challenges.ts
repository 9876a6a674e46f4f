import { sql } from 'kysely';
import { gamesOfKind, isGameId } from '../../core/games/catalog.ts';
import { CHALLENGE_BOUNDS } from '../../core/games/missions.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { levelOf } from '../../core/games/levels.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { validationError } from '../http/errors.ts';
import { everyWhileLeader, type LeaderElection } from '../realtime/leaderLock.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Log } from '../log.ts';
import type { Trx, Wallet } from '../wallet/wallet.ts';
import type { MissionTables } from './schema.ts';

// Challenges (docs/rewards.md, "Challenges"): "first to reach X× on game/box Y with a stake ≥ Z wins
// W", for a fixed number of players. The winners are read from the bets journal: the settled bets
// placed in the challenge's period, in its scope, of at least its stake, whose shown multiplier
// reaches its target, first settled first (ties to the lower bet id), one place per player. A player
// on a break is left out (the next bet moves up). The leader pays each place once: one wallet
// transaction per challenge locks its row, keeps the places already paid and fills the rest, each
// `challenge_winners` row (primary key challenge + place, unique challenge + player) with its credit.

const tables = (db: Db | Trx) => db.withTables<MissionTables>();
const OPENING_GAMES = gamesOfKind('box');

export interface Challenge {
  id: number;
  name: string;
  game: string | null;
  boxId: number | null;
  /** Hundredths. */
  multiplier: number;
  minStake: number;
  prize: number;
  winners: number;
  start: Date;
  end: Date;
}
const COLUMNS = ['id', 'name', 'game', 'box_id', 'multiplier', 'min_stake', 'prize', 'winners', 'starts_at', 'ends_at'] as const;
type Row = { id: number | string; name: string; game: string | null; box_id: number | string | null; multiplier: number | string; min_stake: number | string; prize: number | string; winners: number; starts_at: Date; ends_at: Date };
const challengeOf = (r: Row): Challenge => ({
  id: Number(r.id),
  name: r.name,
  game: r.game,
  boxId: r.box_id === null ? null : Number(r.box_id),
  multiplier: Number(r.multiplier),
  minStake: Number(r.min_stake),
  prize: Number(r.prize),
  winners: Number(r.winners),
  start: new Date(r.starts_at),
  end: new Date(r.ends_at),
});

/** A challenge's ended places stay on the page this long, so its winners can be seen. */
export const CHALLENGE_SHOWN_AFTER_END_MS = 24 * 3600_000;

/** The challenges started and not ended more than CHALLENGE_SHOWN_AFTER_END_MS ago, soonest end first. */
export async function listedChallenges(db: Db, now: Date): Promise<Challenge[]> {
  const rows = await tables(db)
    .selectFrom('challenges')
    .select(COLUMNS)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', new Date(now.getTime() - CHALLENGE_SHOWN_AFTER_END_MS))
    .orderBy('ends_at')
    .orderBy('id')
    .execute();
  return rows.map(challengeOf);
}

export interface Winner {
  place: number;
  userId: number;
  betId: number;
  publicId: string;
  /** Hundredths. */
  multiplier: number;
  paid: boolean;
}

/**
 * The challenge's winners at `now`: the places paid, then the journal's next qualifying bets of
 * players not paid and not on a break, up to its number of winners.
 */
export async function challengeWinners(db: Db | Trx, c: Challenge, now: Date): Promise<Winner[]> {
  const paid = await sql<{ place: number; user_id: string; bet_id: string; public_id: string; multiplier: string }>`
    select w.place, w.user_id, w.bet_id, b.public_id, b.multiplier from challenge_winners w join bets b on b.id = w.bet_id
    where w.challenge_id = ${c.id} order by w.place`.execute(db);
  const out: Winner[] = paid.rows.map((r) => ({ place: r.place, userId: Number(r.user_id), betId: Number(r.bet_id), publicId: r.public_id, multiplier: Math.floor(Number(r.multiplier) * 100 + 1e-9), paid: true }));
  const left = c.winners - out.length;
  if (left <= 0) return out;
  const scope =
    c.boxId !== null
      ? sql`and b.game in (${sql.join(OPENING_GAMES)}) and exists (select 1 from inventory_items i where i.id = b.ref_id and i.box_id = ${c.boxId})`
      : c.game !== null
        ? sql`and b.game = ${c.game}`
        : sql``;
  const next = await sql<{ id: string; user_id: string; public_id: string; multiplier: string }>`
    select q.id, q.user_id, q.public_id, q.multiplier from (
      select distinct on (b.user_id) b.id, b.user_id, b.public_id, b.multiplier, b.settled_at from bets b
      where b.status = 'settled' and b.placed_at >= ${c.start.toISOString()}::timestamptz and b.placed_at < ${c.end.toISOString()}::timestamptz
        and b.stake >= ${c.minStake} and b.payout > 0 and floor(b.multiplier * 100) >= ${c.multiplier} ${scope}
        and not exists (select 1 from challenge_winners w where w.challenge_id = ${c.id} and w.user_id = b.user_id)
        and not exists (select 1 from responsible_gaming rg where rg.user_id = b.user_id and rg.exclusion_kind is not null
          and (rg.excluded_until is null or rg.excluded_until > ${now.toISOString()}::timestamptz))
      order by b.user_id, b.settled_at, b.id) q
    order by q.settled_at, q.id limit ${left}`.execute(db);
  for (const r of next.rows) out.push({ place: out.length + 1, userId: Number(r.user_id), betId: Number(r.id), publicId: r.public_id, multiplier: Math.floor(Number(r.multiplier) * 100 + 1e-9), paid: false });
  return out;
}

/**
 * Pays a challenge's winners not paid yet, once: its row is locked first, so a second payer waits
 * and then finds the places paid. Answers the places paid by this call.
 */
export async function payChallenge(wallet: Wallet, id: number, now: Date): Promise<Winner[]> {
  return wallet.transaction(async (tx) => {
    const row = await tables(tx.trx).selectFrom('challenges').select(COLUMNS).where('id', '=', id).where('starts_at', '<=', now).forUpdate().executeTakeFirst();
    if (!row) return [];
    const c = challengeOf(row);
    const paid: Winner[] = [];
    for (const w of await challengeWinners(tx.trx, c, now)) {
      if (w.paid) continue;
      const inserted = await tables(tx.trx)
        .insertInto('challenge_winners')
        .values({ challenge_id: c.id, place: w.place, user_id: w.userId, bet_id: w.betId, prize: c.prize })
        .onConflict((oc) => oc.doNothing())
        .returning('place')
        .executeTakeFirst();
      if (!inserted) continue;
      await tx.credit({ userId: w.userId, amount: c.prize, reason: 'challenge_prize', reference: `challenge:${c.id}:${w.place}` });
      paid.push({ ...w, paid: true });
    }
    return paid;
  });
}

/** Pays every listed challenge that still has places to fill. */
export async function payChallenges(wallet: Wallet, db: Db, now: Date): Promise<void> {
  const due = await sql<{ id: string }>`
    select c.id from challenges c where c.starts_at <= ${now.toISOString()}::timestamptz and c.ends_at > ${new Date(now.getTime() - CHALLENGE_SHOWN_AFTER_END_MS).toISOString()}::timestamptz
      and (select count(*) from challenge_winners w where w.challenge_id = c.id) < c.winners order by c.id`.execute(db);
  for (const r of due.rows) await payChallenge(wallet, Number(r.id), now);
}

/** On the leader: pays the challenges' new winners at once and every `checkMs`. */
export function runChallenges(deps: { db: Db; wallet: Wallet; leader: LeaderElection; log: Log }, clock: Clock, checkMs: number): void {
  everyWhileLeader(
    deps.leader,
    checkMs,
    () => payChallenges(deps.wallet, deps.db, new Date(clock.now())),
    (error) => deps.log.error({ err: error }, 'challenges failed'),
  );
}

/** What the console sends (coins, the multiplier, ISO times). */
export interface ChallengeInput {
  name: string;
  game: string | null;
  box_id: number | null;
  multiplier: number;
  min_stake: number;
  prize: number;
  winners: number;
  starts_at?: string | null | undefined;
  ends_at: string;
}

/**
 * Creates a console challenge with its audit row in one transaction. Refused per field (422
 * {message, errors}, nothing written): an empty name, an unknown game or box, both scopes, a target
 * not above 1.00× (or beyond the bound), a stake or prize not above 0 (a prize beyond the bound), a
 * number of winners outside 1–100, an end not after the start or already past.
 */
export async function createChallenge(db: Db, actor: Actor, input: ChallengeInput, now: Date): Promise<Challenge> {
  const problems: Record<string, string[]> = {};
  const start = input.starts_at ? new Date(input.starts_at) : now;
  const end = new Date(input.ends_at);
  const multiplier = Math.round(input.multiplier * 100);
  const minStake = Math.round(input.min_stake * 100);
  const prize = Math.round(input.prize * 100);
  const b = CHALLENGE_BOUNDS;
  if (input.name.trim() === '') problems.name = ['The challenge needs a name.'];
  if (input.game !== null && !isGameId(input.game)) problems.game = ['Unknown game.'];
  if (input.game !== null && input.box_id !== null) problems.box_id = ['A challenge is scoped to one game or one box, not both.'];
  else if (input.box_id !== null && !(await db.selectFrom('boxes').select('id').where('id', '=', input.box_id).executeTakeFirst())) problems.box_id = ['Unknown box.'];
  if (!(input.multiplier >= b.multiplier.min && input.multiplier <= b.multiplier.max)) problems.multiplier = [`The multiplier must be between ${b.multiplier.min} and ${b.multiplier.max}.`];
  if (!(minStake > 0)) problems.min_stake = ['The smallest stake must be above 0.'];
  if (!(prize > 0 && input.prize <= b.prize.max)) problems.prize = [`The prize must be above 0 and at most ${b.prize.max} coins.`];
  if (!Number.isInteger(input.winners) || input.winners < b.winners.min || input.winners > b.winners.max) problems.winners = [`Between ${b.winners.min} and ${b.winners.max} winners.`];
  if (Number.isNaN(start.getTime())) problems.starts_at = ['The start is not a date.'];
  if (Number.isNaN(end.getTime()) || !(end > start) || end <= now) problems.ends_at = ['The end must be after the start and in the future.'];
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return db.transaction().execute(async (trx) => {
    const row = await tables(trx)
      .insertInto('challenges')
      .values({ name: input.name.trim(), game: input.game, box_id: input.box_id, multiplier, min_stake: minStake, prize, winners: input.winners, starts_at: start, ends_at: end, created_by: actor.userId })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const c = challengeOf(row);
    await audit(trx, actor, { action: 'challenges.create', targetKind: 'challenges', targetId: String(c.id), after: { ...input, multiplier, min_stake: minStake, prize } });
    return c;
  });
}

/** A challenge as the API shows it: coins, the multiplier, the box's name, its winners (names, winning bets' public ids). */
export async function challengeWire(db: Db, c: Challenge, now: Date) {
  const [winners, box] = await Promise.all([challengeWinners(db, c, now), c.boxId === null ? Promise.resolve(null) : db.selectFrom('boxes').select(['id', 'name']).where('id', '=', c.boxId).executeTakeFirst()]);
  const users = winners.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name', 'avatar_url', 'wagered']).where('id', 'in', winners.map((w) => w.userId)).execute();
  const byId = new Map(users.map((u) => [Number(u.id), u]));
  return {
    id: c.id,
    name: c.name,
    game: c.game,
    box: box ? { id: Number(box.id), name: box.name } : null,
    multiplier: c.multiplier / 100,
    min_stake: centsToCoins(c.minStake),
    prize: centsToCoins(c.prize),
    winners: c.winners,
    starts_at: c.start.toISOString(),
    ends_at: c.end.toISOString(),
    open: c.end > now && winners.length < c.winners,
    rows: winners.map((w) => {
      const u = byId.get(w.userId);
      return { place: w.place, name: u?.name ?? '', avatar: u?.avatar_url ?? null, level: levelOf(Number(u?.wagered ?? 0)).level, multiplier: w.multiplier / 100, bet: w.publicId, paid: w.paid };
    }),
  };
}
