import { SIZE_KINDS } from './shipping.ts';
import { z } from 'zod';

// The answers of the boxes area (shop boxes, free loot, player-made boxes, bonus boxes, the
// inventory): what the server serialises and the box pages read. Prices are coins (2 decimals).

/** Laravel-style paged answer: `{data, links, meta}` (the client reads links.next and meta.total). */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
    meta: z.object({
      current_page: z.number(),
      last_page: z.number(),
      per_page: z.number(),
      total: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
      path: z.string(),
    }),
  });
}

export const BoxCreatorSchema = z.object({ id: z.number(), name: z.string() });

export const BoxSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(['standard', 'unique', 'custom']),
  category: z.string(),
  price: z.number(),
  img_url: z.string(),
  featured: z.boolean(),
  opened_count: z.number(),
  /** Free loot: the level that opens it. */
  level: z.number().optional(),
  /** Free loot: when the signed-in player may open it again (ISO), null when now. */
  available_at: z.string().nullable().optional(),
  /** Player-made boxes: who made it. */
  creator: BoxCreatorSchema.nullable().optional(),
});
export type BoxSummary = z.infer<typeof BoxSummarySchema>;

/** A catalog item as every list shows it. */
export const ItemSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string().optional(),
  category: z.string().optional(),
  price: z.number(),
  sale_price: z.number(),
  rarity: z.string(),
  img_url: z.string(),
});

export const BoxItemSchema = ItemSummarySchema.extend({ odds: z.number(), ticket_from: z.number(), ticket_to: z.number() });
export type BoxItem = z.infer<typeof BoxItemSchema>;

export const BoxDetailSchema = BoxSummarySchema.extend({ items: z.array(BoxItemSchema) });
export type BoxDetail = z.infer<typeof BoxDetailSchema>;

export const OpeningSchema = z.object({
  inventory_id: z.number(),
  item: ItemSummarySchema,
  roll: z.object({ ticket: z.number(), nonce: z.number(), server_seed_hash: z.string(), client_seed: z.string() }),
});
export type Opening = z.infer<typeof OpeningSchema>;

/** POST …/open: the openings in order and the balance after (coins). */
export const OpeningAnswerSchema = z.object({ data: z.object({ openings: z.array(OpeningSchema), balance: z.number() }) });

export const BoxPageSchema = pagedSchema(BoxSummarySchema);
export const BoxDetailAnswerSchema = z.object({ data: BoxDetailSchema });

/** GET /api/free-boxes/bonus: the player's unopened bonus boxes. */
export const BonusBoxesAnswerSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), source: z.string(), created_at: z.string(), box: z.object({ slug: z.string(), name: z.string() }) })),
});

/** One owned item of GET /api/profile/inventory; `created_at` is when it was won. */
export const InventoryEntrySchema = z.object({
  id: z.number(),
  created_at: z.date(),
  item: z.object({ id: z.number(), name: z.string(), price: z.number(), sale_price: z.number(), rarity: z.string(), img_url: z.string() }),
  /** Whether the item ships as a parcel (gift cards do not), and which size list it needs (null: one size). */
  shippable: z.boolean(),
  size_kind: z.enum(SIZE_KINDS).nullable(),
});
export const InventoryPageSchema = pagedSchema(InventoryEntrySchema);

/** Selling one item or a cart: the toast's text and the balance after (coins). */
export const SellAnswerSchema = z.object({ msg: z.string(), balance: z.number() });

/** POST /api/profile/inventory/{id}/redeem: a digital item's code (the same one on every call) and the toast's text. */
export const RedeemAnswerSchema = z.object({ data: z.object({ code: z.string() }), msg: z.string() });

/** GET /api/profile/inventory/codes: the digital items delivered as codes, newest first. */
export const ItemCodeSchema = z.object({
  id: z.number(),
  item: z.object({ id: z.number(), name: z.string(), price: z.number(), rarity: z.string(), img_url: z.string() }),
  code: z.string(),
  delivered_at: z.date(),
});
export const ItemCodesSchema = z.object({ data: z.array(ItemCodeSchema) });

/** The shop list's page size as /boxes asks for it (and as the server fills the page, server/boxes/pageFills.ts). */
export const SHOP_BOXES_PER_PAGE = 24;
/** The query parameters of /boxes' filters: a URL with any of them is a filtered list, not the one the server fills. */
export const BOX_LIST_PARAMS = ['search', 'category', 'type', 'price_from', 'price_to', 'sort'] as const;

