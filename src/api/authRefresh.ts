import type { AxiosError, InternalAxiosRequestConfig } from 'axios';
import { api } from './http.ts';
import { cookies, REFRESH_COOKIE, TOKEN_COOKIE } from './cookies.ts';
import { router } from '../app/router.tsx';
import { clearTokens, logout, refreshTokens, restoreSession } from '../features/auth/authSession.ts';

// A 401 on a call made with a token and a refresh token triggers ONE refresh shared by every
// call failing at the same time (single flight), then each retries once with the new token.
// /oauth/token itself never triggers it. A failed refresh logs out and goes home.

type Retryable = InternalAxiosRequestConfig & { _retriedAfterRefresh?: boolean };

let inFlight: Promise<boolean> | null = null;

export function refreshOnce(): Promise<boolean> {
  inFlight ??= refreshTokens().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function goHome(): Promise<void> {
  await router.navigate('/');
}

export function installAuthRefresh(): void {
  api.interceptors.response.use(undefined, async (error: AxiosError) => {
    const request = error.config as Retryable | undefined;
    const hadToken = request?.headers?.has?.('Authorization');
    if (
      error.response?.status !== 401 ||
      !request ||
      request._retriedAfterRefresh ||
      (request.url ?? '').includes('/oauth/token') ||
      !hadToken ||
      !cookies.get(REFRESH_COOKIE)
    ) {
      throw error;
    }
    const refreshed = await refreshOnce();
    if (!refreshed) {
      clearTokens(); // the tokens are dead: logout must not call the server with them
      await logout();
      await goHome();
      throw error;
    }
    request._retriedAfterRefresh = true;
    request.headers.set('Authorization', `Bearer ${cookies.get(TOKEN_COOKIE) ?? ''}`);
    return api.request(request);
  });
  restoreSession();
}
