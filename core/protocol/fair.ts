import { z } from 'zod';
import { HASH_CHAIN_GAMES, enumValues } from '../games/catalog.ts';

// Calls of the provably fair area (docs/fairness.md): shared by the server routes and the
// fairness pages' forms; each answer one zod schema, the pages' types by z.infer.

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
/** GET /api/fair/seeds and POST /api/fair/seeds/client. */
export const SeedStateAnswerSchema = z.object({ data: SeedStateSchema });
export type SeedStateAnswer = z.infer<typeof SeedStateAnswerSchema>;

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
/** POST /api/fair/seeds/rotate: the revealed pair and the new one. */
export const SeedRotationAnswerSchema = z.object({ data: RotateAnswerSchema });
export type SeedRotationAnswer = z.infer<typeof SeedRotationAnswerSchema>;

export const SeedHistoryItemSchema = RevealedSeedPairSchema.extend({ id: z.number(), created_at: z.string(), revealed_at: z.string() });
export type SeedHistoryItem = z.infer<typeof SeedHistoryItemSchema>;

/** GET /api/fair/seeds/history?page=n. */
export const SeedHistoryQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const SeedHistoryPageSchema = z.object({
  data: z.array(SeedHistoryItemSchema),
  links: z.object({ next: z.string().nullable() }),
  meta: z.object({ total: z.number(), current_page: z.number(), per_page: z.number() }),
});
export type SeedHistoryPage = z.infer<typeof SeedHistoryPageSchema>;

export const PublishedChainSchema = z.object({
  game: z.enum(enumValues(HASH_CHAIN_GAMES)),
  terminating_hash: z.string(),
  salt: z.string(),
  length: z.number(),
  played: z.number(),
  active: z.boolean(),
  created_at: z.string(),
});
export type PublishedChain = z.infer<typeof PublishedChainSchema>;
/** GET /api/fair/chains: the published hash chains of the round games. */
export const PublishedChainsAnswerSchema = z.object({ data: z.array(PublishedChainSchema) });
export type PublishedChainsAnswer = z.infer<typeof PublishedChainsAnswerSchema>;
