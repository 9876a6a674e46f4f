import { randomBytes } from 'node:crypto';
import { boxPriceCents, CUSTOM_BOX_EDGE, percentToUnits, USER_BOX_LIMITS, userBoxProblem } from '../../core/games/boxes.ts';
import { fieldError } from '../http/errors.ts';
import { slugify } from './catalog/items.ts';
import type { Db } from '../db/database.ts';
import { publishVersion } from './boxVersions.ts';
import type { UserBoxCreateRequest } from '../../core/protocol/boxes.ts';

// Player-made (custom) boxes: composed from catalog items within the limits of
// core/games/boxes.ts; the price is the expected value plus the house edge plus the creator's
// commission (CUSTOM_BOX_EDGE). The first problem found is the one reported.

export async function createUserBox(db: Db, creatorId: number, input: UserBoxCreateRequest): Promise<string> {
  const name = input.name.trim();
  if (name.length < USER_BOX_LIMITS.nameMin || name.length > USER_BOX_LIMITS.nameMax) {
    throw fieldError('name', `The name must be ${USER_BOX_LIMITS.nameMin} to ${USER_BOX_LIMITS.nameMax} characters.`);
  }
  const ids = input.items.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw fieldError('items', 'Each item may appear only once.');
  const units = input.items.map((i) => percentToUnits(i.odds) ?? 0);
  const problem = userBoxProblem(units.map((oddsUnits) => ({ oddsUnits })));
  if (problem) throw fieldError('items', problem);
  const found = ids.length ? await db.selectFrom('items').select(['id', 'price', 'category']).where('id', 'in', ids).execute() : [];
  if (found.length !== ids.length) throw fieldError('items', 'Some of the chosen items do not exist.');
  const byId = new Map(found.map((f) => [f.id, f]));
  const price = boxPriceCents(
    input.items.map((i, k) => ({ price: byId.get(i.id)!.price, oddsUnits: units[k]! })),
    CUSTOM_BOX_EDGE,
  );
  if (price < USER_BOX_LIMITS.minPriceCents) throw fieldError('items', 'The box would be too cheap: add more valuable items.');
  const categories = new Set(found.map((f) => f.category));
  const category = categories.size === 1 ? [...categories][0]! : 'mixed';
  const slug = `${slugify(name).slice(0, 40) || 'box'}-${randomBytes(3).toString('hex')}`;
  await db.transaction().execute(async (trx) => {
    const box = await trx.insertInto('boxes').values({ slug, name, type: 'custom', category, price, free_level: null, creator_id: creatorId }).returning('id').executeTakeFirstOrThrow();
    await publishVersion(trx, box.id, { price, items: input.items.map((i, k) => ({ itemId: i.id, oddsUnits: units[k]! })) }, creatorId);
  });
  return slug;
}
