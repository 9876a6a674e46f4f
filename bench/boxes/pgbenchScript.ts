// pgbench's script for one box opening (quantity 1), built from the very statement text the app
// sends (openingSettlementSql with the token guard and the stake gate's condition,
// server/boxes/openingEffects.ts), so the two cannot drift apart: the wallet's one-statement
// settlement of openings, which also checks the bearer token (the open routes skip their own token
// lookup for a token this process has seen alive, as every bench player's is). Its numbered
// parameters become pgbench expressions, found by the parameters' names (OPENING_SETTLEMENT_PARAMETERS),
// each array an array of one element, as the app sends a batch of one request of one opening. Client n
// plays as user :lo + n with seed pair :pairlo + n (run.ts checks both are consecutive and gives every
// pair the client seed 'bench'); its nonce starts at :nonce and counts up like the app's remembered
// pair (pgbench keeps a client's variables from one transaction to the next). Differences that cost
// the same: the won item is fixed (the box's first, with ticket 1, which that item's range holds:
// choosing the item is arithmetic on the ticket in the app, not SQL), the token's hash is read by its
// user's index (pgbench cannot hash a per-client token) where the app sends it, and the transfer id
// is made from a random number.
import { OPENING_SETTLEMENT_PARAMETERS, openingSettlementSql } from '../../server/boxes/openingEffects.ts';
import { liveTokenGuard } from '../../server/accounts/settlementGuard.ts';
import { INSTANT_STAKE_CONDITION } from '../../server/bonuses/maxBet.ts';

export const OPENING_SETTLEMENT_SQL = openingSettlementSql(liveTokenGuard, INSTANT_STAKE_CONDITION);

/** The box and the one item every pgbench opening wins (the box's first, ticket 1). */
export interface BenchOpening {
  box: { id: number; versionId: number; price: number; slug: string; name: string; imgUrl: string };
  item: { id: number; name: string; rarity: string; imgUrl: string; price: number; salePrice: number };
}

const HEADER = ['\\set u :lo + :client_id', '\\set pair :pairlo + :client_id', '\\set nonce :nonce + 1', '\\set transfer random(1, 1000000000000)'];

// A text literal; a colon is kept out of its quotes (`':'` alone), because pgbench takes `:name` for
// one of its variables even inside a quoted string (`'box:gift-card-grab'` broke the prepared script).
const text = (s: string) =>
  s
    .split(':')
    .map((part) => `'${part.replaceAll("'", "''")}'`)
    .join(" || ':' || ");

// The values of element k of a batch (k is 0 alone): `u`, `pair` and `transfer` are the element's user,
// pair and transfer id expressions.
function openingValues({ box, item }: BenchOpening, u: string, pair: string, transfer: string): Record<string, string> {
  return {
    'request.user_id': u,
    'request.amount': String(box.price),
    'request.quantity': '1',
    'request.seed_pair_id': pair,
    'request.client_seed': "'bench'",
    'request.nonce': '(:nonce)',
    'request.transfer': transfer,
    'request.reason': "'box_open'",
    'request.reference': text(`box:${box.slug}`),
    'request.box_id': String(box.id),
    'request.box_version_id': String(box.versionId),
    'request.opening_price': String(box.price),
    'request.box_slug': text(box.slug),
    'request.box_kind': "'box'",
    'request.box_name': text(box.name),
    'request.box_img_url': text(box.imgUrl),
    'request.guard_value': `(select id from access_tokens where user_id = ${u} limit 1)`,
    'opening.user_id': u,
    'opening.nonce': '(:nonce)',
    'opening.ticket': '1',
    'opening.item_id': String(item.id),
    'opening.item_name': text(item.name),
    'opening.item_rarity': text(item.rarity),
    'opening.item_img_url': text(item.imgUrl),
    'opening.item_price': String(item.price),
    'opening.item_sale_price': String(item.salePrice),
  };
}

function withElements(elements: Record<string, string>[]): string {
  return OPENING_SETTLEMENT_SQL.replace(/\$(\d+)/g, (_, n: string) => {
    const name = OPENING_SETTLEMENT_PARAMETERS[Number(n) - 1];
    if (name === 'house') return '(:house)';
    const values = name === undefined ? [] : elements.map((element) => element[name]);
    if (values.length === 0 || values.some((value) => value === undefined)) throw new Error(`bench/boxes/pgbenchScript.ts has no value for $${n} (${name})`);
    return `array[${values.join(', ')}]`;
  }).trim();
}

export function pgbenchScript(opening: BenchOpening): string {
  return [...HEADER, `${withElements([openingValues(opening, '(:u)', '(:pair)', "lpad(to_hex((:transfer)::bigint), 32, '0')")])};`, ''].join('\n');
}

// The same statement as the app sends it for a batch: `batch` requests of one opening each, one per
// player of the client's group (client n opens for users :lo + n * batch + k, pairs :pairlo + n * batch
// + k, all at the client's nonce). Run back to back by ONE client it is the database's limit for this
// design at the app's batch size (the app keeps one statement in flight). Element k's transfer id joins
// the transaction's random number with k.
const GROUP_HEADER = ['\\set u :lo + :client_id * :batch', '\\set pair :pairlo + :client_id * :batch', '\\set nonce :nonce + 1', '\\set transfer random(1, 1000000000000000)'];

export function pgbenchGroupScript(opening: BenchOpening, batch: number): string {
  const elements = Array.from({ length: batch }, (_, k) =>
    openingValues(opening, `(:u + ${k})`, `(:pair + ${k})`, `lpad(to_hex((:transfer)::bigint), 16, '0') || lpad(to_hex(${k}), 16, '0')`),
  );
  return [...GROUP_HEADER, `${withElements(elements)};`, ''].join('\n');
}
