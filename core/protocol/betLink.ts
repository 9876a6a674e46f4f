import { z } from 'zod';

// The link from a game's answer to its bet's public page, /bets/{public_id} (docs/transparency.md,
// "Share"): the bets journal row's unguessable id, added to every answer and event that settles a
// bet for its player, so the game page can share a big win. Its own small module, so that the
// games' answer schemas (limbo.ts keeps its form's schema light) add it without importing each other.

/** The field, for an answer schema's object: `{ ...betPageField, … }`. */
export const betPageField = { public_id: z.string() };
export type BetPageField = { public_id: string };
