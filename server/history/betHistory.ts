import { sql, type RawBuilder } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import { roundFairHref, type RoundGame } from '../../core/games/roundGames.ts';
import { GAMES, gamesOfKind, type GameKind } from '../../core/games/catalog.ts';
import { battleVerifyPath, seedPairVerifyPath, type SeedPairGame } from '../../core/games/verifyPaths.ts';
import type { BetHistoryRow, HistoryGame } from '../../core/protocol/history.ts';
import { BetReplaySchema, type BetReplay, type PublicBet } from '../../core/protocol/transparency.ts';
import type { BattleCancelReason } from '../../core/protocol/battle.ts';
import type { Db } from '../db/database.ts';
import { calculatorInputs, revealedServerSeed } from '../games/history.ts';
import type { InstantGame } from '../games/schema.ts';
import { dayRange, type DayRange } from './dayRange.ts';
import { battleReplay } from './battleReplay.ts';

// Every bet of one player, newest first, from the bets journal (`bets`, docs/architecture.md, "One
// record of play"): one row per stake of every game, so a page walks the journal's (player, time, id)
// index newest first and stops at the rows it shows, never reading the player's whole history. The
// journal says what was staked and paid; a page's rows then join the game's own row only for what the
// line shows beyond it: an instant bet's params and outcome (game_bets), an opening's box and item
// (inventory_items), a round bet's colour, status and round (round_bets, rounds), a battle's state
// and seeds (battles), and for a bet page's replay a Mines board's mine count, tiles in the order
// turned and how it ended (mines_boards), a round's chain salt (hash_chains) and an ended battle's
// rolls (battleReplay.ts). Secrets stay in the database until they are public: a pair's server seed
// until it is revealed, a round's hash and outcome until it has ended, a battle's server seed until
// it has ended.

export interface BetFilter extends DayRange {
  userId: number;
  game?: HistoryGame;
}

/** Where the CSV export resumes: the last row it wrote (its exact time text and its journal id). */
export interface BetCursor {
  at: string;
  id: number;
}

interface StoredBet {
  bet_id: number;
  public_id: string;
  user_id: number;
  game: HistoryGame;
  /** The game's own row (game_bets, inventory_items, round_bets, battles): the id the page shows. */
  ref_id: number;
  /** A battle's seat (0 for every other game). */
  ref_seat: number;
  placed_at: Date;
  at_text: string;
  stake: number;
  payout: number | null;
  multiplier: string | number | null;
  /** The game's own status (a round bet's, a battle's), for the result in words. */
  status: string | null;
  params: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  seed_pair_id: number | null;
  nonce: number | null;
  client_seed: string | null;
  server_seed: string | null;
  server_seed_hash: string | null;
  round_number: number | null;
  round_hash: string | null;
  /** The salt of the round's chain, with its hash once the round has ended. */
  round_salt: string | null;
  label: string | null;
}

/** The journal rows the filter keeps (the player, a game, whole days), as conditions on `bets`. */
function conditions(f: BetFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [sql`user_id = ${f.userId}`];
  if (f.game) out.push(sql`game = ${f.game}`);
  out.push(...dayRange(sql.ref('placed_at'), f));
  return out;
}

/** How many bets the filter holds. */
export function countBetsQuery(f: BetFilter) {
  return sql<{ n: number }>`select count(*)::int as n from bets where ${sql.join(conditions(f), sql` and `)}`;
}

export async function countBets(db: Db, f: BetFilter): Promise<number> {
  const { rows } = await countBetsQuery(f).execute(db);
  return Number(rows[0]?.n ?? 0);
}

const kindIn = (kind: GameKind) => sql`b.game in (${sql.join(gamesOfKind(kind))})`;

/**
 * The statement of a page of bets (the plan test explains it on PostgreSQL): the page's journal rows
 * first (newest first down the player's index, after `cursor` or from `offset`), then each joined to
 * its game's own row.
 */
export function betsPageQuery(f: BetFilter, page: { limit: number; offset?: number; cursor?: BetCursor }) {
  const where = conditions(f);
  const c = page.cursor;
  if (c) where.push(sql`placed_at <= ${c.at}::timestamptz`, sql`(placed_at, id) < (${c.at}::timestamptz, ${c.id})`);
  return betRowsQuery(sql`select * from bets where ${sql.join(where, sql` and `)} order by placed_at desc, id desc limit ${page.limit} offset ${c ? 0 : (page.offset ?? 0)}`);
}

/**
 * The journal rows `rows` selects (a page, or one bet by its public id), each joined to its game's own
 * row, newest first. Each game row is read by its key for each row (a lateral subquery with `limit 1`
 * stays a per-row lookup: the planner cannot turn it into a hash join over the whole table). A Mines
 * board's params and outcome are its own columns under their names (to_jsonb of a row): its mine
 * count; its tiles in the order turned and how it ended.
 */
function betRowsQuery(rows: RawBuilder<unknown>) {
  return sql<StoredBet>`select b.id as bet_id, b.public_id, b.user_id, b.game, b.ref_id, b.ref_seat, b.placed_at, b.placed_at::text as at_text, b.stake, b.payout, b.multiplier::text as multiplier,
      coalesce(rb.status, bt.status) as status,
      coalesce(g.params, m.params, rb.params, case when bt.status is not null then jsonb_build_object('rounds', bt.rounds_total) end,
        case when i.box_name is not null then jsonb_build_object('box_name', i.box_name, 'box_version', i.box_version_id, 'item_id', i.item_id) end, '{}'::jsonb) as params,
      case when rb.round_status = 'ended' and not rb.voided then rb.round_outcome else coalesce(g.outcome, m.outcome) end as outcome,
      b.seed_pair_id, b.nonce,
      case when bt.status = 'ended' then bt.client_seeds else sp.client_seed end as client_seed,
      case when bt.status = 'ended' then bt.server_seed else sp.server_seed end as server_seed, sp.server_seed_hash,
      rb.round_number, case when rb.round_status = 'ended' and not rb.voided then rb.round_hash end as round_hash,
      case when rb.round_status = 'ended' and not rb.voided then rb.round_salt end as round_salt,
      coalesce(i.item_name, bt.canceled_reason) as label
    from (${rows}) b
    left join lateral (select sp.client_seed, sp.server_seed_hash, ${revealedServerSeed('sp')} as server_seed from seed_pairs sp where sp.id = b.seed_pair_id limit 1) sp on true
    left join lateral (select g.params, g.outcome from game_bets g where ${kindIn('instant')} and g.id = b.ref_id limit 1) g on true
    left join lateral (select to_jsonb(p) as params, to_jsonb(o) as outcome
      from mines_boards m, lateral (select m.mines) p, lateral (select m.revealed, m.status) o where ${kindIn('stateful')} and m.id = b.ref_id limit 1) m on true
    left join lateral (select i.box_version_id, i.item_id, bx.name as box_name, it.name as item_name
      from inventory_items i join boxes bx on bx.id = i.box_id join items it on it.id = i.item_id where ${kindIn('box')} and i.id = b.ref_id limit 1) i on true
    left join lateral (select rb.status, rb.params, r.status as round_status, r.voided, r.outcome as round_outcome, r.number as round_number, r.hash as round_hash, hc.salt as round_salt
      from round_bets rb join rounds r on r.id = rb.round_id join hash_chains hc on hc.id = r.chain_id where ${kindIn('round')} and rb.id = b.ref_id limit 1) rb on true
    left join lateral (select bt.status, bt.rounds_total, bt.server_seed, bt.canceled_reason,
        (select string_agg(o.client_seed, ',' order by o.seat) from battle_seats o where o.battle_id = bt.id) as client_seeds
      from battles bt where ${kindIn('battle')} and bt.id = b.ref_id limit 1) bt on true
    order by b.placed_at desc, b.id desc`;
}

/** A page of bets, newest first, after `cursor` when given (the export's next chunk) else from `offset`. */
export async function listBets(db: Db, f: BetFilter, page: { limit: number; offset?: number; cursor?: BetCursor }): Promise<{ rows: BetHistoryRow[]; last: BetCursor | null }> {
  const { rows } = await betsPageQuery(f, page).execute(db);
  const last = rows.at(-1);
  return { rows: rows.map(toRow), last: last ? { at: last.at_text, id: Number(last.bet_id) } : null };
}


/**
 * One bet by its public id, as its public page shows it (docs/transparency.md): its history row, the
 * player's name only if they chose to show it, and its seed pair's commitment (the server seed once
 * revealed). Null when no bet has that id.
 */
export async function publicBet(db: Db, publicId: string): Promise<PublicBet | null> {
  const { rows } = await betRowsQuery(sql`select * from bets where public_id = ${publicId}`).execute(db);
  const r = rows[0];
  if (!r) return null;
  const { id: _id, ...row } = toRow(r);
  const owner = await db.selectFrom('users').select(['name', 'public_bet_name']).where('id', '=', Number(r.user_id)).executeTakeFirst();
  const seeds = r.seed_pair_id !== null && r.server_seed_hash !== null ? { server_seed_hash: r.server_seed_hash, server_seed: r.server_seed, client_seed: r.client_seed ?? '', nonce: Number(r.nonce) } : null;
  // A battle seat's replay reads its battle's rounds, once the battle has ended (its seeds are secret until then).
  const replay = GAMES[r.game].kind === 'battle' ? (r.status === 'ended' ? await battleReplay(db, Number(r.ref_id), Number(r.ref_seat)) : null) : replayOf(r);
  return { ...row, player: owner?.public_bet_name ? owner.name : null, seeds, replay };
}

/** The games a bet page replays (BetReplaySchema's). */
const REPLAYED = new Set<string>(BetReplaySchema.options.map((o) => o.shape.game.value));

/**
 * A settled bet's replay: its stored parameters and outcome, for the games the page replays (the
 * schema keeps only their fields, never an inventory id); a round bet's also its round's hash and
 * its chain's salt, the seeds of its outcome, public once the round has ended, and the multiplier it
 * cashed out at (the journal's), none when it rode to the end of its round.
 */
function replayOf(r: StoredBet): BetReplay | null {
  // A bet given back (a round bet canceled, or refunded) was never played: nothing to replay.
  if (r.payout === null || !REPLAYED.has(r.game) || r.status === 'canceled' || r.status === 'refunded') return null;
  const round = r.round_hash !== null && r.round_salt !== null ? { hash: r.round_hash, salt: r.round_salt } : {};
  // A round bet that cashes out (the other round game's schema has no such fields: they are left out).
  const cashOut = GAMES[r.game].kind === 'round' ? { cashed_out_at: r.status === 'cashed_out' ? Number(r.multiplier) : null, win: r.status === 'cashed_out' } : {};
  const parsed = BetReplaySchema.safeParse({ ...r.params, ...r.outcome, ...round, ...cashOut, game: r.game });
  return parsed.success ? parsed.data : null;
}

function toRow(r: StoredBet): BetHistoryRow {
  const stake = Number(r.stake);
  const payout = r.payout === null ? null : Number(r.payout);
  const stored = r.multiplier === null ? null : Number(r.multiplier);
  // A settled bet the journal holds no multiplier for shows what came back over what was staked.
  const multiplier = stored ?? (payout !== null && stake > 0 ? Math.floor((payout / stake) * 100) / 100 : null);
  const row = { id: `${r.game}:${Number(r.ref_id)}`, public_id: r.public_id, game: r.game, placed_at: new Date(r.placed_at).toISOString(), stake: centsToCoins(stake), payout: payout === null ? null : centsToCoins(payout), multiplier };
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
  const id = Number(r.ref_id);
  // Every kind the catalog knows, not only those of the games history lists today.
  const kind = GAMES[r.game].kind as GameKind;
  if (kind === 'battle') {
    const result = r.status === 'ended' ? (Number(r.payout) > 0 ? 'Won' : 'Lost') : r.status === 'canceled' ? BATTLE_CANCELED_RESULT[r.label as BattleCancelReason] ?? BATTLE_CANCELED_RESULT.creator : r.status === 'running' ? 'In progress' : 'Waiting for players';
    const verify = r.status === 'ended' && r.client_seed !== null ? battleVerifyPath(r.server_seed, r.client_seed.split(','), Number(r.params.rounds)) : null;
    return { result, fairness: `Battle #${id}`, verify_path: verify };
  }
  if (kind === 'round') {
    const game = r.game as RoundGame;
    const fairness = `Round #${Number(r.round_number)}`;
    return { result: roundResult(r, multiplier), fairness, verify_path: r.round_hash ? roundFairHref(game, r.round_hash, Number(r.round_number)) : null };
  }
  const fair = { server_seed: r.server_seed, client_seed: r.client_seed ?? '', nonce: Number(r.nonce) };
  const fairness = `Seed pair ${Number(r.seed_pair_id)}, nonce ${fair.nonce}`;
  if (kind === 'box') return { result: `${r.label ?? 'Item'} from ${String(r.params.box_name)}`, fairness, verify_path: seedPairVerifyPath(r.game as SeedPairGame, { ...fair, ...(r.params.box_version ? { box_version: Number(r.params.box_version) } : {}) }) };
  // A stateful game's bet (a Mines board) is in play until the journal holds its payout, then worded
  // by its entry from the journal alone. Its calculator needs the board's own inputs (a mine count),
  // which the journal does not hold: no verify link.
  if (kind === 'stateful') return { result: r.payout === null ? 'In play' : settledResult(r, multiplier), fairness, verify_path: null };
  const game = r.game as InstantGame;
  const outcome = r.outcome ?? {};
  const inputs = calculatorInputs({ game, params: r.params, outcome });
  return { result: settledResult(r, multiplier), fairness, verify_path: seedPairVerifyPath(game, { ...fair, ...inputs }) };
}

function roundResult(r: StoredBet, multiplier: number | null): string {
  if (r.status === 'open') return 'In play';
  if (r.status === 'refunded') return 'Refunded (round not played)';
  if (r.status === 'canceled') return 'Canceled';
  return settledResult(r, multiplier);
}

/** A settled bet's words, as its game's entry in the catalog gives them. */
function settledResult(r: StoredBet, multiplier: number | null): string {
  const words = GAMES[r.game].betResult;
  return words ? words({ params: r.params, outcome: r.outcome ?? {}, status: r.status, payout: r.payout === null ? null : Number(r.payout), multiplier }) : '';
}
