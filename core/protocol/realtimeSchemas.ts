import { z } from 'zod';

// The schemas of the main socket's payloads (core/protocol/realtime.ts names them; the server's
// response schemas and tests parse with these).

/** A drop of the live feed, docs/product.md §3. Prices are coins (2 decimals). */
export const DropSchema = z.object({
  user_id: z.number(),
  box: z.object({ slug: z.string(), img_url: z.string() }),
  item: z.object({ rarity: z.string(), img_url: z.string(), price: z.number(), sale_price: z.number() }),
});
export type Drop = z.infer<typeof DropSchema>;

/** Answer of POST /broadcasting/auth. */
export const ChannelAuthResponseSchema = z.object({ auth: z.string() });
export type ChannelAuthResponse = z.infer<typeof ChannelAuthResponseSchema>;
