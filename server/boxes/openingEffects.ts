import { randomUUID } from 'node:crypto';
import type { AccountBalance } from '../wallet/balanceReports.ts';
import { ledgerMoveSql } from '../wallet/ledgerMove.ts';
import { columnArrays, unnestSql, type SettlementColumns } from '../wallet/settlementArrays.ts';
import type { SettlementEffects, SettlementGuard } from '../wallet/settlements.ts';
import { seedPairGateSql } from '../fair/seedPairGate.ts';
import { shownMultiplierSql } from '../journal/journal.ts';
import { OPEN_COUNT_SHARDS } from './openCounts.ts';
import { SHOP_BOX_KIND } from '../../core/protocol/boxKinds.ts';
import { gamesOfKind, type GameOfKind } from '../../core/games/catalog.ts';

// What a paid box opening writes, in ONE statement and one commit for every opening request that
// arrives together (group settlement, like the instant bets': server/games/bets.ts; the wallet runs
// it, server/wallet/settlements.ts, and gathers the requests with server/db/groupCommit.ts). Each request's items were decided beforehand from the player's cached
// seed pair (openBox.ts), so the debit, the nonces, the roll rows, the inventory rows,
// the drop rows, the box's shard counts and each opening's journal row (table `bets`, whose trigger
// counts the stakes as XP: migration 1110; the same row as the long way's, openBox.ts)
// are written at once.
//
// Two row sets come as arrays (server/wallet/settlementArrays.ts): the requests `r`, one per player (a batch holds
// one request per player: groupCommit keys it by player), and their openings `o`, one per opening
// (1 to MAX_OPEN_QUANTITY a request), joined on the player. The `gate` joins each request to its
// player's account, seed pair and name, and lets it through only while the balance covers the whole
// price (price × quantity), the box row still names the version, price and name the request was
// decided with (the opener keeps boxes between requests: server/boxes/openableBoxes.ts), the pair is
// still active at the client seed and at the nonce before the request's first opening, the caller's
// guard holds (the bearer token is live and the player's) and the stake gate's condition does; a
// request that fails one is left out and writes nothing (its caller opens it the long way, with the
// box read afresh: a wallet transaction, where a short balance is the 422 and the stake gate's check
// gives its refusal). It locks what it lets through in account order (`order by a.id
// for update of a, p`), as the instant bets' gate does (server/fair/seedPairGate.ts), so two batches never wait on each other in a
// circle. The pair moves by the request's quantity (`pair`), one seed_pair_rolls row per opening
// (their primary key refuses a reused nonce), the debit is the wallet's ledger move (server/wallet/ledgerMove.ts:
// the account update and its two ledger rows), and every write hangs off the gate.
//
// The inventory and drop rows take ids drawn in `opened` (nextval of their identity sequences, one
// per opening row: a CTE with a volatile function is computed once), so that the answer pairs each
// opening with its own inventory row and drop row exactly; the drop's user name is the player's name
// read by the gate, as recordDrop copies it. The box's count goes to the row of the player's shard
// (openCounts.ts), summed per (box, shard) first, because ON CONFLICT cannot touch one
// row twice in one statement, and in key order, so two batches lock count rows in the same order.
//
// Not here: free loot (its claim runs in the opening's transaction) and a custom box whose creator
// earns a commission from this opening: the commission is a credit to another account, which may be
// a player of the same batch, and two updates of one row in one statement do not both apply; those
// openings keep the wallet transaction (docs/boxes.md).

/** One opening of a request: its nonce, the ticket that nonce gave, and the item the ticket picks (with the drop's copy of it). */
export interface SettledOpening {
  nonce: number;
  ticket: number;
  item: { id: number; name: string; rarity: string; imgUrl: string; /** cents */ price: number; /** cents */ salePrice: number };
}

/** A player's request to open a box `openings.length` times, decided from the roll of their cached pair. */
export interface OpeningSettlement {
  userId: number;
  /** Cents per opening: the price of the box version read for the request. */
  price: number;
  /** The debit's ledger reason (`box_open`, `user_box_open`) and reference (`box:<slug>`). */
  reason: string;
  reference: string;
  seedPairId: number;
  clientSeed: string;
  box: { id: number; versionId: number; slug: string; kind: string; name: string; imgUrl: string };
  /** In nonce order, the nonces consecutive: the first is the pair's next one. */
  openings: readonly SettledOpening[];
  /** The value the guard's condition checks: the bearer token's SHA-256. */
  guardValue: string;
}

/** What the statement wrote for one opening. */
export interface WrittenOpening {
  nonce: number;
  inventoryId: number;
  dropId: number;
  /** The player's name as the drop row copied it. */
  userName: string;
  /** The opening's journal row's public id (/bets/{public_id}). */
  publicId: string;
}

/** A settled request: the player's new balance and version, and its openings in nonce order. */
export interface SettledOpenings extends AccountBalance {
  openings: WrittenOpening[];
}

const REQUESTS: SettlementColumns = [
  ['user_id', 'bigint'],
  ['amount', 'bigint'],
  ['quantity', 'bigint'],
  ['seed_pair_id', 'bigint'],
  ['client_seed', 'text'],
  ['nonce', 'bigint'],
  ['transfer', 'uuid'],
  ['reason', 'text'],
  ['reference', 'text'],
  ['box_id', 'bigint'],
  ['box_version_id', 'bigint'],
  ['opening_price', 'bigint'],
  ['box_slug', 'text'],
  ['box_kind', 'text'],
  ['box_name', 'text'],
  ['box_img_url', 'text'],
  ['guard_value', 'text'],
];
const OPENINGS: SettlementColumns = [
  ['user_id', 'bigint'],
  ['nonce', 'bigint'],
  ['ticket', 'integer'],
  ['item_id', 'bigint'],
  ['item_name', 'text'],
  ['item_rarity', 'text'],
  ['item_img_url', 'text'],
  ['item_price', 'bigint'],
  ['item_sale_price', 'bigint'],
];
const HOUSE = `$${REQUESTS.length + OPENINGS.length + 1}::bigint`;

/** The statement's parameters by name, in order (`request.amount`, `opening.ticket`, `house`): for bench/boxes/pgbenchScript.ts, which fills them by name. */
export const OPENING_SETTLEMENT_PARAMETERS: readonly string[] = [...REQUESTS.map(([name]) => `request.${name}`), ...OPENINGS.map(([name]) => `opening.${name}`), 'house'];

/** The game a box opening's journal row names: the catalog's game of kind 'box'. */
const OPENING_GAME: GameOfKind<'box'> = gamesOfKind('box')[0]!;

/**
 * The statement (plain text with numbered parameters: the requests' arrays, the openings' arrays,
 * the house account), so bench/boxes sends the very same text to pgbench. `stakeCondition` is the
 * stake gate's (server/wallet/wallet.ts, StakeGate).
 */
export function openingSettlementSql(guard: SettlementGuard, stakeCondition: string): string {
  return `
  with r as (
    select * from ${unnestSql(REQUESTS, 1, 'r')}
  ), gate as (
    ${seedPairGateSql('r', guard, stakeCondition, {
      select: 'u.name as user_name',
      join: 'join users u on u.id = a.user_id join boxes bx on bx.id = r.box_id and bx.version_id = r.box_version_id and bx.price = r.opening_price and bx.name = r.box_name',
    })}
  ), pair as (
    update seed_pairs set nonce = seed_pairs.nonce + gate.quantity from gate
    where seed_pairs.id = gate.seed_pair_id
  ), opened as (
    select o.*, gate.seed_pair_id, gate.box_id, gate.box_version_id, gate.opening_price, gate.box_slug, gate.box_kind, gate.box_name, gate.box_img_url, gate.user_name,
      nextval(pg_get_serial_sequence('inventory_items', 'id')) as inventory_id, nextval(pg_get_serial_sequence('drops', 'id')) as drop_id
    from ${unnestSql(OPENINGS, REQUESTS.length + 1, 'o')} join gate on gate.user_id = o.user_id
  ), roll as (
    insert into seed_pair_rolls (seed_pair_id, nonce) select seed_pair_id, nonce from opened
  ), ${ledgerMoveSql({
    from: 'gate',
    where: 'accounts.id = gate.account_id',
    house: HOUSE,
    transfers: [{ direction: 'debit', amount: 'gate.amount', transferId: 'gate.transfer', reason: 'gate.reason', reference: 'gate.reference' }],
  })}, inventory as (
    insert into inventory_items (id, user_id, item_id, box_id, box_version_id, seed_pair_id, nonce, ticket, opening_price) overriding system value
    select inventory_id, user_id, item_id, box_id, box_version_id, seed_pair_id, nonce, ticket, opening_price from opened
  ), dropped as (
    insert into drops (id, user_id, user_name, box_slug, box_kind, box_name, box_img_url, item_name, item_rarity, item_img_url, item_price, item_sale_price) overriding system value
    select drop_id, user_id, user_name, box_slug, box_kind, box_name, box_img_url, item_name, item_rarity, item_img_url, item_price, item_sale_price from opened
  ), counted as (
    insert into box_open_counts (box_id, shard, openings)
    select box_id, user_id % ${OPEN_COUNT_SHARDS}, sum(quantity) from gate group by 1, 2 order by 1, 2
    on conflict (box_id, shard) do update set openings = box_open_counts.openings + excluded.openings
  ), journal as (
    insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, seed_pair_id, nonce, settled_at)
    select '${OPENING_GAME}', user_id, opening_price, item_price, ${shownMultiplierSql('item_price', 'opening_price')}, 'settled', inventory_id, seed_pair_id, nonce, now() from opened
    returning ref_id, public_id
  )
  select opened.user_id, opened.nonce, opened.inventory_id, opened.drop_id, opened.user_name, moved.balance, moved.version, journal.public_id
  from opened join moved on moved.user_id = opened.user_id join journal on journal.ref_id = opened.inventory_id
  order by opened.user_id, opened.nonce`;
}

/** A request's rows, checked (throws for a value the statement would refuse or a malformed request, so that it fails alone before it joins a batch). */
export function openingSettlementRows(s: OpeningSettlement): { request: unknown[]; openings: unknown[][] } {
  const quantity = s.openings.length;
  if (!Number.isSafeInteger(s.price) || s.price <= 0) throw new Error(`an opening's price must be a positive integer of cents, got ${s.price}`);
  if (quantity < 1) throw new Error('an opening request needs at least one opening');
  const amount = s.price * quantity;
  if (!Number.isSafeInteger(amount)) throw new Error(`the price of ${quantity} openings is out of range`);
  const first = s.openings[0]!.nonce;
  s.openings.forEach((o, i) => {
    if (o.nonce !== first + i) throw new Error(`an opening request's nonces must be consecutive, got ${s.openings.map((x) => x.nonce).join(', ')}`);
  });
  const { box } = s;
  return {
    request: [s.userId, amount, quantity, s.seedPairId, s.clientSeed, first, randomUUID(), s.reason, s.reference, box.id, box.versionId, s.price, box.slug, box.kind, box.name, box.imgUrl, s.guardValue],
    openings: s.openings.map((o) => [s.userId, o.nonce, o.ticket, o.item.id, o.item.name, o.item.rarity, o.item.imgUrl, o.item.price, o.item.salePrice]),
  };
}

/** The statement's parameters for a batch of requests' rows (at most one request per player). */
export function openingSettlementValues(houseAccountId: number, batch: readonly { request: readonly unknown[]; openings: readonly (readonly unknown[])[] }[]): unknown[] {
  return [...columnArrays(REQUESTS, batch.map((b) => b.request)), ...columnArrays(OPENINGS, batch.flatMap((b) => b.openings)), houseAccountId];
}

/** Parameters with which the statement matches no account (ids start at 1) and writes nothing: for warming a connection (server/db/preparedStatements.ts). */
export const openingSettlementInertValues: readonly unknown[] = openingSettlementValues(0, [
  {
    request: [0, 1, 1, 0, '', 1, '00000000-0000-0000-0000-000000000000', 'warm', 'warm', 0, 0, 1, '', SHOP_BOX_KIND, '', '', ''],
    openings: [[0, 1, 1, 0, '', '', '', 0, 0]],
  },
]);

/** A row the statement answers: one per opening written. */
interface WrittenRow {
  user_id: string | number;
  nonce: string | number;
  inventory_id: string | number;
  drop_id: string | number;
  user_name: string;
  balance: string | number;
  version: string | number;
  public_id: string;
}

/**
 * The box openings' one statement as the wallet runs it: in batches of their own, one in flight,
 * taken over from the instant bets' measurement (not measured apart for openings;
 * bench/boxes/README.md prints the batch sizes it gives: 9–14 requests at 20–32 players). A batch
 * holds one request per player, each of up to MAX_OPEN_QUANTITY openings. The statement has no
 * moment inside a transaction in the process: its `moved` fault point is before the request goes out.
 */
export const openingSettlement: SettlementEffects<OpeningSettlement, ReturnType<typeof openingSettlementRows>, WrittenRow, SettledOpenings> = {
  name: 'box openings',
  statement: openingSettlementSql,
  inertValues: openingSettlementInertValues,
  row: openingSettlementRows,
  values: openingSettlementValues,
  // Each settled request by player; a player missing was refused by the gate (short balance, a moved pair, a dead token, a restricted player).
  settled(rows) {
    const settled = new Map<number, SettledOpenings>();
    for (const row of rows) {
      const userId = Number(row.user_id);
      const player = settled.get(userId) ?? { balance: Number(row.balance), version: Number(row.version), openings: [] };
      player.openings.push({ nonce: Number(row.nonce), inventoryId: Number(row.inventory_id), dropId: Number(row.drop_id), userName: row.user_name, publicId: row.public_id });
      settled.set(userId, player);
    }
    return settled;
  },
  reason: (s) => s.reason,
  batches: { inFlight: 1, maxSize: 64 },
  movedPointBefore: true,
  // One journal row per opening, each staking the price (the statement's `journal`).
  played(s, note) {
    for (let n = 0; n < s.openings.length; n += 1) note(OPENING_GAME, s.price);
  },
};
