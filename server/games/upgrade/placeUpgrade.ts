import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';
import { ticket } from '../../../core/fair/index.ts';
import { upgradeChance, upgradeChanceProblem, upgradeWinningTickets } from '../../../core/games/upgrade.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import type { UpgradeResult } from '../../../core/protocol/games.ts';
import { itemImgUrl } from '../../boxes/catalog.ts';
import { nextRoll } from '../../fair/seedPairs.ts';
import { fieldError, HttpError } from '../../http/errors.ts';
import { consumeItems } from '../../inventory/inventory.ts';
import { asAmountError } from '../playInstantBet.ts';
import { recordBet } from '../bets.ts';
import type { Db } from '../../db/database.ts';
import type { Wallet } from '../../wallet/wallet.ts';
import type { Bus } from '../../realtime/bus.ts';
import { announceDrop, recordDrop, type RecordedDrop } from '../../realtime/drops.ts';

// One upgrade = ONE wallet transaction: the input items go owned → consumed by one conditional
// update (inventory.ts; all or none, only the player's own), the balance part is debited, the
// chance comes from the input value (item prices + amount) against the target's price, the next
// seed-pair ticket decides, and a win puts the target item in the inventory. Any failure rolls
// everything back, so a refused upgrade changes nothing. A win is a drop of the live feed (game
// `upgrade`), recorded in that transaction and announced after it commits.

/** What a won upgrade's drop shows where a box's would name its box: the game (docs/realtime.md, "Drops"). */
const UPGRADE_DROP_SOURCE = { slug: 'upgrade', kind: SHOP_BOX_KIND, name: 'Upgrade' } as const;

export interface Upgrade {
  userId: number;
  inventoryIds: number[];
  /** Cents taken from the balance (may be 0 when items are given). */
  amount: number;
  targetItemId: number;
}

export async function placeUpgrade(deps: { db: Db; wallet: Wallet; bus: Bus }, upgrade: Upgrade): Promise<UpgradeResult> {
  const { userId, inventoryIds, amount, targetItemId } = upgrade;
  const { db, wallet } = deps;
  const target = await db.selectFrom('items').select(['id', 'name', 'price', 'sale_price', 'rarity', 'photo']).where('id', '=', targetItemId).executeTakeFirst();
  if (!target) throw fieldError('target_item_id', 'The selected target item is invalid.');
  let drop: RecordedDrop | null = null;
  try {
    const result = await wallet.transaction(async (tx) => {
      drop = null; // a retried transaction records it again
      let taken: Awaited<ReturnType<typeof consumeItems>> = [];
      if (inventoryIds.length > 0) {
        try {
          taken = await consumeItems(tx.trx, userId, inventoryIds);
        } catch (error) {
          // Someone else's, sold or unknown items: bad input on inventory_ids.
          if (error instanceof HttpError && error.statusCode === 422) throw fieldError('inventory_ids', String(error.body.msg ?? error.message));
          throw error;
        }
      }
      // Items alone are a stake too: a break refuses them as it refuses coins (the wallet's stake gate).
      if (amount > 0) await tx.debit({ userId, amount, reason: 'upgrade_bet', reference: `item:${target.id}` });
      else await tx.checkPlay(userId);
      const input = taken.reduce((sum, t) => sum + t.price, 0) + amount;
      const problem = upgradeChanceProblem(input, target.price);
      if (problem) throw fieldError('target_item_id', problem);
      const seed = await nextRoll(tx.trx, userId);
      const roll = ticket(seed.serverSeed, seed.clientSeed, seed.nonce);
      const win = roll <= upgradeWinningTickets(input, target.price);
      let won: UpgradeResult['item'];
      if (win) {
        const row = await tx.trx
          .insertInto('inventory_items')
          .values({ user_id: userId, item_id: target.id, box_id: null, seed_pair_id: seed.seedPairId, nonce: seed.nonce, ticket: roll })
          .returning('id')
          .executeTakeFirstOrThrow();
        won = { id: row.id, item: { id: target.id, name: target.name, price: centsToCoins(target.price), rarity: target.rarity, img_url: itemImgUrl(target) } };
        drop = await recordDrop(tx.trx, {
          game: 'upgrade',
          userId,
          box: { ...UPGRADE_DROP_SOURCE, imgUrl: itemImgUrl(target) },
          item: { name: target.name, rarity: target.rarity, imgUrl: itemImgUrl(target), price: target.price, salePrice: target.sale_price },
        });
      }
      const chance = upgradeChance(input, target.price);
      const publicId = await recordBet(tx, {
        userId,
        game: 'upgrade',
        amount: input,
        payout: win ? target.price : 0,
        multiplier: win ? Math.floor((target.price / input) * 10_000) / 10_000 : 0,
        seedPairId: seed.seedPairId,
        nonce: seed.nonce,
        params: { inventory_ids: taken.map((t) => t.id), amount, target_item_id: target.id },
        outcome: { ticket: roll, win, chance, inventory_id: won?.id ?? null },
      });
      return {
        win,
        chance,
        roll,
        ...(won ? { item: won } : {}),
        balance: centsToCoins(await tx.balance(userId)),
        nonce: seed.nonce,
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
        public_id: publicId,
      };
    });
    if (drop) announceDrop(deps.bus, drop);
    return result;
  } catch (error) {
    throw asAmountError(error);
  }
}
