import { sql, type Kysely } from 'kysely';

// Two catalog items were seeded with their brand said twice ("Apple Apple Watch Ultra 2"): the
// seed now names an item by its model alone when the model already says the brand
// (server/boxes/catalog/items.ts itemName). Databases seeded before that are renamed here, items
// and the drops that copied the name; a name changed by an operator since is left alone.
const RENAMES: readonly (readonly [slug: string, from: string, to: string])[] = [
  ['apple-apple-watch-ultra-2', 'Apple Apple Watch Ultra 2', 'Apple Watch Ultra 2'],
  ['cartier-santos-de-cartier', 'Cartier Santos de Cartier', 'Santos de Cartier'],
];

async function rename(db: Kysely<unknown>, direction: 'up' | 'down'): Promise<void> {
  for (const [slug, old, fixed] of RENAMES) {
    const [before, after] = direction === 'up' ? [old, fixed] : [fixed, old];
    await sql`update items set name = ${after} where slug = ${slug} and name = ${before}`.execute(db);
    await sql`update drops set item_name = ${after} where item_name = ${before}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'up');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'down');
}
