import { HttpError } from '../http/errors.ts';

// The OAuth 2.0 error bodies of league/oauth2-server (Laravel Passport): {error,
// error_description, hint?, message}, message repeating the description.

function oauthError(status: number, error: string, description: string, hint?: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { error, error_description: description, ...(hint ? { hint } : {}), message: description, ...extra }, { 'cache-control': 'no-store' });
}

/** Login answers that ask the client to show the captcha widget before the next attempt. */
export const LOGIN_CAPTCHA_REQUIRED = 'Please complete the captcha to sign in.';
/** The sign-in refusal of a locked player. */
export const ACCOUNT_LOCKED_MESSAGE = 'This account is locked. Please contact support.';
const askForCaptcha = { captcha_required: true };

export const oauthErrors = {
  unsupportedGrantType: () =>
    oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.', 'Check that all required parameters have been provided'),
  invalidRequest: (parameter: string) =>
    oauthError(
      400,
      'invalid_request',
      'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
      `Check the \`${parameter}\` parameter`,
    ),
  invalidClient: () => oauthError(401, 'invalid_client', 'Client authentication failed'),
  invalidScope: (scope: string) => oauthError(400, 'invalid_scope', 'The requested scope is invalid, unknown, or malformed', `Check the \`${scope}\` scope`),
  /** `captchaNext`: the next attempt must carry a solved captcha (the client shows the widget). */
  invalidCredentials: (captchaNext = false) => oauthError(400, 'invalid_grant', 'The user credentials were incorrect.', undefined, captchaNext ? askForCaptcha : {}),
  captchaRequired: () => oauthError(400, 'invalid_request', LOGIN_CAPTCHA_REQUIRED, 'Check the `g-recaptcha-response` parameter', askForCaptcha),
  /** grant_type two_factor with an unknown, expired or used challenge token: sign in again. */
  invalidChallenge: (description: string) => oauthError(400, 'invalid_grant', description, 'Check the `two_factor_token` parameter'),
  /** A player locked by the console (server/accounts/accountLocks.ts): no grant opens a session. */
  accountLocked: () => oauthError(400, 'invalid_grant', ACCOUNT_LOCKED_MESSAGE, 'The account is locked'),
  invalidRefreshToken: (hint: string) => oauthError(400, 'invalid_grant', 'The refresh token is invalid.', hint),
};
