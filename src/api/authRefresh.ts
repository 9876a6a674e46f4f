import { recoverRefusals } from './http.ts';
import { cookies, REFRESH_COOKIE, TOKEN_COOKIE } from './cookies.ts';
import { clearTokens, logout, refreshTokens, restoreSession } from '../features/auth/authSession.ts';
import { oauthToken } from '../../core/protocol/routes/shell.ts';

// A 401 on a call made with a token and a refresh token triggers ONE refresh shared by every
// call failing at the same time (single flight), then each retries once with the new token.
// /oauth/token itself never triggers it. A failed refresh logs out and goes home. A call sent with
// a token that has been replaced since (its 401 came back after another call's refresh finished)
// retries with the new token without refreshing again.

let inFlight: Promise<boolean> | null = null;

export function refreshOnce(): Promise<boolean> {
  inFlight ??= refreshTokens().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export interface AuthRefreshOptions {
  /** Where a failed refresh sends the player (the router's navigate to '/'). */
  goHome(): unknown;
}

/** Installs the recovery on the HTTP client and restores the session; returns a function that removes it. */
export function installAuthRefresh(options: AuthRefreshOptions): () => void {
  const remove = recoverRefusals(async (error, retry) => {
    if (error.response.status !== 401 || error.request.path.includes(oauthToken.path) || !error.token || !cookies.get(REFRESH_COOKIE)) {
      throw error;
    }
    const current = cookies.get(TOKEN_COOKIE);
    const refreshed = current && error.token !== current ? true : await refreshOnce();
    if (!refreshed) {
      clearTokens(); // the tokens are dead: logout must not call the server with them
      await logout();
      await options.goHome();
      throw error;
    }
    return retry(); // with the cookie's new token, and never recovered again
  });
  restoreSession();
  return remove;
}
