import { z } from 'zod';

// The account forms of docs/product.md §5, shared by the browser forms (react-hook-form + zod resolver) and
// the server's route schemas, so both show the same words. Messages the spec names are kept word
// for word; the rest are written for players (never a raw "{path} must be …" template).

export const PASSWORD_MIN = 6;

export const MESSAGES = {
  nicknameRequired: 'Nickname is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required',
  passwordMin: `Your password needs at least ${PASSWORD_MIN} characters.`,
  confirmationMismatch: 'The password field confirmation does not match.',
  tokenRequired: 'The token field is required.',
  termsRequired: 'Please confirm you are 18 or older and accept the Terms of Service.',
} as const;

/** The terms and 18+ confirmation: only `true` is accepted (a missing or false one is the same message). */
export const termsField = z.literal(true, { error: MESSAGES.termsRequired });

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const emailField = required(MESSAGES.emailRequired).pipe(z.email({ error: MESSAGES.emailInvalid }));
export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN, { error: MESSAGES.passwordMin });
const captchaField = z.string().optional().default('');

export const registerRequest = z.object({
  name: required(MESSAGES.nicknameRequired).pipe(z.string().max(50, { error: 'Your nickname can be at most 50 characters.' })),
  email: emailField,
  password: passwordField,
  'g-recaptcha-response': captchaField,
  // The referral code the /ref/{link} landing remembered (docs/community.md); an unknown one is
  // answered in ref_msg and the sign-up goes on without it.
  ref: z.string().max(100).optional(),
  // The two checkboxes (docs/accounts.md): promotions is a free choice, terms and 18+ must be
  // confirmed; the server stores when it was.
  promotions: z.boolean().optional().default(false),
  terms: termsField,
});
export type RegisterRequest = z.input<typeof registerRequest>;

/** The register form: the request without the captcha token and the remembered referral code. */
export const registerForm = registerRequest.omit({ 'g-recaptcha-response': true, ref: true }).extend({
  // The form starts unticked, so its value is a boolean the schema then insists is true.
  terms: z.boolean().pipe(termsField),
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
export const TokenResponseSchema = z.object({ token_type: z.literal('Bearer'), expires_in: z.number(), access_token: z.string(), refresh_token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** GET /social/handle: the code (and state) the provider sent back to the client's /auth/{provider} page. */
export const SocialHandleQuerySchema = z.object({ provider: z.string().min(1), code: z.string().min(1), state: z.string().optional() });
export type SocialHandleQuery = z.infer<typeof SocialHandleQuerySchema>;

/** GET /social/handle answer. */
export const SocialHandleResponseSchema = z.object({ provider: z.string(), provider_access_token: z.string() });
export type SocialHandleResponse = z.infer<typeof SocialHandleResponseSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'steam'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The register answer: ref_msg says why a remembered referral code was not used. */
export const RegisterResponseSchema = z.object({ msg: z.string(), ref_msg: z.string().optional() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** The answer of most actions: the text the client shows. */
export const MsgResponseSchema = z.object({ msg: z.string() });
export type MsgResponse = z.infer<typeof MsgResponseSchema>;
