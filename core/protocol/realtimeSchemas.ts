import { DROP_GAMES } from '../games/catalog.ts';
import { z } from 'zod';
import { BOX_KINDS } from './boxKinds.ts';

// The schemas of the main socket's payloads (core/protocol/realtime.ts names them; the server's
// response schemas and tests parse with these) and of the drops' history, GET …/last-drops.

/**
 * A drop of the live feed, docs/product.md §3 (user_id, box slug and img_url, item rarity, img_url,
 * price, sale_price), with what a player reads in the feed (docs/realtime.md "Live drops"): the
 * drop's id, the player's name, the box's name and kind (its page: /boxes, /standard or /custom)
 * and the item's name. Prices are coins (2 decimals).
 */
export type { DropGame } from '../games/catalog.ts';

export const DropSchema = z.object({
  id: z.number(),
  /** Which game won it (the catalog's games with a `liveDrop`): a box opening, a battle's round of a box, an upgrade. */
  game: z.enum(DROP_GAMES),
  user_id: z.number(),
  user_name: z.string(),
  box: z.object({ slug: z.string(), img_url: z.string(), kind: z.enum(BOX_KINDS), name: z.string() }),
  item: z.object({ name: z.string(), rarity: z.string(), img_url: z.string(), price: z.number(), sale_price: z.number() }),
});
export type Drop = z.infer<typeof DropSchema>;

/** At most this many drops per GET …/last-drops. */
export const DROPS_LIMIT_MAX = 50;
const truthy = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');
/** GET /api/last-drops and /api/{boxes,free-boxes,user-boxes}/{slug}/last-drops: `best` (1 or true) lists the most valuable instead of the latest. */
export const DropsQuerySchema = z.object({
  best: truthy,
  limit: z.coerce.number().int().min(1).max(DROPS_LIMIT_MAX).default(10),
});
export type DropsQuery = z.input<typeof DropsQuerySchema>;
export const DropsAnswerSchema = z.object({ data: z.array(DropSchema) });
export type DropsAnswer = z.infer<typeof DropsAnswerSchema>;

/** Answer of POST /broadcasting/auth. */
/** Socket ids look like `123.456` (pusher-js and Laravel validate that shape). */
export const SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;
/** Channel names allowed by the protocol. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
/** POST /broadcasting/auth as pusher-js sends it. */
export const ChannelAuthRequestSchema = z.object({
  socket_id: z.string().regex(SOCKET_ID_PATTERN, 'The socket id is invalid.'),
  channel_name: z.string().regex(CHANNEL_NAME_PATTERN, 'The channel name is invalid.'),
});
export const ChannelAuthResponseSchema = z.object({ auth: z.string() });
export type ChannelAuthResponse = z.infer<typeof ChannelAuthResponseSchema>;
