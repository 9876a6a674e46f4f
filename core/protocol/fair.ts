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
export interface SeedState {
  server_seed_hash: string;
  client_seed: string;
  /** Bets made with this pair; the next bet uses nonce + 1. */
  nonce: number;
}

export interface RevealedSeedPair {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** The last nonce used (0 when the pair was never used). */
  nonce: number;
}

export interface RotateAnswer {
  previous: RevealedSeedPair;
  current: SeedState;
}

export interface SeedHistoryItem extends RevealedSeedPair {
  id: number;
  created_at: string;
  revealed_at: string;
}

export interface SeedHistoryPage {
  data: SeedHistoryItem[];
  links: { next: string | null };
  meta: { total: number; current_page: number; per_page: number };
}

export interface PublishedChain {
  game: 'crash' | 'wheel';
  terminating_hash: string;
  salt: string;
  length: number;
  played: number;
  active: boolean;
  created_at: string;
}
