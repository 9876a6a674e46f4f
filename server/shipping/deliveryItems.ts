import { sql } from 'kysely';
import { isShippable, sizeProblem } from '../../core/protocol/shipping.ts';
import type { TakenItem } from '../inventory/inventory.ts';
import { validationError } from '../http/errors.ts';
import type { Trx } from '../wallet/wallet.ts';

// What a delivery checks about its items once they are taken for it (in the delivery's
// transaction, so a refusal leaves every item owned): a digital item is never a parcel, and an
// item made in sizes ships only with a size from its list, which is stored with the item.

/** Refuses (422 `{message, errors}`) or stores each item's size; `sizes` is keyed by inventory item id. */
export async function checkDeliveryItems(trx: Trx, taken: readonly TakenItem[], sizes: Readonly<Record<string, string>>): Promise<void> {
  const rows = await trx.selectFrom('items').select(['id', 'category', 'size_kind']).where('id', 'in', [...new Set(taken.map((t) => t.item_id))]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
  const chosen: { id: number; size: string }[] = [];
  for (const t of taken) {
    const item = byId.get(t.item_id)!;
    if (!isShippable(item.category)) {
      (errors.items ??= []).push(`${t.name} is a digital item: it is not shipped. Sell it or ask support for its code.`);
      continue;
    }
    if (!item.size_kind) continue;
    const size = sizes[String(t.id)];
    const problem = sizeProblem(item.size_kind, size, t.name);
    if (problem) errors[`sizes.${t.id}`] = [problem];
    else chosen.push({ id: t.id, size: size! });
  }
  if (Object.keys(errors).length) throw validationError(errors);
  for (const { id, size } of chosen) {
    await trx.updateTable('inventory_items').set({ delivery_size: size, changed_at: sql`now()` }).where('id', '=', id).execute();
  }
}
