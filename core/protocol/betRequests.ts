import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { DICE_MAX_BET, DICE_MIN_BET, diceTargetProblem } from '../games/dice.ts';
import { PLINKO_MAX_BET, PLINKO_MIN_BET, PLINKO_RISKS, PLINKO_ROWS } from '../games/plinko.ts';
import { UPGRADE_MAX_ITEMS } from '../games/upgrade.ts';

// The bodies of the instant games' bets (dice, plinko, upgrade), shared by the server's routes and
// the bet forms, apart from the rest of the games' contract (core/protocol/games.ts re-exports them):
// a form loads its schema after the page has drawn (src/features/games/betSchema.ts), and this module
// pulls in nothing but zod and the games' limits, where games.ts's answers pull in the fairness,
// box and shipping schemas, whose evaluation was a long task of its own on a phone.

export const DiceDirectionSchema = z.enum(['under', 'over'], { error: 'The direction must be under or over.' });

export const DiceBetSchema = z
  .object({
    amount: coinAmount({ min: DICE_MIN_BET, max: DICE_MAX_BET }),
    target: z.number({ error: 'The target must be a number.' }).finite({ message: 'The target must be a number.' }),
    direction: DiceDirectionSchema,
  })
  .superRefine((body, ctx) => {
    const problem = diceTargetProblem(body.target, body.direction);
    if (problem) ctx.addIssue({ code: 'custom', path: ['target'], message: problem });
  });
export type DiceBetRequest = z.input<typeof DiceBetSchema>;

export const PlinkoBetSchema = z.object({
  amount: coinAmount({ min: PLINKO_MIN_BET, max: PLINKO_MAX_BET }),
  rows: z
    .number({ error: 'The rows must be a number.' })
    .refine((v) => (PLINKO_ROWS as readonly number[]).includes(v), { message: `The rows must be one of ${PLINKO_ROWS.join(', ')}.` }),
  risk: z.enum(PLINKO_RISKS, { error: `The risk must be one of ${PLINKO_RISKS.join(', ')}.` }),
});
export type PlinkoBetRequest = z.input<typeof PlinkoBetSchema>;

export const UpgradeSchema = z
  .object({
    inventory_ids: z.array(z.number().int().positive(), { error: 'The inventory ids must be a list of ids.' }).max(UPGRADE_MAX_ITEMS, { message: `At most ${UPGRADE_MAX_ITEMS} items.` }).default([]),
    amount: coinAmount().default(0),
    target_item_id: z.number({ error: 'The target item is required.' }).int().positive(),
  })
  .superRefine((body, ctx) => {
    if (new Set(body.inventory_ids).size !== body.inventory_ids.length) ctx.addIssue({ code: 'custom', path: ['inventory_ids'], message: 'An item may be used once.' });
    if (body.inventory_ids.length === 0 && !(body.amount > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Choose items or an amount to upgrade.' });
  });
export type UpgradeRequest = z.input<typeof UpgradeSchema>;
