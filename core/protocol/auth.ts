import { z } from 'zod';

// The account forms of spec §5, shared by the browser forms (react-hook-form + zod resolver) and
// the server's route schemas, so both show the same words. Messages the spec names are kept word
// for word; the rest follow the form engine's generic templates ("{path} must be a valid email",
// "{path} must be at least {min} characters").

export const PASSWORD_MIN = 6;

export const MESSAGES = {
  nicknameRequired: 'Nickname is required',
  emailRequired: 'Email is required',
  emailInvalid: 'email must be a valid email',
  passwordRequired: 'Password is required',
  passwordMin: `password must be at least ${PASSWORD_MIN} characters`,
  confirmationMismatch: 'The password field confirmation does not match.',
  tokenRequired: 'The token field is required.',
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const emailField = required(MESSAGES.emailRequired).pipe(z.email({ error: MESSAGES.emailInvalid }));
export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN, { error: MESSAGES.passwordMin });
const captchaField = z.string().optional().default('');

export const registerRequest = z.object({
  name: required(MESSAGES.nicknameRequired).pipe(z.string().max(50, { error: 'name must be at most 50 characters' })),
  email: emailField,
  password: passwordField,
  'g-recaptcha-response': captchaField,
});
export type RegisterRequest = z.input<typeof registerRequest>;

/** The register form: the request plus the two checkboxes, which have no validation (spec §5). */
export const registerForm = registerRequest.omit({ 'g-recaptcha-response': true }).extend({
  promotions: z.boolean().optional(),
  terms: z.boolean().optional(),
});
export type RegisterForm = z.input<typeof registerForm>;

export const loginForm = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.input<typeof loginForm>;

export const forgotPasswordRequest = z.object({ email: emailField, 'g-recaptcha-response': captchaField });
export const forgotPasswordForm = forgotPasswordRequest.omit({ 'g-recaptcha-response': true });
export type ForgotPasswordForm = z.input<typeof forgotPasswordForm>;

export const resetPasswordRequest = z
  .object({
    token: required(MESSAGES.tokenRequired),
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.confirmationMismatch }),
  })
  .refine((v) => v.password === v.password_confirmation, { error: MESSAGES.confirmationMismatch, path: ['password_confirmation'] });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const resendVerificationRequest = z.object({ email: emailField });

/** POST /oauth/token success (Laravel Passport). */
export interface TokenResponse {
  token_type: 'Bearer';
  expires_in: number;
  access_token: string;
  refresh_token: string;
}

/** GET /social/handle answer. */
export interface SocialHandleResponse {
  provider: string;
  provider_access_token: string;
}

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'steam'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface MsgResponse {
  msg: string;
}
