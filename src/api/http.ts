import { cookies, TOKEN_COOKIE, TRACKING_COOKIE } from './cookies.ts';
import { BALANCE_HEADER, BALANCE_VERSION_HEADER } from '../../core/protocol/balance.ts';
import { errorText } from '../../core/protocol/errors.ts';
import { useBalance } from '../stores/balance.ts';

// The shop's one HTTP client, on the browser's own fetch (docs/architecture.md, "One HTTP client"):
// every call goes through `send`. A call carries the bearer token when the token cookie exists and
// the tracking-link header when the tracking cookie exists (docs/product.md §6); an answer that
// carries the balance puts it in the one balance store before the caller sees it; a refused call
// throws an ApiError holding the server's answer, after the one recovery (the refresh on a 401,
// src/api/authRefresh.ts) has had its say.

/** An answer: its body (JSON parsed; a file, any other type, as a Blob; null when empty), status and headers. */
export interface ApiResponse<T = unknown> {
  data: T;
  status: number;
  headers: Headers;
}

/** What a call sends (src/api/call.ts builds it from a route-table entry). */
export interface ApiRequest {
  method: string;
  /** The path under the API's base URL, its parameters filled in. */
  path: string;
  /** Sent as the query string; an undefined or null value is left out. */
  query?: Record<string, unknown>;
  /** A Blob goes as its raw bytes under its own type, anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call the server answered with a status outside 2xx: its answer as the server sent it. */
export class ApiError<T = unknown> extends Error {
  readonly request: ApiRequest;
  readonly response: ApiResponse<T>;
  /** The bearer token the call went with (null: none). */
  readonly token: string | null;
  constructor(request: ApiRequest, response: ApiResponse<T>, token: string | null) {
    super(`${request.method} ${request.path}: HTTP ${response.status}`);
    this.request = request;
    this.response = response;
    this.token = token;
  }
}

/** The server's answer to a refused call (its error body), or undefined for any other failure. */
export function refusalOf<T = { message?: string; msg?: string; errors?: Record<string, string[]> }>(error: unknown): T | undefined {
  return error instanceof ApiError ? (error.response.data as T) : undefined;
}

let baseUrl = '';

/** Points every call at the configured API (src/app/apiBaseUrl.ts); '' or '/' is this origin. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

/** What a refused call becomes: the recovery answers it (a retry's answer) or throws. */
export type Recovery = (error: ApiError, retry: () => Promise<ApiResponse>) => Promise<ApiResponse>;

let recovery: Recovery | null = null;

/** Installs the recovery of refused calls; returns a function that removes it. */
export function recoverRefusals(next: Recovery): () => void {
  recovery = next;
  return () => {
    if (recovery === next) recovery = null;
  };
}

function urlOf(request: ApiRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return `${baseUrl}${request.path}${search ? `?${search}` : ''}`;
}

async function bodyOf(response: Response): Promise<unknown> {
  if (/\bjson\b/.test(response.headers.get('content-type') ?? '')) {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  }
  const file = await response.blob();
  return file.size > 0 ? file : null;
}

/** The version of the balance an answer carries (its headers), or null when it carries none. */
export function balanceVersionOf(response: Pick<ApiResponse, 'headers'>): number | null {
  const version = Number(response.headers.get(BALANCE_VERSION_HEADER));
  return Number.isSafeInteger(version) && version > 0 ? version : null;
}

// Every answer that changed or read the player's balance carries it (server/plugins/balanceHeaders.ts).
function receiveBalance(response: ApiResponse): void {
  const version = balanceVersionOf(response);
  const coins = Number(response.headers.get(BALANCE_HEADER));
  if (version !== null && Number.isFinite(coins)) useBalance.getState().receive({ coins, version });
}

/** Sends one call; `recover` false for a recovery's own retry (it is not recovered twice). */
export async function send<T = unknown>(request: ApiRequest, recover = true): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json', ...request.headers });
  const token = cookies.get(TOKEN_COOKIE) ?? null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tracking = cookies.get(TRACKING_COOKIE);
  if (tracking) headers.set('X-Tracking-Link', tracking);
  let body: BodyInit | undefined;
  if (request.body instanceof Blob) {
    headers.set('Content-Type', request.body.type || 'application/octet-stream');
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  const answer = await fetch(urlOf(request), { method: request.method, headers, body });
  const response: ApiResponse<T> = { data: (await bodyOf(answer)) as T, status: answer.status, headers: answer.headers };
  if (answer.ok) {
    receiveBalance(response);
    return response;
  }
  const error = new ApiError(request, response, token);
  if (recover && recovery) return (await recovery(error, () => send(request, false))) as ApiResponse<T>;
  throw error;
}

/** The text an error toast shows for a failed call: msg, then message (docs/product.md §8). */
export function apiErrorText(error: unknown, fallback = 'Something went wrong'): string {
  return errorText(refusalOf(error), fallback);
}
