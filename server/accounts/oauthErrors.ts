import { HttpError } from '../http/errors.ts';

// The OAuth 2.0 error bodies of league/oauth2-server (Laravel Passport): {error,
// error_description, hint?, message}, message repeating the description.

function oauthError(status: number, error: string, description: string, hint?: string): HttpError {
  return new HttpError(status, { error, error_description: description, ...(hint ? { hint } : {}), message: description }, { 'cache-control': 'no-store' });
}

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
  invalidCredentials: () => oauthError(400, 'invalid_grant', 'The user credentials were incorrect.'),
  invalidRefreshToken: (hint: string) => oauthError(400, 'invalid_grant', 'The refresh token is invalid.', hint),
};
