import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { api } from '../../src/api/http.ts';
import { cookies, REFRESH_COOKIE, TOKEN_COOKIE } from '../../src/api/cookies.ts';
import { installAuthRefresh } from '../../src/api/authRefresh.ts';
import { useSession } from '../../src/stores/session.ts';

// The 401 → refresh → retry rules of docs/product.md §4, against a scripted server at the network edge
// (an axios adapter): one refresh for many failing calls, never for /oauth/token, logout on failure.

let server: { live: Set<string>; refreshes: number; refreshOk: boolean; nextToken: number; calls: string[] };
let uninstall: () => void;
let wentHome = 0;
const originalAdapter = api.defaults.adapter;

const reply = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => ({ data, status, statusText: String(status), headers: {}, config });

const adapter: AxiosAdapter = async (config) => {
  const url = config.url ?? '';
  server.calls.push(url);
  await new Promise((r) => setTimeout(r, url === '/api/slow' ? 60 : 5));
  let response: AxiosResponse;
  if (url === '/api/config') {
    response = reply(config, 200, { oauth: { client_id: '2', client_secret: 's' }, captcha: { provider: 'none', site_key: '' }, social_providers: [] });
  } else if (url === '/oauth/token') {
    server.refreshes += 1;
    const body = JSON.parse(String(config.data)) as { grant_type: string; refresh_token?: string };
    if (body.grant_type === 'refresh_token' && server.refreshOk && body.refresh_token === 'refresh-1') {
      const token = `access-${++server.nextToken}`;
      server.live.add(token);
      response = reply(config, 200, { token_type: 'Bearer', expires_in: 3600, access_token: token, refresh_token: 'refresh-2' });
    } else {
      response = reply(config, 400, { error: 'invalid_grant', message: 'The refresh token is invalid.' });
    }
  } else {
    const auth = String(config.headers?.Authorization ?? '');
    const ok = server.live.has(auth.replace(/^Bearer /, ''));
    response = ok ? reply(config, 200, { data: { ok: true } }) : reply(config, 401, { message: 'Unauthenticated.' });
  }
  if (response.status >= 400) {
    const error = Object.assign(new Error(`HTTP ${response.status}`), { config, response, isAxiosError: true });
    throw error;
  }
  return response;
};

beforeEach(() => {
  server = { live: new Set(), refreshes: 0, refreshOk: true, nextToken: 1, calls: [] };
  api.defaults.adapter = adapter;
  cookies.set(TOKEN_COOKIE, 'expired');
  cookies.set(REFRESH_COOKIE, 'refresh-1');
  useSession.getState().setUser({ id: 1, name: 'A', email: 'a@b.co', avatar_url: null, verified: true, balance: 0, user_level: { level: 1, value: 0, from: 0, to: 10_000 }, streamer_mode: false });
  wentHome = 0;
  uninstall = installAuthRefresh({ goHome: () => (wentHome += 1) });
});
afterEach(() => {
  uninstall();
  api.defaults.adapter = originalAdapter;
  cookies.remove(TOKEN_COOKIE);
  cookies.remove(REFRESH_COOKIE);
});

describe('401 handling', () => {
  it('many calls failing at once share one refresh and each retries once with the new token', async () => {
    const results = await Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.refreshes).toBe(1);
    expect(cookies.get(TOKEN_COOKIE)).toBe('access-2');
    expect(cookies.get(REFRESH_COOKIE)).toBe('refresh-2');
  });

  it('a call whose 401 comes back after another call\'s refresh retries with the new token and refreshes no more', async () => {
    // /api/slow is sent with the expired token and answers after /api/a's refresh has finished.
    const results = await Promise.all([api.get('/api/a'), api.get('/api/slow')]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(server.refreshes).toBe(1);
    expect(wentHome).toBe(0);
  });

  it('never refreshes for /oauth/token itself', async () => {
    await expect(api.post('/oauth/token', JSON.stringify({ grant_type: 'password' }))).rejects.toMatchObject({ response: { status: 400 } });
    expect(server.refreshes).toBe(1); // only the call itself
  });

  it('a failed refresh logs out: both cookies and the user are cleared and the player goes home', async () => {
    server.refreshOk = false;
    await expect(api.get('/api/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.refreshes).toBe(1);
    expect(cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(cookies.get(REFRESH_COOKIE)).toBeUndefined();
    expect(useSession.getState().user).toBeNull();
    expect(wentHome).toBe(1);
    expect(server.calls.filter((c) => c === '/api/profile/logout')).toEqual([]); // dead tokens are not sent again
  });

  it('without a refresh token a 401 is just an error', async () => {
    cookies.remove(REFRESH_COOKIE);
    await expect(api.get('/api/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.refreshes).toBe(0);
  });
});
