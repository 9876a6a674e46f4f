import type { AxiosError, InternalAxiosRequestConfig } from 'axios';
import { api } from './http.ts';
import { cookies, REFRESH_COOKIE, TOKEN_COOKIE } from './cookies.ts';
import { clearTokens, logout, refreshTokens, restoreSession } from '../features/auth/authSession.ts';
import { oauthToken } from '../../core/protocol/routes/shell.ts';

// A 401 on a call made with a token and a refresh token triggers ONE refresh shared by every
// call failing at the same time (single flight), then each retries once with the new token.
// /oauth/token itself never triggers it. A failed refresh logs out and goes home. A call sent with
// a token that has been replaced since (its 401 came back after another call's refresh finished)
// retries with the new token without refreshing again.

type Retryable = InternalAxiosRequestConfig & { _retriedAfterRefresh?: boolean };

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

/** Installs the interceptor on `api` and restores the session; returns a function that removes it. */
export function installAuthRefresh(options: AuthRefreshOptions): () => void {
  const id = api.interceptors.response.use(undefined, async (error: AxiosError) => {
    const request = error.config as Retryable | undefined;
    const hadToken = request?.headers?.has?.('Authorization');
    if (
      error.response?.status !== 401 ||
      !request ||
      request._retriedAfterRefresh ||
      (request.url ?? '').includes(oauthToken.path) ||
      !hadToken ||
      !cookies.get(REFRESH_COOKIE)
    ) {
      throw error;
    }
    const sentWith = String(request.headers.get('Authorization') ?? '');
    const current = cookies.get(TOKEN_COOKIE);
    const refreshed = current && sentWith !== `Bearer ${current}` ? true : await refreshOnce();
    if (!refreshed) {
      clearTokens(); // the tokens are dead: logout must not call the server with them
      await logout();
      await options.goHome();
      throw error;
    }
    request._retriedAfterRefresh = true;
    request.headers.set('Authorization', `Bearer ${cookies.get(TOKEN_COOKIE) ?? ''}`);
    return api.request(request);
  });
  restoreSession();
  return () => api.interceptors.response.eject(id);
}
