import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { MINES_MAX, MINES_MAX_BET, MINES_MIN, MINES_MIN_BET, MINES_TILES } from '../games/mines.ts';

// The contract of Mines (docs/mines.md): the bodies the page sends and the one answer every call
// gives, the player's board as the server holds it. Amounts on the wire are coins with ≤ 2 decimals
// (coinAmount hands the server integer cents). The mines' tiles are in the answer only once the
// board has ended; while it is open nobody but the server knows them.

/** POST /api/mines/bet: start a board. */
export const MinesBetSchema = z.object({
  amount: coinAmount({ min: MINES_MIN_BET, max: MINES_MAX_BET }),
  mines: z
    .number({ error: 'The mines must be a number.' })
    .int({ message: `The mines must be a whole number from ${MINES_MIN} to ${MINES_MAX}.` })
    .min(MINES_MIN, { message: `The mines must be a whole number from ${MINES_MIN} to ${MINES_MAX}.` })
    .max(MINES_MAX, { message: `The mines must be a whole number from ${MINES_MIN} to ${MINES_MAX}.` }),
});
export type MinesBetRequest = z.input<typeof MinesBetSchema>;

const tile = z
  .number({ error: 'The tile must be a number.' })
  .int({ message: `The tile must be a whole number from 0 to ${MINES_TILES - 1}.` })
  .min(0, { message: `The tile must be a whole number from 0 to ${MINES_TILES - 1}.` })
  .max(MINES_TILES - 1, { message: `The tile must be a whole number from 0 to ${MINES_TILES - 1}.` });

/** POST /api/mines/reveal: turn one tile of the open board. */
export const MinesRevealSchema = z.object({ tile });
export type MinesRevealRequest = z.input<typeof MinesRevealSchema>;

/** What the Mines page sends, one action at a time (its form checks the body with this before sending). */
export const MinesActionSchema = z.discriminatedUnion('action', [
  MinesBetSchema.extend({ action: z.literal('bet') }),
  MinesRevealSchema.extend({ action: z.literal('reveal') }),
  z.object({ action: z.literal('cashout') }),
]);
export type MinesAction = z.input<typeof MinesActionSchema>;

export const MINES_STATUSES = ['open', 'cashed_out', 'lost'] as const;

export const MinesBoardSchema = z.object({
  id: z.number(),
  status: z.enum(MINES_STATUSES),
  /** Coins staked. */
  amount: z.number(),
  mines: z.number(),
  /** The tiles revealed, in the order they were turned (the last one is the mine of a lost board). */
  revealed: z.array(z.number()),
  /** The multiplier of the safe tiles revealed so far (0 before the first, and on a lost board). */
  multiplier: z.number(),
  /** The multiplier the next safe tile would bring, or null when the board is over or has no safe tile left. */
  next_multiplier: z.number().nullable(),
  /** Coins: what a cash-out pays now (open), what was paid (cashed out), 0 (lost). */
  payout: z.number(),
  /** The mines' tiles, once the board has ended; null while it is open. */
  mine_tiles: z.array(z.number()).nullable(),
  /** The board's seeds: its nonce, the pair's server seed hash and the client seed (docs/fairness.md). */
  nonce: z.number(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The player's balance after this answer's move (coins). */
  balance: z.number(),
  /** The bet's public page, /bets/{public_id}, once the board has ended; null while it is open. */
  public_id: z.string().nullable(),
});
export type MinesBoard = z.infer<typeof MinesBoardSchema>;

/** Every Mines call that acts answers the board as it stands after it. */
export const MinesBoardAnswerSchema = z.object({ data: MinesBoardSchema });
export type MinesBoardAnswer = z.infer<typeof MinesBoardAnswerSchema>;

/** GET /api/mines/current: the player's open board, or null (a reload or a restart keeps it). */
export const MinesCurrentAnswerSchema = z.object({ data: MinesBoardSchema.nullable() });
export type MinesCurrentAnswer = z.infer<typeof MinesCurrentAnswerSchema>;
