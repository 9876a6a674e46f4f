import { z } from 'zod';
import { PLINKO_RISKS } from '../games/plinkoPayouts.ts';
import { WHEEL_COLORS } from '../games/wheel.ts';
import { BATTLE_MODES } from '../games/battle.ts';

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
  /**
   * A crash bet: its round's crash point, the multiplier it cashed out at (null: it rode to the crash),
   * whether it won, and the round's revealed chain hash with its chain's salt (the outcome's seeds).
   */
  z.object({ game: z.literal('crash'), crash_point: z.number(), cashed_out_at: z.number().nullable(), win: z.boolean(), hash: z.string(), salt: z.string() }),
  /**
   * A battle seat: the battle (its id), its mode and switch, the bet's seat, its pacing (ms), its revealed server
   * seed and the seats' client seeds in seat order (the rolls' seeds); each round's box version (its
   * odds) and the item each seat drew; the price the battle gave each item it rolled (coins, fixed
   * when it started), and the winning team.
   */
  z.object({
    game: z.literal('battle'),
    id: z.number(),
    mode: z.enum(BATTLE_MODES),
    crazy: z.boolean(),
    seat: z.number(),
    round_ms: z.number(),
    spin_ms: z.number(),
    server_seed: z.string(),
    client_seeds: z.array(z.string()),
    rounds: z.array(z.object({ box_version: z.number(), items: z.array(z.number()) })),
    prices: z.array(z.object({ item_id: z.number(), price: z.number() })),
    winner_team: z.number(),
  }),
  /** A box opening: the box version it was played with (its odds: GET /api/box-versions/:id) and the item it gave. */
  z.object({ game: z.literal('box'), box_version: z.number(), item_id: z.number() }),
]);
export type BetReplay = z.infer<typeof BetReplaySchema>;
