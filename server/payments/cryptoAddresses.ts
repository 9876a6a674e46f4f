import type { Db } from '../db/database.ts';
import type { CryptoGateway } from './gateway.ts';

/**
 * The player's deposit address for a currency: taken from the provider once, then reused. A
 * validated promo code is attached to it (or a previous one removed) for the next transfer.
 */
export async function depositAddress(db: Db, gateway: CryptoGateway, userId: number, currency: string, promoCodeId: number | null = null): Promise<string> {
  const existing = await db.selectFrom('crypto_addresses').select('address').where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirst();
  if (existing) {
    await db.updateTable('crypto_addresses').set({ promo_code_id: promoCodeId }).where('address', '=', existing.address).execute();
    return existing.address;
  }
  const address = await gateway.takeAddress(userId, currency);
  // Two simultaneous first requests: the UNIQUE (user_id, currency) keeps one, both answer it.
  await db
    .insertInto('crypto_addresses')
    .values({ user_id: userId, currency, address, provider: gateway.provider, promo_code_id: promoCodeId })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doNothing())
    .execute();
  const row = await db.selectFrom('crypto_addresses').select('address').where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.address;
}
