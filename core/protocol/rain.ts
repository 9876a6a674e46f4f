import { z } from 'zod';
import { twoFactorCodeField } from './accountSecurity.ts';

// Rain (docs/community.md, "Rain"). Amounts on the wire are coins.
//   GET  /api/chat/rain        → {data: RainState}
//   POST /api/chat/rain/join {'g-recaptcha-response'?} → {message}
//   POST /api/chat-rain/tip {amount, two_factor_code?} → {msg, data: {pot}} (chat: `/rain amount`)
//   console (admin): GET/PUT /api/admin/chat/rain-settings

export const RAIN_MSG = {
  rule: 'The pot is split equally among everyone who joined; the cents that do not divide go one each to the earliest to join. Each share is bonus money, wagered once before it can be withdrawn.',
  unverified: 'Verify your email to join the rain.',
  onBreak: 'The rain is closed while you are on a break.',
  wagered: (coins: string) => `Join the rain after wagering ${coins} coins in 7 days.`,
  deposited: (coins: string) => `Join the rain after depositing ${coins} coins in 14 days.`,
  noRain: 'There is no rain to join now.',
  joined: 'You are in: your share comes when the rain ends.',
  amount: 'An amount in coins with at most 2 decimals.',
  percent: 'A percentage with at most 2 decimals.',
  tipped: (coins: string) => `You added ${coins} coins to the rain.`,
  usage: 'Write /rain amount, for example /rain 5.',
} as const;

/**
 * The split (the rule published in RAIN_MSG.rule): `pot` cents among `players` in the order they
 * joined, equal shares, the remainder one cent each to the first; a pot smaller than its players
 * pays one cent to as many as it can.
 */
export function rainSplit(pot: number, players: number): number[] {
  if (players === 0) return [];
  const base = Math.floor(pot / players);
  const extra = pot - base * players;
  return Array.from({ length: players }, (_, i) => base + (i < extra ? 1 : 0));
}

export const RainStateSchema = z.object({
  open: z.object({ id: z.number().int(), pot: z.number(), closes_at: z.string(), joined: z.number().int(), me: z.boolean() }).nullable(),
  /** What waits for the next rain. */
  pot: z.number(),
  rule: z.string(),
});
export type RainState = z.infer<typeof RainStateSchema>;
export const RainStateAnswerSchema = z.object({ data: RainStateSchema });
export const RainJoinSchema = z.object({ 'g-recaptcha-response': z.string().max(4096).optional() });
export const RainJoinedSchema = z.object({ message: z.string() });

export const RainSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Percent of the nominal house edge of settled bets that funds the pot. */
  edge_share_pct: z.number().min(0).max(100),
  interval_minutes: z.number().int().min(1).max(1440),
  window_seconds: z.number().int().min(10).max(3600),
  require_verified: z.boolean(),
  /** Coins. */
  min_wagered_7d: z.number().min(0).max(1e9),
  min_deposited_14d: z.number().min(0).max(1e9),
  captcha: z.boolean(),
  min_pot: z.number().min(0.01).max(1e9),
  wagering_multiple: z.number().int().min(0).max(100),
  bonus_days: z.number().int().min(1).max(365),
});
export type RainSettings = z.infer<typeof RainSettingsSchema>;
export const RainSettingsAnswerSchema = z.object({ data: RainSettingsSchema });

/** `/rain amount` typed in the chat: a tip into the pot; null when the text is no rain command. */
export function parseRainCommand(text: string): { amount: number } | null | 'malformed' {
  const t = text.trim();
  if (!/^\/rain(\s|$)/iu.test(t)) return null;
  const m = /^\/rain\s+(\d+(?:\.\d{1,2})?)$/iu.exec(t);
  return m ? { amount: Number(m[1]) } : 'malformed';
}
export const RainTipSchema = z.object({ amount: z.number({ error: RAIN_MSG.amount }).positive({ message: RAIN_MSG.amount }).max(1e9, { message: RAIN_MSG.amount }), two_factor_code: twoFactorCodeField });
export const RainTippedSchema = z.object({ msg: z.string(), data: z.object({ pot: z.number() }) });
