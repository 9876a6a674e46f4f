import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { pagedSchema } from './paged.ts';
import { SIZE_KINDS } from './shipping.ts';
import { RARITIES } from '../games/rarity.ts';
import { ItemSummarySchema } from './boxes.ts';

// The console's catalog and boxes (docs/operator-console.md, "Catalog and boxes"): items, boxes and
// their published versions. Prices are coins (2 decimals) on the wire; odds are integer units out of
// ODDS_TOTAL (100 000 = 100 %, core/games/boxes.ts), so "the odds sum exactly" is an integer check
// on both sides. The RTP is core/games/boxes.ts boxRtp, shared by the editor and the server.

const text = (max: number, label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} may be at most ${max} characters.`);
const blankToUndefined = z.literal('').transform(() => undefined);

export const ADMIN_CATALOG_PER_PAGE = 25;

/** An item's product photo (docs/operator-console.md, "Item photos"): the largest upload, and the side of the square it is fitted into. */
export const ITEM_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const ITEM_PHOTO_SIZE = 512;

/** GET /api/admin/items and /api/admin/boxes: a page, optionally searched by name (or brand). */
export const AdminCatalogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional().or(blankToUndefined),
});
export type AdminCatalogQuery = z.infer<typeof AdminCatalogQuerySchema>;


/** POST /api/admin/items and PUT /api/admin/items/{id}. */
export const ItemInputSchema = z.object({
  name: text(120, 'The name'),
  brand: text(60, 'The brand'),
  /** One of the options' categories; a digital category makes the item a code, not a parcel. */
  category: text(40, 'The category'),
  price: coinAmount({ min: 1, max: 100_000_000 }),
  rarity: z.enum(RARITIES, { error: `The rarity is one of ${RARITIES.join(', ')}.` }),
  /** The size list a delivery chooses from; null: one size (and always for a digital item). */
  size_kind: z.enum(SIZE_KINDS).nullable(),
  /** The picture: one of our product drawings (the options' art_kinds); null lets its category and name choose. */
  art_kind: z.string().trim().max(40).nullable(),
});
export type ItemInput = z.input<typeof ItemInputSchema>;

export const AdminItemSchema = ItemSummarySchema.extend({
  slug: z.string(),
  brand: z.string(),
  category: z.string(),
  size_kind: z.enum(SIZE_KINDS).nullable(),
  art_kind: z.string().nullable(),
  /** An operator's photo shows in place of the drawing (img_url is the photo's). */
  photo: z.boolean(),
  digital: z.boolean(),
  /** Rows players hold (owned, or in a delivery on its way): while any, price and delivery kind stay. */
  held: z.number(),
  /** Boxes whose current version holds it. */
  boxes: z.number(),
});
export type AdminItem = z.infer<typeof AdminItemSchema>;
export const AdminItemPageSchema = pagedSchema(AdminItemSchema);
export const AdminItemAnswerSchema = z.object({ data: AdminItemSchema, message: z.string() });

/** GET /api/admin/catalog/options: what the forms choose from. */
export const CatalogOptionsSchema = z.object({
  categories: z.array(z.string()),
  digital_categories: z.array(z.string()),
  art_kinds: z.array(z.string()),
  box_categories: z.array(z.string()),
});
export type CatalogOptions = z.infer<typeof CatalogOptionsSchema>;

const oddsUnits = z.number({ error: 'The odds are a number.' }).int('The odds have at most 3 decimals.').min(1, 'Each item needs odds above 0%.').max(100_000, 'An item’s odds are at most 100%.');
export const BoxVersionItemInputSchema = z.object({ item_id: z.number().int().min(1), odds_units: oddsUnits });

/** POST /api/admin/boxes/{id}/versions: publish a new version (price, items and odds). */
export const BoxVersionInputSchema = z.object({
  price: coinAmount({ min: 1, max: 100_000_000 }),
  items: z.array(BoxVersionItemInputSchema).max(200),
});
export type BoxVersionInput = z.input<typeof BoxVersionInputSchema>;

/** PUT /api/admin/boxes/{id}: what is not played with (never versioned). */
export const BoxDetailsInputSchema = z.object({
  name: text(60, 'The name'),
  category: text(40, 'The category'),
  featured: z.boolean(),
});

/** POST /api/admin/boxes: a new shop box and its first version, published at once. */
export const BoxCreateInputSchema = BoxDetailsInputSchema.extend(BoxVersionInputSchema.shape).extend({
  type: z.enum(['standard', 'unique'], { error: 'The type is standard or unique.' }),
});
export type BoxCreateInput = z.input<typeof BoxCreateInputSchema>;

export const AdminBoxSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(['standard', 'unique', 'custom']),
  category: z.string(),
  featured: z.boolean(),
  /** Free loot: the level that opens it. */
  free_level: z.number().nullable(),
  price: z.number(),
  img_url: z.string(),
  opened_count: z.number(),
  version: z.object({ id: z.number(), number: z.number() }).nullable(),
  items_count: z.number(),
  /** Of the current version at today's item prices. */
  rtp: z.number(),
});
export type AdminBox = z.infer<typeof AdminBoxSchema>;
export const AdminBoxPageSchema = pagedSchema(AdminBoxSchema);

export const BoxVersionSchema = z.object({
  id: z.number(),
  number: z.number(),
  price: z.number(),
  rtp: z.number(),
  current: z.boolean(),
  openings: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  items: z.array(z.object({ item_id: z.number(), name: z.string(), odds_units: z.number(), item_price: z.number() })),
});
export type BoxVersion = z.infer<typeof BoxVersionSchema>;

export const AdminBoxDetailSchema = AdminBoxSchema.extend({
  /** The current version's items with today's catalog rows. */
  items: z.array(AdminItemSchema.extend({ odds_units: z.number() })),
  versions: z.array(BoxVersionSchema),
});
export type AdminBoxDetail = z.infer<typeof AdminBoxDetailSchema>;
export const AdminBoxAnswerSchema = z.object({ data: AdminBoxDetailSchema, message: z.string() });
