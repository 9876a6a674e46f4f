import { sql, type RawBuilder } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { crashPointHundredths } from '../../core/games/crash.ts';
import { hundredthsToMultiplier } from '../../core/games/multiplier.ts';
import { roundFairHref, type RoundGame } from '../../core/games/roundGames.ts';
import { battleVerifyPath, seedPairVerifyPath } from '../../core/games/verifyPaths.ts';
import type { BetHistoryRow, HistoryGame } from '../../core/protocol/history.ts';
import type { BattleCancelReason } from '../../core/protocol/battle.ts';
import type { Db } from '../db/database.ts';
import { calculatorInputs, revealedServerSeed } from '../games/history.ts';
import type { InstantGame } from '../games/schema.ts';
import { dayRange, type DayRange } from './dayRange.ts';

// Every bet of one player, newest first, from the four places bets live: game_bets (dice, plinko,
// upgrade), box openings (inventory rows that carry a box and a seed pair), round_bets with their
// round (crash, wheel) and battle seats with their battle. One UNION ALL of one branch per source,
// each walking its (player, time, id) index (migration 0960) newest first and stopping at the rows
// the page can use, so a page reads the player's newest rows, not their whole history. Secrets
// stay in the database until they are public: a pair's server seed until it is revealed, a round's
// hash and outcome until it has ended, a battle's server seed until it has ended.

export interface BetFilter extends DayRange {
  userId: number;
  game?: HistoryGame;
}

/** Where the CSV export resumes: the last row it wrote (exact time text, id, game). */
export interface BetCursor {
  at: string;
  game: string;
  id: number;
}

interface StoredBet {
  game: HistoryGame;
  id: number;
  placed_at: Date;
  at_text: string;
  stake: number;
  payout: number | null;
  multiplier: string | number | null;
  status: string | null;
  params: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  seed_pair_id: number | null;
  nonce: number | null;
  client_seed: string | null;
  server_seed: string | null;
  round_number: number | null;
  round_hash: string | null;
  label: string | null;
}

const INSTANT: readonly HistoryGame[] = ['dice', 'plinko', 'upgrade'];
const ROUND: readonly HistoryGame[] = ['crash', 'wheel'];

/** How a branch is read: everything (a count), or its newest `take` rows after `cursor`. */
interface BranchRead {
  take?: number;
  cursor?: BetCursor;
}

/**
 * The end of one branch's where clause: the day range and the cursor on its own time and id
 * columns (so its (player, time, id) index takes them), then, for a page, its newest `take` rows:
 * no page needs more than `take` rows of any one source, so each branch stops there.
 */
function tail(time: string, id: string, game: RawBuilder<unknown>, f: BetFilter, read: BranchRead): RawBuilder<unknown> {
  const t = sql.ref(time);
  const conditions = dayRange(t, f);
  const c = read.cursor;
  if (c) conditions.push(sql`${t} <= ${c.at}::timestamptz`, sql`(${t}, ${sql.ref(id)}, ${game}) < (${c.at}::timestamptz, ${c.id}, ${c.game})`);
  const where = conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  return read.take === undefined ? where : sql`${where} order by ${t} desc, ${sql.ref(id)} desc limit ${read.take}`;
}

function branches(f: BetFilter, read: BranchRead): RawBuilder<unknown>[] {
  const wants = (games: readonly HistoryGame[]) => !f.game || games.includes(f.game);
  const out: RawBuilder<unknown>[] = [];
  if (wants(INSTANT)) {
    const game = f.game ? sql` and g.game = ${f.game}` : sql``;
    out.push(sql`select g.game, g.id, g.created_at as placed_at, g.amount as stake, g.payout, g.multiplier::text as multiplier, null::text as status,
        g.params, g.outcome, g.seed_pair_id, g.nonce, sp.client_seed, ${revealedServerSeed('sp')} as server_seed,
        null::bigint as round_number, null::text as round_hash, null::text as label
      from game_bets g join seed_pairs sp on sp.id = g.seed_pair_id
      where g.user_id = ${f.userId}${game}${tail('g.created_at', 'g.id', sql`g.game`, f, read)}`);
  }
  if (wants(['box'])) {
    // The stake is what the opening cost (opening_price); rows from before it was recorded show the box's price.
    out.push(sql`select 'box' as game, i.id, i.created_at as placed_at, coalesce(i.opening_price, b.price) as stake, it.price as payout, null::text as multiplier, null::text as status,
        jsonb_build_object('box', b.name, 'box_version', i.box_version_id) as params, null::jsonb as outcome, i.seed_pair_id, i.nonce, sp.client_seed, ${revealedServerSeed('sp')} as server_seed,
        null::bigint as round_number, null::text as round_hash, it.name as label
      from inventory_items i join boxes b on b.id = i.box_id join items it on it.id = i.item_id join seed_pairs sp on sp.id = i.seed_pair_id
      where i.user_id = ${f.userId} and i.box_id is not null and i.seed_pair_id is not null${tail('i.created_at', 'i.id', sql`'box'`, f, read)}`);
  }
  if (wants(ROUND)) {
    const game = f.game ? sql` and rb.game = ${f.game}` : sql``;
    out.push(sql`select rb.game, rb.id, rb.created_at as placed_at, rb.amount as stake, rb.payout, rb.multiplier::text as multiplier, rb.status,
        rb.params, case when r.status = 'ended' and not r.voided then r.outcome end as outcome, null::bigint as seed_pair_id, null::bigint as nonce, null::text as client_seed, null::text as server_seed,
        r.number as round_number, case when r.status = 'ended' and not r.voided then r.hash end as round_hash, null::text as label
      from round_bets rb join rounds r on r.id = rb.round_id
      where rb.user_id = ${f.userId}${game}${tail('rb.created_at', 'rb.id', sql`rb.game`, f, read)}`);
  }
  if (wants(['battle'])) {
    // The payout is the value of the items awarded to the player's seat (the winner's, or a team's split).
    out.push(sql`select 'battle' as game, b.id, s.joined_at as placed_at, b.seat_cost as stake,
        case when b.status = 'ended' then (select coalesce(sum(r.value), 0)::bigint from battle_rolls r where r.battle_id = b.id and r.awarded_seat = s.seat) end as payout,
        null::text as multiplier, b.status, jsonb_build_object('rounds', b.rounds_total) as params, null::jsonb as outcome, null::bigint as seed_pair_id, null::bigint as nonce,
        case when b.status = 'ended' then (select string_agg(o.client_seed, ',' order by o.seat) from battle_seats o where o.battle_id = b.id) end as client_seed,
        case when b.status = 'ended' then b.server_seed end as server_seed,
        null::bigint as round_number, null::text as round_hash, b.canceled_reason as label
      from battle_seats s join battles b on b.id = s.battle_id
      where s.user_id = ${f.userId}${tail('s.joined_at', 's.battle_id', sql`'battle'`, f, read)}`);
  }
  return out;
}

function union(f: BetFilter, read: BranchRead = {}) {
  return sql.join(
    branches(f, read).map((branch) => sql`(${branch})`),
    sql` union all `,
  );
}

/** How many bets the filter holds. */
export function countBetsQuery(f: BetFilter) {
  return sql<{ n: number }>`select count(*)::int as n from (${union(f)}) bets`;
}

export async function countBets(db: Db, f: BetFilter): Promise<number> {
  const { rows } = await countBetsQuery(f).execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The statement of a page of bets (the plan test explains it on PostgreSQL). */
export function betsPageQuery(f: BetFilter, page: { limit: number; offset?: number; cursor?: BetCursor }) {
  const offset = page.offset ?? 0;
  const read: BranchRead = { take: offset + page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) };
  return sql<StoredBet>`select bets.*, bets.placed_at::text as at_text from (${union(f, read)}) bets
    order by bets.placed_at desc, bets.id desc, bets.game desc limit ${page.limit} offset ${offset}`;
}

/** A page of bets, newest first, after `cursor` when given (the export's next chunk) else from `offset`. */
export async function listBets(db: Db, f: BetFilter, page: { limit: number; offset?: number; cursor?: BetCursor }): Promise<{ rows: BetHistoryRow[]; last: BetCursor | null }> {
  const { rows } = await betsPageQuery(f, page).execute(db);
  const last = rows.at(-1);
  return { rows: rows.map(toRow), last: last ? { at: last.at_text, game: last.game, id: Number(last.id) } : null };
}

const times = (m: number) => `${m.toFixed(2)}×`;

function toRow(r: StoredBet): BetHistoryRow {
  const stake = Number(r.stake);
  const payout = r.payout === null ? null : Number(r.payout);
  const stored = r.multiplier === null ? null : Number(r.multiplier);
  // Box openings and battles store no multiplier: it is what came back over what was staked.
  const multiplier = stored ?? (payout !== null && stake > 0 ? Math.floor((payout / stake) * 100) / 100 : null);
  const row = { id: `${r.game}:${r.id}`, game: r.game, placed_at: new Date(r.placed_at).toISOString(), stake: centsToCoins(stake), payout: payout === null ? null : centsToCoins(payout), multiplier };
  return { ...row, ...describe(r, multiplier) };
}

/** A canceled battle's line (its `label` is why it was canceled, migration 0780). */
const BATTLE_CANCELED_RESULT: Record<BattleCancelReason, string> = {
  creator: 'Canceled, seat refunded',
  expired: 'Expired, seat refunded',
  box_changed: 'Canceled (box changed), seat refunded',
};

/** The result in words, the fairness reference and the link that verifies it. */
function describe(r: StoredBet, multiplier: number | null): Pick<BetHistoryRow, 'result' | 'fairness' | 'verify_path'> {
  const id = Number(r.id);
  if (r.game === 'battle') {
    const result = r.status === 'ended' ? (Number(r.payout) > 0 ? 'Won' : 'Lost') : r.status === 'canceled' ? BATTLE_CANCELED_RESULT[r.label as BattleCancelReason] ?? BATTLE_CANCELED_RESULT.creator : r.status === 'running' ? 'In progress' : 'Waiting for players';
    const verify = r.status === 'ended' && r.client_seed !== null ? battleVerifyPath(r.server_seed, r.client_seed.split(','), Number(r.params.rounds)) : null;
    return { result, fairness: `Battle #${id}`, verify_path: verify };
  }
  if (r.game === 'crash' || r.game === 'wheel') {
    const game: RoundGame = r.game;
    const fairness = `Round #${Number(r.round_number)}`;
    return { result: roundResult(r, multiplier), fairness, verify_path: r.round_hash ? roundFairHref(game, r.round_hash, Number(r.round_number)) : null };
  }
  const fair = { server_seed: r.server_seed, client_seed: r.client_seed ?? '', nonce: Number(r.nonce) };
  const fairness = `Seed pair ${Number(r.seed_pair_id)}, nonce ${fair.nonce}`;
  if (r.game === 'box') return { result: `${r.label ?? 'Item'} from ${String(r.params.box)}`, fairness, verify_path: seedPairVerifyPath('box', { ...fair, ...(r.params.box_version ? { box_version: Number(r.params.box_version) } : {}) }) };
  const game = r.game as InstantGame;
  const outcome = r.outcome ?? {};
  const inputs = calculatorInputs({ game, params: r.params, outcome });
  return { result: instantResult(game, r.params, outcome), fairness, verify_path: seedPairVerifyPath(game, { ...fair, ...inputs }) };
}

function instantResult(game: InstantGame, params: Record<string, unknown>, outcome: Record<string, unknown>): string {
  const won = outcome.win ? 'won' : 'lost';
  if (game === 'dice') return `Roll ${Number(outcome.roll).toFixed(2)} (${String(params.direction)} ${Number(params.target).toFixed(2)}), ${won}`;
  if (game === 'plinko') return `Slot ${Number(outcome.slot)} of ${Number(params.rows)} rows, ${String(params.risk)} risk`;
  return `${outcome.win ? 'Won' : 'Lost'} at ${Number(outcome.chance)}% chance`;
}

function roundResult(r: StoredBet, multiplier: number | null): string {
  if (r.status === 'open') return 'In play';
  if (r.status === 'refunded') return 'Refunded (round not played)';
  if (r.status === 'canceled') return 'Canceled';
  if (r.game === 'wheel') return `Bet ${String(r.params.color)}, ${r.status === 'won' ? 'won' : 'lost'}`;
  if (r.status === 'cashed_out' && multiplier !== null) return `Cashed out at ${times(multiplier)}`;
  const crash = r.outcome?.crash_point;
  return crash === undefined ? 'Lost' : `Lost, crashed at ${times(hundredthsToMultiplier(crashPointHundredths(Number(crash))))}`;
}
