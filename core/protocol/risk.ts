import { z } from 'zod';

// Linked accounts and the operator's rules over them (docs/risk.md).
//   GET /api/admin/players/:id/links → {data: {score, cluster, links: [{id, name, kinds, since}]}}
//   GET, PUT /api/admin/risk/rules   → {data: RiskRules} (PUT: admins; audited `risk.rules`)

export const MARK_KINDS = ['device', 'address', 'crypto_address', 'shipping'] as const;

/** What the console calls each kind of shared mark. */
export const MARK_LABELS: Record<(typeof MARK_KINDS)[number], string> = {
  device: 'Same device',
  address: 'Same sign-in address',
  crypto_address: 'Same crypto withdrawal address',
  shipping: 'Same shipping address',
};

/** The refusals a rule gives a player: they state the rule, never which sign linked the accounts. */
export const RISK_MSG = {
  tip: 'Tips between accounts of the same player are not allowed.',
  rain: 'Only one account per player may join a rain.',
  code: 'This code has already been used by an account of the same player.',
} as const;

export const PlayerLinksSchema = z.object({
  data: z.object({
    /** 0–100, from the links (docs/risk.md, "Score"). */
    score: z.number().int(),
    /** How many accounts the player's cluster holds (itself included; strong links only). */
    cluster: z.number().int(),
    links: z.array(z.object({ id: z.number().int(), name: z.string(), kinds: z.array(z.enum(MARK_KINDS)), since: z.string() })),
  }),
});
export type PlayerLinks = z.infer<typeof PlayerLinksSchema>['data'];

export const RiskRulesSchema = z.object({
  /** A promo code is used once per cluster (its per-player limit counts the cluster's uses). */
  one_code_per_cluster: z.boolean(),
  /** One account of a cluster shares a rain. */
  one_rain_share_per_cluster: z.boolean(),
  /** No tip from one account of a cluster to another. */
  no_tips_in_cluster: z.boolean(),
});
export type RiskRules = z.infer<typeof RiskRulesSchema>;
export const RiskRulesAnswerSchema = z.object({ data: RiskRulesSchema });
