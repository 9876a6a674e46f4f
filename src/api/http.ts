import axios, { type AxiosError } from 'axios';
import { cookies, TOKEN_COOKIE, TRACKING_COOKIE } from './cookies.ts';
import { errorText } from '../../core/protocol/errors.ts';

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

/** The text an error toast shows for a failed call: msg, then message (docs/product.md §8). */
export function apiErrorText(error: unknown, fallback = 'Something went wrong'): string {
  const body = (error as AxiosError | undefined)?.response?.data;
  return errorText(body, fallback);
}
