import { sql, type Transaction } from 'kysely';
import { levelOf } from '../../core/games/levels.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { DEFAULT_RACES, defaultRacePeriod, LEADERBOARD_RACE_METRIC, LEADERBOARD_RACE_NAMES, RACE_MAX_PLACES, RACE_MIN_MULTIPLIER_STAKE, type ConsoleRaceMetric, type RaceKind, type RaceMetric } from '../../core/games/races.ts';
import { LEADERBOARD_RACE_METRICS } from '../../core/games/rewards.ts';
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
import { userChannel, type Bus } from '../realtime/bus.ts';

// Races (docs/rewards.md, "Races"). Standings are read from the bets journal alone: the settled bets
// placed in the race's period [start, end) (so each bet counts in exactly one period of a series),
// in its scope (one game id, or the openings of one box). `wagered` sums stakes, `net_won` sums
// payout − stake, `best_multiplier` is the best multiplier of a bet of at least the race's minimum
// stake that paid, and `win_amount` (the weekly leaderboard's "biggest wins" only) sums what bets
// paid back. Players on a break (cool-off, self-exclusion) are left out of the standings: they are
// neither shown nor paid, and the places below move up.

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
  /** The smallest stake (cents) whose multiplier counts (best_multiplier). */
  minStake: number;
  closedAt: Date | null;
}

function raceOf(r: { id: number | string; kind: RaceKind; name: string; metric: RaceMetric; game: string | null; box_id: number | string | null; starts_at: Date; ends_at: Date; prizes: readonly (string | number)[]; min_stake: number | string; closed_at: Date | null }): Race {
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
    minStake: Number(r.min_stake),
    closedAt: r.closed_at === null ? null : new Date(r.closed_at),
  };
}
const RACE_COLUMNS = ['id', 'kind', 'name', 'metric', 'game', 'box_id', 'starts_at', 'ends_at', 'prizes', 'min_stake', 'closed_at'] as const;

/** The races running at `now` (started, not ended), oldest first; the leaderboard's have their own page. */
export async function runningRaces(db: Db, now: Date): Promise<Race[]> {
  const rows = await races(db).selectFrom('races').select(RACE_COLUMNS).where('kind', '<>', 'leaderboard').where('starts_at', '<=', now).where('ends_at', '>', now).orderBy('ends_at').orderBy('id').execute();
  return rows.map(raceOf);
}

/** One race, or null. */
export async function raceById(db: Db | Trx, id: number): Promise<Race | null> {
  const row = await races(db).selectFrom('races').select(RACE_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? raceOf(row) : null;
}

/** The default race of `kind` and `metric` that starts at `start`, or null (not created yet). */
export async function defaultRace(db: Db, kind: Exclude<RaceKind, 'custom'>, metric: RaceMetric, start: Date): Promise<Race | null> {
  const row = await races(db).selectFrom('races').select(RACE_COLUMNS).where('kind', '=', kind).where('metric', '=', metric).where('starts_at', '=', start).executeTakeFirst();
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
        : race.metric === 'win_amount'
          ? sql`sum(b.payout)`
          : sql`max(floor(b.multiplier * 100)) filter (where b.stake >= ${race.minStake} and b.payout > 0 and b.multiplier is not null)`;
  return sql`
    select b.user_id, ${value}::bigint as value from bets b
    where b.status = 'settled' and b.placed_at >= ${s}::timestamptz and b.placed_at < ${e}::timestamptz ${scope}
    group by b.user_id`;
}

/** A place in a race (value: cents, or hundredths of a multiplier). */
export interface RaceStanding {
  rank: number;
  userId: number;
  name: string;
  avatar: string | null;
  level: number;
  value: number;
}

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

/** The weekly leaderboard's settings (docs/rewards.md): its prize tables and the smallest stake whose multiplier counts (cents). */
export interface LeaderboardSettings {
  prizes: Record<(typeof LEADERBOARD_RACE_METRICS)[number], readonly number[]>;
  minMultiplierStake: number;
}

/** A default race as `ensureDefaultRaces` writes it. */
type DefaultRace = { kind: Exclude<RaceKind, 'custom'>; name: string; metric: RaceMetric; prizes: readonly number[]; minStake: number };

/** The default races of `now`'s periods: the daily and weekly races, and the leaderboard's two. */
function defaultRaces(leaderboard: LeaderboardSettings): DefaultRace[] {
  return [
    { kind: 'daily', ...DEFAULT_RACES.daily, minStake: RACE_MIN_MULTIPLIER_STAKE },
    { kind: 'weekly', ...DEFAULT_RACES.weekly, minStake: RACE_MIN_MULTIPLIER_STAKE },
    ...LEADERBOARD_RACE_METRICS.map((m): DefaultRace => ({ kind: 'leaderboard', name: LEADERBOARD_RACE_NAMES[m], metric: LEADERBOARD_RACE_METRIC[m], prizes: leaderboard.prizes[m], minStake: leaderboard.minMultiplierStake })),
  ];
}

/** Creates the default races of `now`'s periods unless they exist (one per kind, metric and start). */
export async function ensureDefaultRaces(db: Db, now: Date, leaderboard: LeaderboardSettings): Promise<void> {
  for (const d of defaultRaces(leaderboard)) {
    const { start, end } = defaultRacePeriod(d.kind, now);
    await races(db)
      .insertInto('races')
      .values({ kind: d.kind, name: d.name, metric: d.metric, game: null, box_id: null, starts_at: start, ends_at: end, prizes: [...d.prizes], min_stake: d.minStake, created_by: null })
      .onConflict((oc) => oc.columns(['kind', 'metric', 'starts_at']).where('kind', '<>', 'custom').doNothing())
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
 * credits `race_prize` (`leaderboard_prize` for the leaderboard's races: its own figure in the
 * reports and the history) only when the insert went in. Null when the race was closed already (or not due).
 */
export async function closeRace(wallet: Wallet, raceId: number, now: Date): Promise<{ race: Race; paid: PaidPlace[] } | null> {
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
      await tx.credit({ userId: s.userId, amount: prize, reason: race.kind === 'leaderboard' ? 'leaderboard_prize' : 'race_prize', reference: `race:${race.id}:${s.rank}` });
      paid.push({ userId: s.userId, place: s.rank, value: s.value, prize });
    }
    return { race, paid };
  });
}

/** Closes every race due at `now` (ended more than the grace ago, not closed): what each closing paid, by race id. */
export async function closeDueRaces(wallet: Wallet, db: Db, now: Date): Promise<Map<number, { race: Race; paid: PaidPlace[] }>> {
  const due = await races(db)
    .selectFrom('races')
    .select('id')
    .where('closed_at', 'is', null)
    .where('ends_at', '<=', new Date(now.getTime() - RACE_CLOSE_GRACE_MS))
    .orderBy('ends_at')
    .execute();
  const out = new Map<number, { race: Race; paid: PaidPlace[] }>();
  for (const r of due) {
    const closed = await closeRace(wallet, Number(r.id), now);
    if (closed) out.set(Number(r.id), closed);
  }
  return out;
}

/** The metric of the leaderboard tab a leaderboard race ranks by. */
const LEADERBOARD_TAB = Object.fromEntries(LEADERBOARD_RACE_METRICS.map((m) => [LEADERBOARD_RACE_METRIC[m], m])) as Partial<Record<RaceMetric, (typeof LEADERBOARD_RACE_METRICS)[number]>>;

/** Tells each winner of a leaderboard race their place and prize (`leaderboardPrize`, after commit: the client's toast). */
export function tellLeaderboardWinners(bus: Bus, race: Race, paid: readonly PaidPlace[]): void {
  const metric = LEADERBOARD_TAB[race.metric];
  if (race.kind !== 'leaderboard' || !metric) return;
  for (const p of paid) {
    bus.publish({
      channel: userChannel(p.userId),
      event: 'leaderboardPrize',
      data: { type: 'leaderboardPrize', metric, rank: p.place, value: raceValue(race, p.value), prize: centsToCoins(p.prize), starts_at: race.start.toISOString(), ends_at: race.end.toISOString() },
    });
  }
}

/** A standing's value on the wire: coins, or the multiplier. */
export function raceValue(race: Pick<Race, 'metric'>, value: number): number {
  return race.metric === 'best_multiplier' ? value / 100 : centsToCoins(value);
}

/** What the console sends to create a race (coins, ISO times). */
export interface RaceInput {
  name: string;
  metric: ConsoleRaceMetric;
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
      .values({ kind: 'custom', name: input.name.trim(), metric: input.metric, game: input.game, box_id: input.box_id, starts_at: start, ends_at: end, prizes, min_stake: RACE_MIN_MULTIPLIER_STAKE, created_by: actor.userId })
      .returning(RACE_COLUMNS)
      .executeTakeFirstOrThrow();
    const race = raceOf(row);
    await audit(trx, actor, { action: 'races.create', targetKind: 'races', targetId: String(race.id), after: { ...input, prizes } });
    return race;
  });
}

/**
 * On the leader: creates the default races and closes the due ones at once (a restart catches up),
 * when the rewards clock reaches the close of the running default races (their end plus the grace),
 * and every `checkMs` (for the console's races, and in case the clock jumped: tests move it).
 */
export function runRaces(deps: { db: Db; wallet: Wallet; bus: Bus; leader: LeaderElection; log: Log }, leaderboard: LeaderboardSettings, clock: Clock, checkMs: number): void {
  everyWhileLeader(
    deps.leader,
    checkMs,
    async () => {
      const now = new Date(clock.now());
      for (const { race, paid } of (await closeDueRaces(deps.wallet, deps.db, now)).values()) tellLeaderboardWinners(deps.bus, race, paid);
      await ensureDefaultRaces(deps.db, now, leaderboard);
    },
    (error) => deps.log.error({ err: error }, 'races failed'),
    { clock, nextAt: () => nextDefaultClose(clock.now()) },
  );
}

/** When the next default race closes (ms): the earlier end of the day's and the week's, plus the grace. */
function nextDefaultClose(now: number): number {
  const closing = new Date(now - RACE_CLOSE_GRACE_MS);
  return Math.min(defaultRacePeriod('daily', closing).end.getTime(), defaultRacePeriod('weekly', closing).end.getTime()) + RACE_CLOSE_GRACE_MS;
}

/** A race as the API shows it: coins, the box's name, the first `limit` places (paid prizes once closed) and `me`'s place. */
export async function raceWire(db: Db, race: Race, q: { limit: number; me: number | null; now: Date }) {
  const [{ top, me }, paid, box] = await Promise.all([
    raceStandings(db, race, q),
    race.closedAt ? racePaid(db, race.id) : Promise.resolve(null),
    race.boxId === null ? Promise.resolve(null) : db.selectFrom('boxes').select(['id', 'name']).where('id', '=', race.boxId).executeTakeFirst(),
  ]);
  const wire = (v: number) => raceValue(race, v);
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
    min_stake: centsToCoins(race.minStake),
    rows: top.map((s) => ({ rank: s.rank, name: s.name, avatar: s.avatar, level: s.level, value: wire(s.value), prize: centsToCoins(paid ? (paid.get(s.rank) ?? 0) : (race.prizes[s.rank - 1] ?? 0)) })),
    me: me ? { rank: me.rank, value: wire(me.value) } : null,
  };
}
