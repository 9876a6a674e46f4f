import { z } from 'zod';

// Linked accounts and the operator's rules over them (docs/risk.md).
//   GET /api/admin/players/:id/links → {data: {score, cluster, links: [{id, name, kinds, since}]}}
//   GET, PUT /api/admin/risk/rules   → {data: RiskRules} (PUT: admins; audited `risk.rules`)
//   GET /api/admin/risk/alerts?status=open|closed → {data: RiskAlert[]} (newest first, 200 at most)
//   POST /api/admin/risk/alerts/:id/close {status, note} → {message, data: RiskAlert} (audited `risk.alert`)

export const MARK_KINDS = ['device', 'address', 'crypto_address', 'shipping', 'card', 'skins_account'] as const;

/** What the console calls each kind of shared mark. */
export const MARK_LABELS: Record<(typeof MARK_KINDS)[number], string> = {
  device: 'Same device',
  address: 'Same sign-in address',
  crypto_address: 'Same crypto withdrawal address',
  shipping: 'Same shipping address',
  card: 'Same card',
  skins_account: 'Same skins account',
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

/** What the alert scanner looks for (docs/risk.md, "Alerts"), with the console's words for each. */
export const ALERT_KINDS = {
  cluster_tip: 'Tip inside a cluster of linked accounts',
  cluster_battle: 'Battle seats held by linked accounts',
  quick_withdrawal: 'Withdrawal after a deposit with little play',
  small_deposits: 'Many small deposits in a day',
  shared_withdrawal_address: 'Withdrawal address used by another account',
  withdrawal_cycles: 'Withdrawals asked for and canceled again and again',
  loss_chasing: 'Marker of harm: stakes rising after losses',
  deposit_spike: 'Marker of harm: a deposit spike',
  night_play: 'Marker of harm: long night play',
  limit_raises: 'Marker of harm: limits raised again and again',
} as const;

/** What the console suggests for a marker of harm (the player was sent a gentle message already). */
export const HARM_SUGGESTIONS: Partial<Record<keyof typeof ALERT_KINDS, string>> = {
  loss_chasing: 'Suggest a loss limit or a cool-off; look for a deposit spike too.',
  deposit_spike: 'Suggest a deposit limit; check the source of funds if it goes on.',
  night_play: 'Suggest a session reminder (the reality check) or a cool-off.',
  limit_raises: 'Talk about a cool-off; a raise only applies after its waiting time, a lower limit at once.',
  withdrawal_cycles: 'Canceled withdrawals are also a marker of harm: suggest a loss limit.',
};
export type AlertKind = keyof typeof ALERT_KINDS;

export const RiskAlertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(Object.keys(ALERT_KINDS) as [AlertKind, ...AlertKind[]]),
  player: z.object({ id: z.number().int(), name: z.string() }),
  /** What the scanner saw: names to values (coins as numbers with 2 decimals, ids, counts). */
  evidence: z.record(z.string(), z.union([z.string(), z.number()])),
  status: z.enum(['open', 'dismissed', 'actioned']),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type RiskAlert = z.infer<typeof RiskAlertSchema>;
export const RiskAlertsQuerySchema = z.object({ status: z.enum(['open', 'closed']).default('open') });
export const RiskAlertsAnswerSchema = z.object({ data: z.array(RiskAlertSchema) });
export const RiskAlertCloseSchema = z.object({
  status: z.enum(['dismissed', 'actioned']),
  note: z.string().trim().min(3, { message: 'Say in a few words what was found or done.' }).max(500),
});
export const RiskAlertClosedSchema = z.object({ message: z.string(), data: RiskAlertSchema });
