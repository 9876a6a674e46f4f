import { z } from 'zod';
import { DICE_MAX_BET, DICE_MIN_BET, diceTargetProblem } from '../games/dice.ts';
import { PLINKO_MAX_BET, PLINKO_MIN_BET, PLINKO_RISKS, PLINKO_ROWS } from '../games/plinko.ts';
import { UPGRADE_MAX_ITEMS } from '../games/upgrade.ts';

// The contract of the instant games (dice, plinko, upgrade): bet bodies shared by the forms and
// the server's route schemas, and the answers. Amounts on the wire are coins with ≤ 2 decimals.

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

function betAmount(minCents: number, maxCents: number) {
  return z
    .number({ error: 'The amount must be a number.' })
    .finite({ message: 'The amount must be a number.' })
    .refine(twoDecimals, { message: 'The amount may have at most 2 decimals.' })
    .refine((v) => v >= minCents / 100, { message: `The amount must be at least ${minCents / 100}.` })
    .refine((v) => v <= maxCents / 100, { message: `The amount may not be greater than ${maxCents / 100}.` });
}

export const DiceDirectionSchema = z.enum(['under', 'over'], { error: 'The direction must be under or over.' });

export const DiceBetSchema = z
  .object({
    amount: betAmount(DICE_MIN_BET, DICE_MAX_BET),
    target: z.number({ error: 'The target must be a number.' }).finite({ message: 'The target must be a number.' }),
    direction: DiceDirectionSchema,
  })
  .superRefine((body, ctx) => {
    const problem = diceTargetProblem(body.target, body.direction);
    if (problem) ctx.addIssue({ code: 'custom', path: ['target'], message: problem });
  });
export type DiceBetRequest = z.infer<typeof DiceBetSchema>;

/** Seed state answered with every instant-game bet, so the player can verify it. */
export interface FairFields {
  nonce: number;
  server_seed_hash: string;
  client_seed: string;
}

export interface DiceBetResult extends FairFields {
  roll: number;
  win: boolean;
  multiplier: number;
  payout: number;
  balance: number;
}

export const PlinkoBetSchema = z.object({
  amount: betAmount(PLINKO_MIN_BET, PLINKO_MAX_BET),
  rows: z
    .number({ error: 'The rows must be a number.' })
    .refine((v) => (PLINKO_ROWS as readonly number[]).includes(v), { message: `The rows must be one of ${PLINKO_ROWS.join(', ')}.` }),
  risk: z.enum(PLINKO_RISKS, { error: `The risk must be one of ${PLINKO_RISKS.join(', ')}.` }),
});
export type PlinkoBetRequest = z.infer<typeof PlinkoBetSchema>;

export interface PlinkoBetResult extends FairFields {
  path: number[];
  slot: number;
  multiplier: number;
  payout: number;
  balance: number;
}

export const UpgradeSchema = z
  .object({
    inventory_ids: z.array(z.number().int().positive(), { error: 'The inventory ids must be a list of ids.' }).max(UPGRADE_MAX_ITEMS, { message: `At most ${UPGRADE_MAX_ITEMS} items.` }).default([]),
    amount: z
      .number({ error: 'The amount must be a number.' })
      .finite({ message: 'The amount must be a number.' })
      .min(0, { message: 'The amount must be at least 0.' })
      .refine(twoDecimals, { message: 'The amount may have at most 2 decimals.' })
      .default(0),
    target_item_id: z.number({ error: 'The target item is required.' }).int().positive(),
  })
  .superRefine((body, ctx) => {
    if (new Set(body.inventory_ids).size !== body.inventory_ids.length) ctx.addIssue({ code: 'custom', path: ['inventory_ids'], message: 'An item may be used once.' });
    if (body.inventory_ids.length === 0 && !(body.amount > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Choose items or an amount to upgrade.' });
  });
export type UpgradeRequest = z.input<typeof UpgradeSchema>;

export interface UpgradeItem {
  id: number;
  item: { id: number; name: string; price: number; rarity: string; img_url: string };
}

export interface UpgradeResult extends FairFields {
  win: boolean;
  /** Percent, 3 decimals. */
  chance: number;
  /** The ticket 1 … 100 000. */
  roll: number;
  item?: UpgradeItem;
  balance: number;
}

/**
 * What a fairness calculator needs to recompute one settled bet. The server seed is there only
 * once its pair has been revealed by a rotation; while the pair is active it is null and only
 * its SHA-256 is known.
 */
export interface BetVerification extends FairFields {
  server_seed: string | null;
  /** Plinko: the board the ball fell on. */
  rows?: number;
  risk?: string;
  /** Upgrade: the chance in percent (3 decimals) the ticket was drawn against. */
  chance?: number;
}

/** One row of a game history (mine, recent, high wins). */
export interface GameBetRow {
  id: number;
  game: 'dice' | 'plinko' | 'upgrade';
  user: { id: number; name: string; avatar_url: string | null };
  amount: number;
  multiplier: number;
  payout: number;
  nonce: number;
  created_at: string;
  fair: BetVerification;
}
