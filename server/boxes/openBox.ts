import { sql } from 'kysely';
import { pickByTicket, ticketRanges } from '../../core/fair/index.ts';
import { creatorCommissionCents } from '../../core/games/boxes.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { announceDrop, recordDrop, type DropRecord, type RecordedDrop } from '../realtime/drops.ts';
import { InsufficientFunds, insufficientFundsError, type Trx, type Wallet } from '../wallet/wallet.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Db } from '../db/database.ts';
import { boxImgUrl, itemImgUrl, itemSummary, type BoxKind, type BoxWithItems } from './catalog.ts';
import type { Opening, OpeningAnswer } from '../../core/protocol/boxes.ts';
import { rollTicket } from './roll.ts';
import { countOpenings } from './openCounts.ts';
import { requireEligible } from '../security/eligibility.ts';

// Opening a box: ONE wallet transaction for all `quantity` openings: the debit (all or nothing),
// then per opening the next seed-pair roll, the ticket → item, the inventory row (with the roll
// that decided it) and the drop; the box's counter, the player's XP and a custom box creator's
// commission. Drops are announced only after the commit, so no announced drop is ever undone.

/** What an opening uses: the wallet that settles it and the bus its drops are announced on. */
export interface OpenBoxDeps {
  wallet: Wallet;
  bus: Bus;
}

export interface OpenRequest {
  userId: number;
  box: BoxWithItems;
  kind: BoxKind;
  quantity: number;
  /** Cents charged per opening (0 for free loot). */
  pricePerOpening: number;
  /** Runs first inside the transaction (free loot claims its 24 h slot there). */
  before?: (trx: Trx) => Promise<void>;
}

export async function openBox(deps: OpenBoxDeps, request: OpenRequest): Promise<{ openings: Opening[]; balance: number }> {
  const { userId, box, kind, quantity, pricePerOpening } = request;
  const ranges = ticketRanges(box.items.map((i) => i.odds_units));
  const drops: RecordedDrop[] = [];
  try {
    const result = await deps.wallet.transaction(async (tx) => {
      const trx = tx.trx;
      if (request.before) await request.before(trx);
      const total = pricePerOpening * quantity;
      if (total > 0) await tx.debit({ userId, amount: total, reason: kind === 'user' ? 'user_box_open' : 'box_open', reference: `box:${box.slug}` });
      // A free box is play too: a break refuses it as it refuses a paid one (the wallet's stake gate).
      else await tx.checkPlay(userId);
      const openings: Opening[] = [];
      for (let n = 0; n < quantity; n += 1) {
        const roll = await rollTicket(trx, userId);
        const item = box.items[pickByTicket(roll.ticket, ranges)]!;
        const inv = await trx
          .insertInto('inventory_items')
          .values({ user_id: userId, item_id: item.id, box_id: box.id, box_version_id: box.version_id, seed_pair_id: roll.seedPairId, nonce: roll.nonce, ticket: roll.ticket, opening_price: pricePerOpening })
          .returning('id')
          .executeTakeFirstOrThrow();
        const drop: DropRecord = {
          userId,
          box: { slug: box.slug, kind, name: box.name, imgUrl: boxImgUrl(box.slug) },
          item: { name: item.name, rarity: item.rarity, imgUrl: itemImgUrl(item.id), price: item.price, salePrice: item.sale_price },
        };
        drops.push(await recordDrop(trx, drop));
        openings.push({
          inventory_id: inv.id,
          item: itemSummary(item),
          roll: { ticket: roll.ticket, nonce: roll.nonce, server_seed_hash: roll.serverSeedHash, client_seed: roll.clientSeed },
        });
      }
      await countOpenings(trx, box.id, userId, quantity);
      // XP is the amount wagered; free loot wagers nothing.
      if (total > 0) await trx.updateTable('users').set({ wagered: sql`wagered + ${total}` }).where('id', '=', userId).execute();
      if (box.creator_id !== null && box.creator_id !== userId && total > 0) {
        const commission = creatorCommissionCents(pricePerOpening) * quantity;
        if (commission > 0) await tx.credit({ userId: box.creator_id, amount: commission, reason: 'box_commission', reference: `box:${box.slug}` });
      }
      return { openings, balance: await tx.balance(userId) };
    });
    for (const drop of drops) announceDrop(deps.bus, drop);
    return { openings: result.openings, balance: result.balance };
  } catch (error) {
    if (error instanceof InsufficientFunds) throw insufficientFundsError();
    throw error;
  }
}

export function openingAnswer(result: { openings: Opening[]; balance: number }): OpeningAnswer {
  return { data: { openings: result.openings, balance: centsToCoins(result.balance) } };
}

/**
 * A free-loot opening (a level tier's daily box or a bonus box): the player must be eligible for
 * free loot, nothing is charged, and `claim` uses up the right to it inside the opening's
 * transaction (throwing when it is already used), so two requests cannot both open it.
 */
export async function openFreeLoot(deps: OpenBoxDeps & { db: Db }, userId: number, box: BoxWithItems, claim: (trx: Trx) => Promise<void>) {
  await requireEligible(deps.db, userId, 'freeLoot');
  return openingAnswer(await openBox(deps, { userId, box, kind: 'free', quantity: 1, pricePerOpening: 0, before: claim }));
}
