import { z } from 'zod';
import { emailField, MESSAGES, passwordField, TokenResponseSchema } from './auth.ts';

// The account security calls (docs/account-safety.md, "Settings, two-factor and sessions"): password
// and email changes, two-factor sign-in (TOTP) and the sessions list. The browser forms and the
// routes share these schemas, so both show the same words.

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app (or a recovery code).',
  codeInvalid: 'That code is not valid. Enter a new code from your authenticator app or an unused recovery code.',
  notStarted: 'Start the set-up first.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is off.',
  challengeInvalid: 'The sign-in step expired. Please sign in again.',
} as const;

export const SETTINGS_MESSAGES = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  noPassword: 'This account signs in with a social provider and has no password yet. Use "Forgot password" to set one.',
  passwordChanged: 'Your password was changed. Every other session was signed out.',
  emailSame: 'This is already your email address.',
  emailTaken: 'The email has already been taken.',
  emailChangeSent: 'We sent a confirmation link to the new address. The change takes effect once you follow it.',
  sessionEnded: 'The session was ended.',
  otherSessionsEnded: 'Every other session was ended.',
  sessionUnknown: 'This session does not exist or has already ended.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorEnabledOthersEnded: 'Two-factor sign-in is on. Every other session was ended.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
} as const;

/**
 * The second factor a protected action carries when the player has two-factor sign-in on: a TOTP
 * code or a recovery code. Named `two_factor_code` everywhere because a gift card's own body
 * already has a `code` (the card's).
 */
export const twoFactorCodeField = z.string().trim().max(32).optional();
export const TWO_FACTOR_FIELD = 'two_factor_code';

const currentPassword = z.string({ error: SETTINGS_MESSAGES.currentPasswordRequired }).min(1, { error: SETTINGS_MESSAGES.currentPasswordRequired });

export const changePasswordRequest = z
  .object({
    current_password: currentPassword,
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.confirmationMismatch }),
    two_factor_code: twoFactorCodeField,
  })
  .refine((v) => v.password === v.password_confirmation, { error: MESSAGES.confirmationMismatch, path: ['password_confirmation'] });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const changeEmailRequest = z.object({ email: emailField, current_password: currentPassword, two_factor_code: twoFactorCodeField });
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;

/** A code alone: confirming the set-up, turning two-factor sign-in off. */
export const twoFactorCodeRequest = z.object({ code: z.string({ error: TWO_FACTOR_MESSAGES.codeRequired }).trim().min(1, { error: TWO_FACTOR_MESSAGES.codeRequired }).max(32) });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequest>;

/**
 * Confirming the set-up: the code, and whether every other session ends at once (the default:
 * a session opened by whoever knew only the password would otherwise outlive the second factor).
 */
export const twoFactorConfirmRequest = twoFactorCodeRequest.extend({ end_other_sessions: z.boolean().default(true) });
export type TwoFactorConfirmRequest = z.input<typeof twoFactorConfirmRequest>;

/** GET /api/profile/security: what the Security page shows. */
export const SecurityOverviewSchema = z.object({
  data: z.object({
    email: z.string(),
    pending_email: z.string().nullable(),
    has_password: z.boolean(),
    two_factor: z.object({ enabled: z.boolean(), recovery_codes_left: z.number() }),
  }),
});
export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;

/** POST /api/profile/two-factor/start: the secret to add to an authenticator app, as text and as a QR code. */
export const TwoFactorSetupSchema = z.object({ data: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }) });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** POST /api/profile/two-factor/confirm: the ten recovery codes, shown this once. */
export const RecoveryCodesSchema = z.object({ msg: z.string(), data: z.object({ recovery_codes: z.array(z.string()) }) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const SessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  address: z.string(),
  last_seen_at: z.date(),
  created_at: z.date(),
  current: z.boolean(),
});
export const SessionsAnswerSchema = z.object({ data: z.array(SessionSchema) });
export type SessionsAnswer = z.infer<typeof SessionsAnswerSchema>;

/**
 * POST /oauth/token when the account has two-factor sign-in on: the password (or the provider) was
 * right, and the client sends `grant_type=two_factor` with this token and a code next.
 */
export const TwoFactorChallengeSchema = z.object({ two_factor_required: z.literal(true), two_factor_token: z.string(), expires_in: z.number() });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** POST /oauth/token: the tokens, or a password or social grant's two-factor challenge. */
export const TokenGrantAnswerSchema = z.union([TokenResponseSchema, TwoFactorChallengeSchema]);
