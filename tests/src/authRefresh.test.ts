import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { send } from '../../src/api/http.ts';
import { cookies, REFRESH_COOKIE, TOKEN_COOKIE } from '../../src/api/cookies.ts';
import { installAuthRefresh } from '../../src/api/authRefresh.ts';
import { useSession } from '../../src/stores/session.ts';
import { scriptFetch, type FakeAnswer } from './fakeApi.ts';

// The 401 → refresh → retry rules of docs/product.md §4, against a scripted server at the network edge
// (the browser's fetch): one refresh for many failing calls, never for /oauth/token, logout on failure.

let server: { live: Set<string>; refreshes: number; refreshOk: boolean; nextToken: number; calls: string[] };
let uninstall: () => void;
let restoreFetch: () => void;
let wentHome = 0;

const get = (path: string) => send({ method: 'GET', path });

function answer(url: string, body: unknown, headers: Headers): FakeAnswer {
  if (url === '/api/config') {
    return { status: 200, data: { oauth: { client_id: '2', client_secret: 's' }, captcha: { provider: 'none', site_key: '' }, social_providers: [] } };
  }
  if (url === '/oauth/token') {
    server.refreshes += 1;
    const grant = body as { grant_type: string; refresh_token?: string };
    if (grant.grant_type === 'refresh_token' && server.refreshOk && grant.refresh_token === 'refresh-1') {
      const token = `access-${++server.nextToken}`;
      server.live.add(token);
      return { status: 200, data: { token_type: 'Bearer', expires_in: 3600, access_token: token, refresh_token: 'refresh-2' } };
    }
    return { status: 400, data: { error: 'invalid_grant', message: 'The refresh token is invalid.' } };
  }
  const ok = server.live.has((headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
  return ok ? { status: 200, data: { data: { ok: true } } } : { status: 401, data: { message: 'Unauthenticated.' } };
}

beforeEach(() => {
  server = { live: new Set(), refreshes: 0, refreshOk: true, nextToken: 1, calls: [] };
  restoreFetch = scriptFetch(async ({ url, body, headers }) => {
    server.calls.push(url);
    await new Promise((r) => setTimeout(r, url === '/api/slow' ? 60 : 5));
    return answer(url, body, headers);
  });
  cookies.set(TOKEN_COOKIE, 'expired');
  cookies.set(REFRESH_COOKIE, 'refresh-1');
  useSession.getState().setUser({ id: 1, name: 'A', email: 'a@b.co', avatar_url: null, verified: true, balance: 0, user_level: { level: 1, value: 0, from: 0, to: 10_000 }, streamer_mode: false });
  wentHome = 0;
  uninstall = installAuthRefresh({ goHome: () => (wentHome += 1) });
});
afterEach(() => {
  uninstall();
  restoreFetch();
  cookies.remove(TOKEN_COOKIE);
  cookies.remove(REFRESH_COOKIE);
});

describe('401 handling', () => {
  it('many calls failing at once share one refresh and each retries once with the new token', async () => {
    const results = await Promise.all([get('/api/a'), get('/api/b'), get('/api/c')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.refreshes).toBe(1);
    expect(cookies.get(TOKEN_COOKIE)).toBe('access-2');
    expect(cookies.get(REFRESH_COOKIE)).toBe('refresh-2');
  });

  it('a call whose 401 comes back after another call\'s refresh retries with the new token and refreshes no more', async () => {
    // /api/slow is sent with the expired token and answers after /api/a's refresh has finished.
    const results = await Promise.all([get('/api/a'), get('/api/slow')]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(server.refreshes).toBe(1);
    expect(wentHome).toBe(0);
  });

  it('never refreshes for /oauth/token itself', async () => {
    await expect(send({ method: 'POST', path: '/oauth/token', body: { grant_type: 'password' } })).rejects.toMatchObject({ response: { status: 400 } });
    expect(server.refreshes).toBe(1); // only the call itself
  });

  it('a failed refresh logs out: both cookies and the user are cleared and the player goes home', async () => {
    server.refreshOk = false;
    await expect(get('/api/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.refreshes).toBe(1);
    expect(cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(cookies.get(REFRESH_COOKIE)).toBeUndefined();
    expect(useSession.getState().user).toBeNull();
    expect(wentHome).toBe(1);
    expect(server.calls.filter((c) => c === '/api/profile/logout')).toEqual([]); // dead tokens are not sent again
  });

  it('without a refresh token a 401 is just an error', async () => {
    cookies.remove(REFRESH_COOKIE);
    await expect(get('/api/a')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.refreshes).toBe(0);
  });
});
