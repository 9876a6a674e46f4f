import { z } from 'zod';

// Calls of the provably fair area (docs/fairness.md): shared by the server routes and the
// fairness pages' forms.

/** Printable ASCII (space … ~), 1–64 characters: what every verifier can type and paste. */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]+$/;

export const ClientSeedSchema = z.object({
  client_seed: z
    .string({ error: 'The client seed field is required.' })
    .min(1, { error: 'The client seed field is required.', abort: true })
    .max(64, { error: 'The client seed may not be greater than 64 characters.', abort: true })
    .regex(CLIENT_SEED_PATTERN, 'The client seed may only contain printable characters.'),
});
export type ClientSeedBody = z.infer<typeof ClientSeedSchema>;

/** The active pair as the player sees it: the server seed only as its SHA-256. */
export const SeedStateSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** Bets made with this pair; the next bet uses nonce + 1. */
  nonce: z.number(),
});
export type SeedState = z.infer<typeof SeedStateSchema>;

export const RevealedSeedPairSchema = z.object({
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The last nonce used (0 when the pair was never used). */
  nonce: z.number(),
});
export type RevealedSeedPair = z.infer<typeof RevealedSeedPairSchema>;

export const RotateAnswerSchema = z.object({ previous: RevealedSeedPairSchema, current: SeedStateSchema });
export type RotateAnswer = z.infer<typeof RotateAnswerSchema>;

export const SeedHistoryItemSchema = RevealedSeedPairSchema.extend({ id: z.number(), created_at: z.string(), revealed_at: z.string() });
export type SeedHistoryItem = z.infer<typeof SeedHistoryItemSchema>;

export const SeedHistoryPageSchema = z.object({
  data: z.array(SeedHistoryItemSchema),
  links: z.object({ next: z.string().nullable() }),
  meta: z.object({ total: z.number(), current_page: z.number(), per_page: z.number() }),
});
export type SeedHistoryPage = z.infer<typeof SeedHistoryPageSchema>;

export const PublishedChainSchema = z.object({
  game: z.enum(['crash', 'wheel']),
  terminating_hash: z.string(),
  salt: z.string(),
  length: z.number(),
  played: z.number(),
  active: z.boolean(),
  created_at: z.string(),
});
export type PublishedChain = z.infer<typeof PublishedChainSchema>;
