import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_ADMIN } from '../../helpers/e2eStaff.ts';

// Signs the e2e server's console admin in as the console asks: the password, then a two-factor code
// (grant_type two_factor), the token into the `token` cookie. A code is single use per 30 s step, so
// the last step used is kept in a file (by port, like the server's other shared files): the next
// sign-in uses a later step, now or the next one (both accepted), or waits for the clock to reach it.

const STEP = 30;
const stepFile = (baseURL: string) => path.join(tmpdir(), `shop-e2e-${new URL(baseURL).port}-admin-step.txt`);

async function nextCode(baseURL: string): Promise<string> {
  let last = -1;
  try {
    last = Number(readFileSync(stepFile(baseURL), 'utf8')) || -1;
  } catch {
    // first sign-in on this server
  }
  const now = () => Math.floor(Date.now() / 1000 / STEP);
  // A later step than the last one used, at most one ahead of the clock (the server's tolerance).
  await expect.poll(() => last + 1 <= now() + 1, { timeout: 35_000, intervals: [1000] }).toBe(true);
  const step = Math.max(now(), last + 1);
  writeFileSync(stepFile(baseURL), String(step));
  return generate({ secret: E2E_ADMIN.totpSecret, epoch: step * STEP });
}

async function oauth(request: APIRequestContext, body: Record<string, string>) {
  const config = await (await request.get('/api/config')).json();
  const res = await request.post('/oauth/token', { data: { client_id: config.oauth.client_id, client_secret: config.oauth.client_secret, scope: '*', ...body } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<Record<string, string>>;
}

/** The console admin's bearer token, signed in with the password and a code. */
export async function adminToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const first = await oauth(request, { grant_type: 'password', username: E2E_ADMIN.email, password: E2E_ADMIN.password });
  expect(first.two_factor_token).toBeTruthy();
  const signedIn = await oauth(request, { grant_type: 'two_factor', two_factor_token: first.two_factor_token!, code: await nextCode(baseURL) });
  return signedIn.access_token!;
}

/** Signs the page in as the console admin; answers the headers for API calls as it. */
export async function signInAdmin(page: Page, request: APIRequestContext, baseURL: string) {
  const token = await adminToken(request, baseURL);
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL }]);
  return { headers: { authorization: `Bearer ${token}` } };
}
