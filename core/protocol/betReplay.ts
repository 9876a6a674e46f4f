import { z } from 'zod';
import { PLINKO_RISKS } from '../games/plinkoPayouts.ts';
import { WHEEL_COLORS } from '../games/wheel.ts';

/**
 * What a bet's replay needs besides its seeds (docs/transparency.md, "Replay"): the parameters the
 * player chose and the outcome the server stored. The page recomputes the outcome from the revealed
 * seeds and these parameters with core's own code, plays that, and shows it equals the stored one.
 */
export const BetReplaySchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('dice'), target: z.number(), direction: z.enum(['under', 'over']), roll: z.number(), win: z.boolean() }),
  z.object({ game: z.literal('limbo'), target: z.number(), result: z.number(), win: z.boolean() }),
  z.object({ game: z.literal('plinko'), rows: z.number(), risk: z.enum(PLINKO_RISKS), path: z.array(z.number()), slot: z.number() }),
  /** An upgrade: its chance in percent (from the values put in and aimed at, as the server priced them), its ticket and verdict. */
  z.object({ game: z.literal('upgrade'), chance: z.number(), ticket: z.number(), win: z.boolean() }),
  /** A Mines board: its mine count, the tiles the player revealed in order, and how it ended (its mines are the seeds': recomputed, never stored). */
  z.object({ game: z.literal('mines'), mines: z.number(), revealed: z.array(z.number()), status: z.enum(['cashed_out', 'lost']) }),
  /** A wheel bet: its colour, its round's segment, and the round's revealed chain hash with its chain's salt (the outcome's seeds, public once the round has ended). */
  z.object({ game: z.literal('wheel'), color: z.enum(WHEEL_COLORS), segment: z.number(), hash: z.string(), salt: z.string() }),
  /** A box opening: the box version it was played with (its odds: GET /api/box-versions/:id) and the item it gave. */
  z.object({ game: z.literal('box'), box_version: z.number(), item_id: z.number() }),
]);
export type BetReplay = z.infer<typeof BetReplaySchema>;
