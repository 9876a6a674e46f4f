import axios, { type AxiosError, type AxiosResponse } from 'axios';
import { cookies, TOKEN_COOKIE, TRACKING_COOKIE } from './cookies.ts';
import { BALANCE_HEADER, BALANCE_VERSION_HEADER } from '../../core/protocol/balance.ts';
import { errorText } from '../../core/protocol/errors.ts';
import { useBalance } from '../stores/balance.ts';

// The one axios instance for every call. Requests carry the bearer token when the token cookie
// exists and the tracking-link header when the tracking cookie exists (docs/product.md §6).
export const api = axios.create({ baseURL: '/', headers: { Accept: 'application/json' } });

api.interceptors.request.use((request) => {
  const token = cookies.get(TOKEN_COOKIE);
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  const tracking = cookies.get(TRACKING_COOKIE);
  if (tracking) request.headers.set('X-Tracking-Link', tracking);
  return request;
});

/** The version of the balance an answer carries (its headers), or null when it carries none. */
export function balanceVersionOf(response: Pick<AxiosResponse, 'headers'>): number | null {
  const version = Number(response.headers[BALANCE_VERSION_HEADER]);
  return Number.isSafeInteger(version) && version > 0 ? version : null;
}

// Every answer that changed or read the player's balance carries it (server/plugins/balanceHeaders.ts):
// into the one balance store, before the caller sees the answer.
api.interceptors.response.use((response) => {
  const version = balanceVersionOf(response);
  const coins = Number(response.headers[BALANCE_HEADER]);
  if (version !== null && Number.isFinite(coins)) useBalance.getState().receive({ coins, version });
  return response;
});

/** The text an error toast shows for a failed call: msg, then message (docs/product.md §8). */
export function apiErrorText(error: unknown, fallback = 'Something went wrong'): string {
  const body = (error as AxiosError | undefined)?.response?.data;
  return errorText(body, fallback);
}
