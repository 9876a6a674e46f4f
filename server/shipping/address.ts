import { sql } from 'kysely';
import type { ShippingAddress } from '../../core/protocol/shipping.ts';
import type { Db } from '../db/database.ts';
import type { ShippingAddressFields } from '../boxes/schema.ts';
import { markAccount } from '../risk/marks.ts';

// One saved delivery address per player; saving again replaces it. Deliveries copy it into the
// withdrawal, so a later change never rewrites where an earlier parcel went. Each address saved is
// also a mark of linked accounts (docs/risk.md): the place, without the names on the parcel.

export async function saveShippingAddress(db: Db, markSecret: string, userId: number, address: ShippingAddress): Promise<void> {
  await db
    .insertInto('shipping_addresses')
    .values({ user_id: userId, ...address })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...address, updated_at: sql`now()` }))
    .execute();
  const place = [address.street_address, address.street_address_2 ?? '', address.postal_code, address.city, address.country].join(' ');
  await markAccount(db, markSecret, userId, [{ kind: 'shipping', raw: place }]);
}

export async function findShippingAddress(db: Db, userId: number): Promise<ShippingAddressFields | null> {
  const row = await db
    .selectFrom('shipping_addresses')
    .select(['first_name', 'last_name', 'email', 'phone', 'country', 'country_state', 'city', 'postal_code', 'street_address', 'street_address_2'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}
