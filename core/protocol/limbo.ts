import { z } from 'zod';
import { coinAmount } from './amount.ts';
import { LIMBO_MAX_BET, LIMBO_MIN_BET, limboTargetProblem } from '../games/limbo.ts';
import { betPageField } from './betLink.ts';

// Limbo's contract (docs/limbo.md): POST /api/limbo/bet {amount (coins), target (multiplier, two
// decimals)} → {data: {result, target, win, multiplier, payout, balance, nonce, server_seed_hash,
// client_seed, public_id}}. The histories are the instant games' GET /api/limbo/history.

export const LimboBetSchema = z
  .object({
    amount: coinAmount({ min: LIMBO_MIN_BET, max: LIMBO_MAX_BET }),
    target: z.number({ error: 'The target must be a number.' }).finite({ message: 'The target must be a number.' }),
  })
  .superRefine((body, ctx) => {
    const problem = limboTargetProblem(body.target);
    if (problem) ctx.addIssue({ code: 'custom', path: ['target'], message: problem });
  });
export type LimboBetRequest = z.input<typeof LimboBetSchema>;

// The seed fields of FairFieldsSchema (games.ts), written here so the bet form's schema loads without
// the other games' answers (betRequests.ts says why that matters on a phone).
export const LimboBetResultSchema = z.object({
  nonce: z.number(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The fair result multiplier (two decimals). */
  result: z.number(),
  target: z.number(),
  win: z.boolean(),
  /** The target on a win, 0 on a loss (as stored with the bet). */
  multiplier: z.number(),
  payout: z.number(),
  balance: z.number(),
  ...betPageField,
});
export type LimboBetResult = z.infer<typeof LimboBetResultSchema>;
export const LimboBetAnswerSchema = z.object({ data: LimboBetResultSchema });
