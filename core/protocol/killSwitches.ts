import { z } from 'zod';
import { GAMES, GAME_IDS, type GameId } from '../games/catalog.ts';

// Kill switches (docs/operator-console.md, "Kill switches"): admins switch off one game of the
// catalog or one feature at once on every node. A switched-off thing refuses what would start it
// with 503 `{message, msg}` (the switch's message) and changes nothing. The switches are the games
// of the catalog (derived, so a new game has its switch) and the features below.

/** Each way in of the cashier (src/features/deposit/DepositModal.tsx), each switched on its own. */
export const DEPOSIT_METHODS = ['card', 'crypto', 'gift_code', 'voucher', 'skins'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

const DEPOSIT_TITLES: Record<DepositMethod, string> = { card: 'Card deposits', crypto: 'Crypto deposits', gift_code: 'Gift code deposits', voucher: 'Voucher deposits', skins: 'Skins deposits' };

export type DepositSwitch = `deposit_${DepositMethod}`;
export const depositSwitch = (method: DepositMethod): DepositSwitch => `deposit_${method}`;

/** The features, by key, with the title the console and the default message use. */
const FEATURE_TITLES = {
  chat: 'The chat',
  rain: 'The rain',
  tips: 'Tips',
  ...(Object.fromEntries(DEPOSIT_METHODS.map((m) => [depositSwitch(m), DEPOSIT_TITLES[m]])) as Record<DepositSwitch, string>),
  withdrawals: 'Withdrawals',
  sign_ups: 'New sign-ups',
} as const;

export type FeatureSwitch = keyof typeof FEATURE_TITLES;
export type KillSwitchKey = GameId | FeatureSwitch;

export const FEATURE_SWITCHES = Object.keys(FEATURE_TITLES) as FeatureSwitch[];
/** Every switch: the catalog's games first, in its order, then the features. */
export const KILL_SWITCHES: readonly KillSwitchKey[] = [...GAME_IDS, ...FEATURE_SWITCHES];

export function isGameSwitch(key: KillSwitchKey): key is GameId {
  return (GAME_IDS as readonly string[]).includes(key);
}

export function switchTitle(key: KillSwitchKey): string {
  return isGameSwitch(key) ? GAMES[key].reportLabel : FEATURE_TITLES[key];
}

/** What players read when the admin wrote no message of their own. */
export function defaultSwitchMessage(key: KillSwitchKey): string {
  const title = switchTitle(key);
  // "Dice is", "Mines are", "Tips are", "The chat is": the titles that name many things end in s.
  const verb = title.endsWith('s') ? 'are' : 'is';
  return `${title} ${verb} switched off for now. Please try again later.`;
}

export const KILL_SWITCH_MESSAGE_MAX = 200;

export const KillSwitchKeySchema = z.enum(KILL_SWITCHES as [KillSwitchKey, ...KillSwitchKey[]], { error: 'There is no such switch.' });
export const KillSwitchParams = z.object({ key: KillSwitchKeySchema });

/** GET /api/kill-switches (public): what is switched off now, with what players are told. */
export const OffSwitchSchema = z.object({ key: KillSwitchKeySchema, message: z.string() });
export type OffSwitch = z.infer<typeof OffSwitchSchema>;
export const OffSwitchesAnswerSchema = z.object({ data: z.array(OffSwitchSchema) });

/** The console's view of one switch. */
export const KillSwitchViewSchema = z.object({
  key: KillSwitchKeySchema,
  kind: z.enum(['game', 'feature']),
  title: z.string(),
  enabled: z.boolean(),
  /** The admin's own message, or null (players then read `default_message`). */
  message: z.string().nullable(),
  default_message: z.string(),
  updated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  updated_at: z.string().nullable(),
});
export type KillSwitchView = z.infer<typeof KillSwitchViewSchema>;
export const KillSwitchesAnswerSchema = z.object({ data: z.array(KillSwitchViewSchema) });

/** PUT /api/admin/kill-switches/:key (admins). An empty message is no message. */
export const KillSwitchBodySchema = z.object({
  enabled: z.boolean(),
  message: z
    .string()
    .trim()
    .max(KILL_SWITCH_MESSAGE_MAX, `The message may not be greater than ${KILL_SWITCH_MESSAGE_MAX} characters.`)
    .nullish()
    .transform((m) => (m ? m : null)),
});
export type KillSwitchBody = z.input<typeof KillSwitchBodySchema>;
export const KillSwitchSavedSchema = z.object({ message: z.string(), data: KillSwitchViewSchema });
