import { z } from 'zod';
import { twoFactorCodeField } from './accountSecurity.ts';

// Tips between players (docs/community.md, "Tips"). Amounts on the wire are coins.
//   POST /api/chat/tips {name, amount, two_factor_code?} → {msg, data: TipNotice}
//   console (admin): GET/PUT /api/admin/chat/tip-settings
// Both players get `tip` (core/protocol/tipEvents.ts) on their private channel, and their new balance.

export const TIP_MSG = {
  noPlayer: 'There is no such player.',
  self: 'You cannot tip yourself.',
  amount: 'The amount is in coins with at most 2 decimals.',
  least: (coins: string) => `The least tip is ${coins} coins.`,
  senderRestricted: 'Tips are not available while you are on a break or past a loss limit.',
  recipientRestricted: 'That player cannot receive tips now.',
  sendCap: (left: string) => `Your daily tip limit allows ${left} more coins today.`,
  receiveCap: 'That player cannot receive this much in tips today.',
  bonusLocked: (withdrawable: string) => `Only withdrawable coins can be tipped (bonus coins stay until wagered): you can tip up to ${withdrawable} coins now.`,
  sent: (name: string, coins: string) => `You tipped ${name} ${coins} coins.`,
} as const;

/** `/tip name amount` as typed in the chat (the name without its @), or null when the text is no tip command. */
export function parseTipCommand(text: string): { name: string; amount: number } | null | 'malformed' {
  const t = text.trim();
  if (!/^\/tip(\s|$)/iu.test(t)) return null;
  const m = /^\/tip\s+@?([\p{L}\p{N}_.-]{2,32})\s+(\d+(?:\.\d{1,2})?)$/iu.exec(t);
  return m ? { name: m[1]!, amount: Number(m[2]) } : 'malformed';
}

export const TIP_USAGE = 'Write /tip name amount, for example /tip Ann 5.';

export const TipRequestSchema = z.object({
  name: z.string().trim().min(1, { message: TIP_MSG.noPlayer }).max(64, { message: TIP_MSG.noPlayer }),
  amount: z.number({ error: TIP_MSG.amount }).positive({ message: TIP_MSG.amount }).max(1e9, { message: TIP_MSG.amount }),
  two_factor_code: twoFactorCodeField,
});
export type TipRequest = z.infer<typeof TipRequestSchema>;

export const TipNoticeSchema = z.object({
  id: z.number().int(),
  from: z.object({ id: z.number().int(), name: z.string() }),
  to: z.object({ id: z.number().int(), name: z.string() }),
  amount: z.number(),
  created_at: z.string(),
});
export const TipAnswerSchema = z.object({ msg: z.string(), data: TipNoticeSchema });

export const TipSettingsSchema = z.object({
  /** Coins. */
  min_amount: z.number().min(0.01).max(1e9),
  daily_send_cap: z.number().min(0).max(1e9),
  daily_receive_cap: z.number().min(0).max(1e9),
});
export type TipSettings = z.infer<typeof TipSettingsSchema>;
export const TipSettingsAnswerSchema = z.object({ data: TipSettingsSchema });
