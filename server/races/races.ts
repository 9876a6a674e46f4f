import { sql, type Transaction } from 'kysely';
import { levelOf } from '../../core/games/levels.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { DEFAULT_RACES, defaultRacePeriod, RACE_MAX_PLACES, RACE_MIN_MULTIPLIER_STAKE, type RaceKind, type RaceMetric } from '../../core/games/races.ts';
import { gamesOfKind, isGameId } from '../../core/games/catalog.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { validationError } from '../http/errors.ts';
import { everyWhileLeader, type LeaderElection } from '../realtime/leaderLock.ts';
import type { Log } from '../log.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../wallet/wallet.ts';
import type { RaceTables } from './schema.ts';
import type { Standing } from '../rewards/leaderboard.ts';

// Races (docs/rewards.md, "Races"). Standings are read from the bets journal alone: the settled bets
// placed in the race's period [start, end) (so each bet counts in exactly one period of a series),
// in its scope (one game id, or the openings of one box). `wagered` sums stakes, `net_won` sums
// payout − stake (never gross wins), `best_multiplier` is the best multiplier of a bet of at least
// RACE_MIN_MULTIPLIER_STAKE that paid. Players on a break (cool-off, self-exclusion) are left out of
// the standings: they are neither shown nor paid, and the places below move up.

type Trx = Transaction<Database>;
const races = (db: Db | Trx) => db.withTables<RaceTables>();

export interface Race {
  id: number;
  kind: RaceKind;
  name: string;
  metric: RaceMetric;
  game: string | null;
  boxId: number | null;
  start: Date;
  end: Date;
  /** Cents by place. */
  prizes: number[];
  closedAt: Date | null;
}

function raceOf(r: { id: number | string; kind: RaceKind; name: string; metric: RaceMetric; game: string | null; box_id: number | string | null; starts_at: Date; ends_at: Date; prizes: readonly (string | number)[]; closed_at: Date | null }): Race {
  return {
    id: Number(r.id),
    kind: r.kind,
    name: r.name,
    metric: r.metric,
    game: r.game,
    boxId: r.box_id === null ? null : Number(r.box_id),
    start: new Date(r.starts_at),
    end: new Date(r.ends_at),
    prizes: r.prizes.map(Number),
    closedAt: r.closed_at === null ? null : new Date(r.closed_at),
  };
}
const RACE_COLUMNS = ['id', 'kind', 'name', 'metric', 'game', 'box_id', 'starts_at', 'ends_at', 'prizes', 'closed_at'] as const;

/** The races running at `now` (started, not ended), oldest first. */
export async function runningRaces(db: Db, now: Date): Promise<Race[]> {
  const rows = await races(db).selectFrom('races').select(RACE_COLUMNS).where('starts_at', '<=', now).where('ends_at', '>', now).orderBy('ends_at').orderBy('id').execute();
  return rows.map(raceOf);
}

/** One race, or null. */
export async function raceById(db: Db | Trx, id: number): Promise<Race | null> {
  const row = await races(db).selectFrom('races').select(RACE_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? raceOf(row) : null;
}

/** The games whose journal rows are box openings (their ref_id is the opening's inventory item). */
const OPENING_GAMES = gamesOfKind('box');

/** A race's score per player, as SQL over the journal (`user_id`, `value`). */
function scores(race: Race) {
  const s = race.start.toISOString();
  const e = race.end.toISOString();
  const scope =
    race.boxId !== null
      ? sql`and b.game in (${sql.join(OPENING_GAMES)}) and exists (select 1 from inventory_items i where i.id = b.ref_id and i.box_id = ${race.boxId})`
      : race.game !== null
        ? sql`and b.game = ${race.game}`
        : sql``;
  const value =
    race.metric === 'wagered'
      ? sql`sum(b.stake)`
      : race.metric === 'net_won'
        ? sql`sum(b.payout - b.stake)`
        : sql`max(floor(b.multiplier * 100)) filter (where b.stake >= ${RACE_MIN_MULTIPLIER_STAKE} and b.payout > 0 and b.multiplier is not null)`;
  return sql`
    select b.user_id, ${value}::bigint as value from bets b
    where b.status = 'settled' and b.placed_at >= ${s}::timestamptz and b.placed_at < ${e}::timestamptz ${scope}
    group by b.user_id`;
}

/** A place in a race, as the leaderboard's (value: cents, or hundredths of a multiplier). */
export type RaceStanding = Standing;

/**
 * A race's first `limit` places and `me`'s place wherever it is. Ties go to the lower player id;
 * only positive scores are placed; players on a break at `now` are left out.
 */
export async function raceStandings(db: Db | Trx, race: Race, q: { limit: number; me?: number | null; now: Date }) {
  const { rows } = await sql<{ rank: string; user_id: string; value: string; name: string; avatar_url: string | null; wagered: string }>`
    with scores as (${scores(race)}),
    ranked as (
      select s.user_id, s.value, row_number() over (order by s.value desc, s.user_id asc) as rank from scores s
      where s.value > 0 and not exists (
        select 1 from responsible_gaming rg where rg.user_id = s.user_id and rg.exclusion_kind is not null
          and (rg.excluded_until is null or rg.excluded_until > ${q.now.toISOString()}::timestamptz)))
    select r.rank, r.user_id, r.value, u.name, u.avatar_url, u.wagered
    from ranked r join users u on u.id = r.user_id
    where r.rank <= ${q.limit} or r.user_id = ${q.me ?? -1}
    order by r.rank`.execute(db);
  const all: RaceStanding[] = rows.map((r) => ({ rank: Number(r.rank), userId: Number(r.user_id), name: r.name, avatar: r.avatar_url, level: levelOf(Number(r.wagered)).level, value: Number(r.value) }));
  const me = q.me ? (all.find((r) => r.userId === q.me) ?? null) : null;
  return { top: all.filter((r) => r.rank <= q.limit), me };
}

/** The paid places of a closed race (cents by place). */
export async function racePaid(db: Db, raceId: number): Promise<Map<number, number>> {
  const rows = await races(db).selectFrom('race_prizes').select(['place', 'prize']).where('race_id', '=', raceId).execute();
  return new Map(rows.map((r) => [Number(r.place), Number(r.prize)]));
}

/** Creates the daily and weekly races of `now`'s periods unless they exist (one per kind and start). */
export async function ensureDefaultRaces(db: Db, now: Date): Promise<void> {
  for (const kind of ['daily', 'weekly'] as const) {
    const { start, end } = defaultRacePeriod(kind, now);
    const d = DEFAULT_RACES[kind];
    await races(db)
      .insertInto('races')
      .values({ kind, name: d.name, metric: d.metric, game: null, box_id: null, starts_at: start, ends_at: end, prizes: [...d.prizes], created_by: null })
      .onConflict((oc) => oc.columns(['kind', 'starts_at']).where('kind', '<>', 'custom').doNothing())
      .execute();
  }
}

/** A race closes this long after its end, so a bet placed before the end has settled (a crash round, a battle). */
export const RACE_CLOSE_GRACE_MS = 60_000;

export interface PaidPlace {
  userId: number;
  place: number;
  value: number;
  prize: number;
}

/**
 * Closes a race ended at least RACE_CLOSE_GRACE_MS before `now` and pays its places, once: one wallet
 * transaction sets `closed_at` only where it is null (a second closer waits on that row and finds it
 * set), ranks the race and, per place, inserts its `race_prizes` row (primary key race + place) and
 * credits `race_prize` only when the insert went in. Null when the race was closed already (or not due).
 */
export async function closeRace(wallet: Wallet, raceId: number, now: Date): Promise<PaidPlace[] | null> {
  return wallet.transaction(async (tx) => {
    const row = await races(tx.trx)
      .updateTable('races')
      .set({ closed_at: now })
      .where('id', '=', raceId)
      .where('closed_at', 'is', null)
      .where('ends_at', '<=', new Date(now.getTime() - RACE_CLOSE_GRACE_MS))
      .returning(RACE_COLUMNS)
      .executeTakeFirst();
    if (!row) return null;
    const race = raceOf(row);
    const { top } = await raceStandings(tx.trx, race, { limit: race.prizes.length, now });
    const paid: PaidPlace[] = [];
    for (const s of top) {
      const prize = race.prizes[s.rank - 1] ?? 0;
      if (prize <= 0) continue;
      const inserted = await races(tx.trx)
        .insertInto('race_prizes')
        .values({ race_id: race.id, place: s.rank, user_id: s.userId, value: s.value, prize })
        .onConflict((oc) => oc.doNothing())
        .returning('place')
        .executeTakeFirst();
      if (!inserted) continue;
      await tx.credit({ userId: s.userId, amount: prize, reason: 'race_prize', reference: `race:${race.id}:${s.rank}` });
      paid.push({ userId: s.userId, place: s.rank, value: s.value, prize });
    }
    return paid;
  });
}

/** Closes every race due at `now` (ended more than the grace ago, not closed). */
export async function closeDueRaces(wallet: Wallet, db: Db, now: Date): Promise<Map<number, PaidPlace[]>> {
  const due = await races(db)
    .selectFrom('races')
    .select('id')
    .where('closed_at', 'is', null)
    .where('ends_at', '<=', new Date(now.getTime() - RACE_CLOSE_GRACE_MS))
    .orderBy('ends_at')
    .execute();
  const out = new Map<number, PaidPlace[]>();
  for (const r of due) {
    const paid = await closeRace(wallet, Number(r.id), now);
    if (paid) out.set(Number(r.id), paid);
  }
  return out;
}

/** What the console sends to create a race (coins, ISO times). */
export interface RaceInput {
  name: string;
  metric: RaceMetric;
  game: string | null;
  box_id: number | null;
  starts_at: string;
  ends_at: string;
  prizes: number[];
}

/**
 * Creates a console race with its audit row in one transaction. Refused per field (422 {message,
 * errors}): an empty name, an unknown game or box, both scopes, an end not after the start or
 * already past, no prize or a prize not positive.
 */
export async function createRace(db: Db, actor: Actor, input: RaceInput, now: Date): Promise<Race> {
  const problems: Record<string, string[]> = {};
  const start = new Date(input.starts_at);
  const end = new Date(input.ends_at);
  const prizes = input.prizes.map((p) => Math.round(p * 100));
  if (input.name.trim() === '') problems.name = ['The race needs a name.'];
  if (input.game !== null && !isGameId(input.game)) problems.game = ['Unknown game.'];
  if (input.game !== null && input.box_id !== null) problems.box_id = ['A race is scoped to one game or one box, not both.'];
  if (input.box_id !== null && !(await db.selectFrom('boxes').select('id').where('id', '=', input.box_id).executeTakeFirst())) problems.box_id = ['Unknown box.'];
  if (Number.isNaN(start.getTime())) problems.starts_at = ['The start is not a date.'];
  if (Number.isNaN(end.getTime()) || !(end > start) || end <= now) problems.ends_at = ['The end must be after the start and in the future.'];
  if (prizes.length === 0 || prizes.length > RACE_MAX_PLACES || prizes.some((p) => !(p > 0))) problems.prizes = [`Between 1 and ${RACE_MAX_PLACES} prizes, each above 0.`];
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return db.transaction().execute(async (trx) => {
    const row = await races(trx)
      .insertInto('races')
      .values({ kind: 'custom', name: input.name.trim(), metric: input.metric, game: input.game, box_id: input.box_id, starts_at: start, ends_at: end, prizes, created_by: actor.userId })
      .returning(RACE_COLUMNS)
      .executeTakeFirstOrThrow();
    const race = raceOf(row);
    await audit(trx, actor, { action: 'races.create', targetKind: 'races', targetId: String(race.id), after: { ...input, prizes } });
    return race;
  });
}

/**
 * On the leader: creates the default races and closes the due ones at once (a restart catches up)
 * and every `checkMs` (the rewards clock may jump in tests).
 */
export function runRaces(deps: { db: Db; wallet: Wallet; leader: LeaderElection; log: Log }, clock: Clock, checkMs: number): void {
  everyWhileLeader(
    deps.leader,
    checkMs,
    async () => {
      const now = new Date(clock.now());
      await closeDueRaces(deps.wallet, deps.db, now);
      await ensureDefaultRaces(deps.db, now);
    },
    (error) => deps.log.error({ err: error }, 'races failed'),
  );
}

/** A race as the API shows it: coins, the box's name, the first `limit` places (paid prizes once closed) and `me`'s place. */
export async function raceWire(db: Db, race: Race, q: { limit: number; me: number | null; now: Date }) {
  const [{ top, me }, paid, box] = await Promise.all([
    raceStandings(db, race, q),
    race.closedAt ? racePaid(db, race.id) : Promise.resolve(null),
    race.boxId === null ? Promise.resolve(null) : db.selectFrom('boxes').select(['id', 'name']).where('id', '=', race.boxId).executeTakeFirst(),
  ]);
  const wire = (v: number) => (race.metric === 'best_multiplier' ? v / 100 : centsToCoins(v));
  return {
    id: race.id,
    kind: race.kind,
    name: race.name,
    metric: race.metric,
    game: race.game,
    box: box ? { id: Number(box.id), name: box.name } : null,
    starts_at: race.start.toISOString(),
    ends_at: race.end.toISOString(),
    prizes: race.prizes.map(centsToCoins),
    min_stake: centsToCoins(RACE_MIN_MULTIPLIER_STAKE),
    rows: top.map((s) => ({ rank: s.rank, name: s.name, avatar: s.avatar, level: s.level, value: wire(s.value), prize: centsToCoins(paid ? (paid.get(s.rank) ?? 0) : (race.prizes[s.rank - 1] ?? 0)) })),
    me: me ? { rank: me.rank, value: wire(me.value) } : null,
  };
}
