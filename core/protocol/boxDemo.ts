import { z } from 'zod';
import { ItemSummarySchema } from './boxes.ts';

// The demo spin of a box page (docs/boxes.md "Demo spins"): the server draws from the box's published
// ticket ranges with a one-off seed pair it reveals at once, and keeps nothing. No money, no item.

export const DemoOpeningSchema = z.object({
  item: ItemSummarySchema,
  /** The one-off pair is revealed: anyone can recompute the ticket (docs/fairness.md). */
  roll: z.object({ ticket: z.number(), nonce: z.number(), server_seed: z.string(), server_seed_hash: z.string(), client_seed: z.string() }),
});
export type DemoOpening = z.infer<typeof DemoOpeningSchema>;

/** POST /api/boxes/{slug}/demo and /api/user-boxes/{slug}/demo: `demo` is always true, so no client can take it for an opening. */
export const DemoSpinAnswerSchema = z.object({ data: z.object({ demo: z.literal(true), openings: z.array(DemoOpeningSchema) }) });
export type DemoSpinAnswer = z.infer<typeof DemoSpinAnswerSchema>;

/** Demo spins one address may ask for per minute. */
export const DEMO_SPINS_PER_MINUTE = 30;
export const DEMO_SPINS_LIMITED = 'Too many demo spins. Please wait a minute, or sign up to open boxes for real.';
