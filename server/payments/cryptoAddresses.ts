import type { Db } from '../db/database.ts';
import type { CryptoGateway } from './gateway.ts';

/** The player's deposit address for a currency: taken from the provider once, then reused. */
export async function depositAddress(db: Db, gateway: CryptoGateway, userId: number, currency: string): Promise<string> {
  const existing = await db.selectFrom('crypto_addresses').select('address').where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirst();
  if (existing) return existing.address;
  const address = await gateway.takeAddress(userId, currency);
  // Two simultaneous first requests: the UNIQUE (user_id, currency) keeps one, both answer it.
  await db
    .insertInto('crypto_addresses')
    .values({ user_id: userId, currency, address, provider: gateway.provider })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doNothing())
    .execute();
  const row = await db.selectFrom('crypto_addresses').select('address').where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.address;
}
