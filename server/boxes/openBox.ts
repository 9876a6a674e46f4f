import { pickByTicket, ticketRanges } from '../../core/fair/index.ts';
import { creatorCommissionCents } from '../../core/games/boxes.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { announceDrop, recordDrop, type DropRecord, type RecordedDrop } from '../realtime/drops.ts';
import { InsufficientFunds, insufficientFundsError, type Trx, type Wallet } from '../wallet/wallet.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Db } from '../db/database.ts';
import { boxImgUrl, itemImgUrl, itemSummary, type BoxKind } from './catalog.ts';
import type { OpenableBox, OpenableBoxes } from './openableBoxes.ts';
import { notFound } from '../http/errors.ts';
import type { Opening, OpeningAnswer } from '../../core/protocol/boxes.ts';
import { boxRoll, type BoxRoll } from './roll.ts';
import { countOpenings } from './openCounts.ts';
import { requireEligible } from '../security/eligibility.ts';
import { nextRoll, type Roll } from '../fair/seedPairs.ts';
import { NOT_SETTLED, type SeedPairCache } from '../fair/seedPairCache.ts';
import type { SettlementPlayer } from '../plugins/auth.ts';
import { journalBet, shownMultiplier } from '../journal/journal.ts';
import { openingSettlement } from './openingEffects.ts';

// Opening a box, `quantity` times, all or nothing. Usually ONE statement shared with the other
// players' openings that arrive together (openingEffects.ts, run by wallet.settle:
// group settlement, as the instant bets): the items are decided beforehand, with the box as this
// process keeps it (server/boxes/openableBoxes.ts; the statement checks it is still the box's row),
// from the rolls of the player's cached seed pair (its next `quantity` nonces;
// server/fair/seedPairCache.ts), and the statement writes the debit, the nonces, the inventory rows,
// the drops, the box's count and the journal rows (whose trigger counts XP), or nothing when its gate refuses (short balance, the pair
// moved on, the box changed, a dead token, a restricted player). Then, and for what that statement
// does not take (free loot, whose claim runs inside the opening; a custom box that pays its creator a
// commission: docs/boxes.md), the long way with the box read afresh: ONE wallet transaction, the debit first (a short balance is the 422 "Insufficient balance", the stake
// gate's check its refusal), then per opening the next seed-pair roll, the ticket → item, the
// inventory row (with the roll that decided it), its journal row and the drop; the box's counter and the
// creator's commission. Either way drops are announced only after the commit, so no announced drop
// is ever undone, and the answer is the same.

/** What an opening uses: the wallet that settles it, the bus its drops are announced on, the seed pairs this process remembers. */
export interface OpenBoxDeps {
  wallet: Wallet;
  bus: Bus;
  seedPairs: SeedPairCache;
}

interface OpenRequest {
  userId: number;
  box: OpenableBox;
  kind: BoxKind;
  quantity: number;
  /** Cents charged per opening (0 for free loot). */
  pricePerOpening: number;
  /** Runs first inside the transaction (free loot claims its 24 h slot there). */
  before?: (trx: Trx) => Promise<void>;
}

/** A paid opening of the box `slug` of `kind` by a player whose token the settling statement checks (the route's `settlementPlayer`), at the box's price. */
export interface PaidOpenRequest {
  player: SettlementPlayer;
  kind: BoxKind;
  slug: string;
  quantity: number;
}

/** A paid opening with the box it was decided with. */
type DecidedOpening = PaidOpenRequest & { box: OpenableBox };

type OpenResult = { openings: Opening[]; balance: number };

/** What the opening of `box` by its player writes as the drop (before it has a row). */
function dropOf(userId: number, box: OpenableBox, kind: BoxKind, item: OpenableBox['items'][number]): DropRecord {
  return {
    game: 'box',
    userId,
    box: { slug: box.slug, kind, name: box.name, imgUrl: boxImgUrl(box.slug) },
    item: { name: item.name, rarity: item.rarity, imgUrl: itemImgUrl(item), price: item.price, salePrice: item.sale_price },
  };
}

function openingOf(inventoryId: number, publicId: string, item: OpenableBox['items'][number], roll: BoxRoll): Opening {
  return { inventory_id: inventoryId, item: itemSummary(item), roll: { ticket: roll.ticket, nonce: roll.nonce, server_seed_hash: roll.serverSeedHash, client_seed: roll.clientSeed }, public_id: publicId };
}

const debitReason = (kind: BoxKind) => (kind === 'user' ? 'user_box_open' : 'box_open');

/** The long way: one wallet transaction (see the top); answers the last roll it used too, and announces the drops after the commit. */
async function openInTransaction(deps: OpenBoxDeps, request: OpenRequest): Promise<OpenResult & { lastRoll: Roll }> {
  const { userId, box, kind, quantity, pricePerOpening } = request;
  const ranges = ticketRanges(box.items.map((i) => i.odds_units));
  const drops: RecordedDrop[] = [];
  const result = await deps.wallet.transaction(async (tx) => {
    const trx = tx.trx;
    if (request.before) await request.before(trx);
    const total = pricePerOpening * quantity;
    if (total > 0) await tx.debit({ userId, amount: total, reason: debitReason(kind), reference: `box:${box.slug}` });
    // A free box is play too: a break refuses it as it refuses a paid one (the wallet's stake gate).
    else await tx.checkPlay(userId);
    const openings: Opening[] = [];
    let lastRoll: Roll | undefined;
    for (let n = 0; n < quantity; n += 1) {
      lastRoll = await nextRoll(trx, userId);
      const roll = boxRoll(lastRoll);
      const item = box.items[pickByTicket(roll.ticket, ranges)]!;
      const inv = await trx
        .insertInto('inventory_items')
        .values({ user_id: userId, item_id: item.id, box_id: box.id, box_version_id: box.version_id, seed_pair_id: roll.seedPairId, nonce: roll.nonce, ticket: roll.ticket, opening_price: pricePerOpening })
        .returning('id')
        .executeTakeFirstOrThrow();
      // After the debit (the journal's XP trigger locks the player's row after the account).
      const publicId = await journalBet(tx, { game: 'box', userId, stake: pricePerOpening, refId: inv.id, seedPairId: roll.seedPairId, nonce: roll.nonce, settled: { payout: item.price, multiplier: shownMultiplier(item.price, pricePerOpening) } });
      drops.push(await recordDrop(trx, dropOf(userId, box, kind, item)));
      openings.push(openingOf(inv.id, publicId, item, roll));
    }
    await countOpenings(trx, box.id, userId, quantity);
    if (box.creator_id !== null && box.creator_id !== userId && total > 0) {
      const commission = creatorCommissionCents(pricePerOpening) * quantity;
      if (commission > 0) await tx.credit({ userId: box.creator_id, amount: commission, reason: 'box_commission', reference: `box:${box.slug}` });
    }
    return { openings, balance: await tx.balance(userId), lastRoll: lastRoll! };
  });
  for (const drop of drops) announceDrop(deps.bus, drop);
  return result;
}

/** Whether the one statement may settle this paid opening (openingEffects.ts: not a commission to a creator who is someone else). */
function settlesInOneStatement({ box, player }: DecidedOpening): boolean {
  const paysCreator = box.creator_id !== null && box.creator_id !== player.userId && creatorCommissionCents(box.price) > 0;
  return box.price > 0 && box.version_id !== null && !paysCreator;
}

/** The openings decided from the `quantity` rolls from `roll` on, and settled by the wallet's batch statement; NOT_SETTLED when it wrote nothing. */
async function settleDecided(deps: OpenBoxDeps, request: DecidedOpening, first: Roll): Promise<OpenResult | typeof NOT_SETTLED> {
  const { player, box, kind, quantity } = request;
  const ranges = ticketRanges(box.items.map((i) => i.odds_units));
  const decided = Array.from({ length: quantity }, (_, n) => {
    const roll = boxRoll({ ...first, nonce: first.nonce + n });
    return { roll, item: box.items[pickByTicket(roll.ticket, ranges)]! };
  });
  const settled = await deps.wallet.settle(openingSettlement, {
    userId: player.userId,
    price: box.price,
    reason: debitReason(kind),
    reference: `box:${box.slug}`,
    seedPairId: first.seedPairId,
    clientSeed: first.clientSeed,
    box: { id: box.id, versionId: box.version_id!, slug: box.slug, kind, name: box.name, imgUrl: boxImgUrl(box.slug) },
    openings: decided.map(({ roll, item }) => ({ nonce: roll.nonce, ticket: roll.ticket, item: { id: item.id, name: item.name, rarity: item.rarity, imgUrl: itemImgUrl(item), price: item.price, salePrice: item.sale_price } })),
    guardValue: player.tokenHash,
  });
  if (settled === null) return NOT_SETTLED;
  // The statement answers its openings in nonce order, as they were decided.
  const written = settled.openings;
  if (written.length !== quantity || written.some((w, n) => w.nonce !== decided[n]!.roll.nonce)) throw new Error(`the opening statement answered nonces ${written.map((w) => w.nonce).join(', ')} for ${quantity} openings from ${first.nonce}`);
  decided.forEach(({ item }, n) => announceDrop(deps.bus, { ...dropOf(player.userId, box, kind, item), id: written[n]!.dropId, userName: written[n]!.userName }));
  return { openings: decided.map(({ roll, item }, n) => openingOf(written[n]!.inventoryId, written[n]!.publicId, item, roll)), balance: settled.balance };
}

/**
 * A paid opening (a shop box or a player's box): the one statement on the cached pair with the box
 * as this process keeps it (the statement checks it is still the row's), else the long way with the
 * box read afresh.
 */
export async function openBox(deps: OpenBoxDeps & { openableBoxes: OpenableBoxes }, request: PaidOpenRequest): Promise<OpenResult> {
  const { player, kind, slug, quantity } = request;
  const kept = await deps.openableBoxes.kept(kind, slug);
  if (!kept) throw notFound('Box not found.');
  const decided: DecidedOpening = { ...request, box: kept };
  const longWay = async () => {
    const box = await deps.openableBoxes.fresh(kind, slug);
    if (!box) throw notFound('Box not found.');
    return openInTransaction(deps, { userId: player.userId, box, kind, quantity, pricePerOpening: box.price });
  };
  try {
    if (!settlesInOneStatement(decided)) {
      await player.confirm();
      const { openings, balance } = await longWay();
      return { openings, balance };
    }
    return await deps.seedPairs.play(player.userId, {
      confirm: player.confirm,
      nonces: request.quantity,
      settle: (roll) => settleDecided(deps, decided, roll),
      async settleLocked() {
        const { openings, balance, lastRoll } = await longWay();
        return { result: { openings, balance }, roll: lastRoll };
      },
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw insufficientFundsError();
    throw error;
  }
}

export function openingAnswer(result: OpenResult): OpeningAnswer {
  return { data: { openings: result.openings, balance: centsToCoins(result.balance) } };
}

/**
 * A free-loot opening (a level tier's daily box or a bonus box): the player must be eligible for
 * free loot, nothing is charged, and `claim` uses up the right to it inside the opening's
 * transaction (throwing when it is already used), so two requests cannot both open it. Always the
 * long way (the claim runs inside the opening).
 */
export async function openFreeLoot(deps: OpenBoxDeps & { db: Db }, userId: number, box: OpenableBox, claim: (trx: Trx) => Promise<void>) {
  await requireEligible(deps.db, userId, 'freeLoot');
  const { openings, balance } = await openInTransaction(deps, { userId, box, kind: 'free', quantity: 1, pricePerOpening: 0, before: claim });
  return openingAnswer({ openings, balance });
}
