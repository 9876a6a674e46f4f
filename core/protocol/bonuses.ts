import { z } from 'zod';
import { PromocodeValidateSchema } from './deposit.ts';

// The bonuses' contract (docs/bonuses.md). Amounts on the wire are coins.
//   GET  /api/bonuses                      → {data: {balance, withdrawable, locked, left_to_wager, bonuses: [...]}}
//   POST /api/bonuses/{id}/forfeit         → {message}
//   POST /api/bonuses/terms {promocode}    → {data: {code, multiple, base, days, max_bet, game_weights, text}}
//   GET  /api/bonuses/rules                → {data: {weights: [{game, label, pct}], sources: [{source, label, text}]}} (public)

export const BonusTermsSchema = z.object({
  multiple: z.number(),
  base: z.enum(['bonus', 'bonus_deposit']),
  days: z.number(),
  max_bet: z.number().nullable(),
  /** The code's own game weights (percent) over the catalog's; null: the catalog's (docs/bonuses.md, "Game weights"). */
  game_weights: z.record(z.string(), z.number()).nullable(),
});

export const ActiveBonusSchema = z.object({
  id: z.number(),
  source: z.string(),
  amount: z.number(),
  requirement: z.number(),
  wagered: z.number(),
  left_to_wager: z.number(),
  max_bet: z.number().nullable(),
  granted_at: z.date(),
  expires_at: z.date(),
});

export const BonusesAnswerSchema = z.object({
  data: z.object({ balance: z.number(), withdrawable: z.number(), locked: z.number(), left_to_wager: z.number(), bonuses: z.array(ActiveBonusSchema) }),
});
export type BonusesAnswer = z.infer<typeof BonusesAnswerSchema>;

export const BonusForfeitAnswerSchema = z.object({ message: z.string() });

export const BonusTermsQuerySchema = PromocodeValidateSchema;
export const BonusTermsAnswerSchema = z.object({ data: BonusTermsSchema.extend({ code: z.string(), text: z.string() }) });

/**
 * The bonus terms page's figures (/bonus-terms, docs/bonuses.md "The terms page"): every game's
 * weight toward a requirement, and the terms of each source whose terms are fixed by the shop (a
 * promo code's are its own, a console credit's are set with it), worded as the deposit modal words a code's.
 */
export const BonusRulesAnswerSchema = z.object({
  data: z.object({
    weights: z.array(z.object({ game: z.string(), label: z.string(), pct: z.number() })),
    sources: z.array(z.object({ source: z.string(), label: z.string(), text: z.string() })),
  }),
});
export type BonusRulesAnswer = z.infer<typeof BonusRulesAnswerSchema>;
