import { SIZE_KINDS } from './shipping.ts';
import { twoFactorCodeField } from './accountSecurity.ts';
import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { pagedSchema } from './paged.ts';
import type { Wire } from './wire.ts';
import { MAX_OPEN_QUANTITY } from '../games/boxes.ts';
import { betPageField } from './betLink.ts';

// The boxes area (shop boxes, free loot, player-made boxes, bonus boxes, the inventory): the queries
// and bodies the box pages send, and the answers the server serialises and they read, one zod schema
// each with its type by z.infer (Wire<…> where the handler hands the serializer Dates). Prices are
// coins (2 decimals).

export const BOX_SORTS = ['popular', 'new', 'price_asc', 'price_desc', 'name'] as const;

// Price filters arrive as coins in the query; the routes filter in cents.
const queryCoins = coinAmount({ coerce: true, max: 1_000_000_000 });

/** GET /api/boxes, /api/free-boxes, /api/user-boxes (and /mine): a page of boxes, filtered and sorted. */
export const BoxListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(40).optional(),
  type: z.enum(['standard', 'unique', 'custom']).optional(),
  price_from: queryCoins.optional(),
  price_to: queryCoins.optional(),
  featured: z.enum(['0', '1', 'true', 'false']).optional(),
  sort: z.enum(BOX_SORTS).default('popular'),
});
export type BoxListQuery = z.infer<typeof BoxListQuerySchema>;

const quantityMessage = `The quantity must be a whole number from 1 to ${MAX_OPEN_QUANTITY}.`;
/** POST …/open (and the demo spin): how many openings at once. */
export const BoxOpenSchema = z.object({
  quantity: z.number({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(MAX_OPEN_QUANTITY, quantityMessage).default(1),
});
export type BoxOpenRequest = z.input<typeof BoxOpenSchema>;

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
  ...betPageField,
});
export type Opening = z.infer<typeof OpeningSchema>;

/** POST …/open: the openings in order and the balance after (coins). */
export const OpeningAnswerSchema = z.object({ data: z.object({ openings: z.array(OpeningSchema), balance: z.number() }) });
export type OpeningAnswer = z.infer<typeof OpeningAnswerSchema>;

export const BoxPageSchema = pagedSchema(BoxSummarySchema);
export type BoxPage = z.infer<typeof BoxPageSchema>;
export const BoxDetailAnswerSchema = z.object({ data: BoxDetailSchema });
export type BoxDetailAnswer = z.infer<typeof BoxDetailAnswerSchema>;

/**
 * POST /api/user-boxes: a player-made box's name and items with their odds (percent); the rules
 * (core/games/boxes.ts USER_BOX_LIMITS, userBoxProblem) are checked by the server after the shape.
 */
export const UserBoxCreateSchema = z.object({
  name: z.string({ error: 'The name is required.' }).trim().min(1, 'The name is required.'),
  items: z
    .array(
      z.object({
        id: z.number({ error: 'Choose an item.' }).int().positive(),
        odds: z.number({ error: 'Each item needs its odds.' }),
      }),
      { error: 'Choose the items of the box.' },
    )
    .max(50, 'A box may hold at most 20 items.'),
});
export type UserBoxCreateRequest = z.input<typeof UserBoxCreateSchema>;
/** 201 of POST /api/user-boxes: the new box and the toast's text. */
export const UserBoxCreatedAnswerSchema = z.object({ data: BoxDetailSchema, msg: z.string() });
export type UserBoxCreatedAnswer = z.infer<typeof UserBoxCreatedAnswerSchema>;

/** One unopened bonus box of GET /api/free-boxes/bonus; `source` is the promotion that granted it. */
export const BonusBoxSchema = z.object({ id: z.number().int(), source: z.string(), created_at: z.string(), box: z.object({ slug: z.string(), name: z.string() }) });
export type BonusBox = z.infer<typeof BonusBoxSchema>;
/** GET /api/free-boxes/bonus: the player's unopened bonus boxes. */
export const BonusBoxesAnswerSchema = z.object({ data: z.array(BonusBoxSchema) });
export type BonusBoxesAnswer = z.infer<typeof BonusBoxesAnswerSchema>;

export const INVENTORY_SORTS = ['newest', 'oldest', 'price_desc', 'price_asc', 'name'] as const;

/** GET /api/profile/inventory: a page of the owned items, sorted, filtered by name (`filter[name]`, or `filter.name` as a nested query parses). */
export const InventoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
  sort: z.enum(INVENTORY_SORTS).default('newest'),
  'filter[name]': z.string().trim().max(100).optional(),
  filter: z.object({ name: z.string().trim().max(100).optional() }).optional(),
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
export type InventoryEntry = Wire<z.infer<typeof InventoryEntrySchema>>;
export const InventoryPageSchema = pagedSchema(InventoryEntrySchema);
export type InventoryPage = Wire<z.infer<typeof InventoryPageSchema>>;

/** POST /api/profile/inventory/sell: the cart's items (inventory ids). */
export const InventorySellSchema = z.object({ ids: z.array(z.number().int().positive(), { error: 'Choose at least one item.' }).min(1, 'Choose at least one item.').max(200) });
export type InventorySellRequest = z.input<typeof InventorySellSchema>;

/** Selling one item or a cart: the toast's text and the balance after (coins). */
export const SellAnswerSchema = z.object({ msg: z.string(), balance: z.number() });
export type SellAnswer = z.infer<typeof SellAnswerSchema>;

/**
 * POST /api/profile/inventory/{id}/redeem: a digital item's code (the same one on every call) and the toast's
 * text; 202 with code null while the reveal waits for the operator's review (docs/boxes.md).
 */
/** A digital item's code is its delivery: with two-factor sign-in on, it takes a code (docs/account-safety.md). */
export const RedeemItemSchema = z.object({ two_factor_code: twoFactorCodeField });
export type RedeemItemRequest = z.infer<typeof RedeemItemSchema>;
export const RedeemAnswerSchema = z.object({ data: z.object({ code: z.string().nullable() }), msg: z.string() });
export type RedeemAnswer = z.infer<typeof RedeemAnswerSchema>;

/** GET /api/profile/inventory/codes: the digital items delivered as codes and those waiting for review (code null), newest first. */
export const ItemCodeSchema = z.object({
  id: z.number(),
  item: z.object({ id: z.number(), name: z.string(), price: z.number(), rarity: z.string(), img_url: z.string() }),
  code: z.string().nullable(),
  status: z.enum(['delivered', 'review']),
  delivered_at: z.date(),
});
export type ItemCode = Wire<z.infer<typeof ItemCodeSchema>>;
export const ItemCodesSchema = z.object({ data: z.array(ItemCodeSchema) });
export type ItemCodesAnswer = Wire<z.infer<typeof ItemCodesSchema>>;

/** The shop list's page size as /boxes asks for it (and as the server fills the page, server/boxes/pageFills.ts). */
export const SHOP_BOXES_PER_PAGE = 24;
/** The query parameters of /boxes' filters: a URL with any of them is a filtered list, not the one the server fills. */
export const BOX_LIST_PARAMS = ['search', 'category', 'type', 'price_from', 'price_to', 'sort'] as const;

/** A record's numeric id in the path (`/api/box-versions/{id}`, the console's items and boxes). */
export const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** GET /api/box-versions/{id} (public): the odds an opening or a battle round was played with. */
export const PublicBoxVersionSchema = z.object({
  data: z.object({
    id: z.number(),
    number: z.number(),
    current: z.boolean(),
    box: z.object({ slug: z.string(), name: z.string() }),
    price: z.number(),
    items: z.array(BoxItemSchema.extend({ odds_units: z.number() })),
  }),
});
export type PublicBoxVersion = z.infer<typeof PublicBoxVersionSchema>['data'];
