import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { BONUS_SHOWN_KEY } from '../../../src/app/dailyBonusOffer.ts';
import { mailTo } from './outbox.ts';

// Players for the journeys, made through the product's own calls: register, POST /oauth/token
// (the token goes into the `token` cookie the client reads), and, when coins are needed, a sandbox
// crypto transfer through the signed callback pipeline.

let counter = 0;

export async function signIn(page: Page, request: APIRequestContext, baseURL: string, prefix = 'player') {
  const { email, password } = await registerNew(request, prefix);
  return signInAs(page, request, baseURL, email, password);
}

async function registerNew(request: APIRequestContext, prefix: string): Promise<PlayerIdentity> {
  counter += 1;
  const identity = { email: `${prefix}${Date.now()}${counter}@example.com`, password: `${prefix}-secret`, name: `${prefix.slice(0, 8)}${Date.now() % 100000}${counter}` };
  const reg = await register(request, identity);
  expect(reg.ok(), await reg.text()).toBe(true);
  return identity;
}

/**
 * A player with `coins` who plays through the API, with its bearer token: the other player of a round
 * game, whose clicks are not what the journey tests (tests/e2e/wheel.spec.ts, crash.spec.ts). A page
 * signs in as it with the token in the `token` cookie.
 */
export async function fundedApiPlayer(request: APIRequestContext, coins: number, prefix = 'player') {
  const { name, email, password } = await registerNew(request, prefix);
  const token = await accessToken(request, email, password);
  const headers = { authorization: `Bearer ${token}` };
  await credit(request, headers, coins);
  return { name, token, headers };
}

export interface PlayerIdentity {
  name: string;
  email: string;
  password: string;
}

const register = (request: APIRequestContext, { name, email, password }: PlayerIdentity) =>
  request.post('/api/auth/register', { data: { name, email, password, 'g-recaptcha-response': '', terms: true } });

/** Signs in an existing player: the token from POST /oauth/token goes into the `token` cookie. */
export async function signInAs(page: Page, request: APIRequestContext, baseURL: string, email: string, password: string) {
  const access_token = await accessToken(request, email, password);
  await page.context().addCookies([{ name: 'token', value: access_token, url: baseURL }]);
  return { email, password, headers: { authorization: `Bearer ${access_token}` } };
}

async function accessToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const config = await (await request.get('/api/config')).json();
  const tokenRes = await request.post('/oauth/token', {
    data: { grant_type: 'password', client_id: config.oauth.client_id, client_secret: config.oauth.client_secret, username: email, password, scope: '*' },
  });
  expect(tokenRes.ok(), await tokenRes.text()).toBe(true);
  return ((await tokenRes.json()) as { access_token: string }).access_token;
}

/**
 * A player with a fixed name and email (pages that show them look the same on every run), signed
 * in; registered and given `coins` only the first time (a retry on the same server finds it made).
 */
export async function fixedPlayer(page: Page, request: APIRequestContext, baseURL: string, identity: PlayerIdentity, coins: number) {
  const created = (await register(request, identity)).ok();
  const player = await signInAs(page, request, baseURL, identity.email, identity.password);
  if (created) await credit(request, player.headers, coins);
  return player;
}

/** Follows the verification mail's link (withdrawals and free loot need a verified email). */
export async function verifyEmail(request: APIRequestContext, email: string) {
  const mail = await mailTo(email, 'Verify Email Address');
  const res = await request.get(mail.link, { maxRedirects: 0 });
  expect(res.headers()['location']).toMatch(/\/email-verified$/);
}

/** A signed-in player with `coins` on the balance. */
export async function fundedPlayer(page: Page, request: APIRequestContext, baseURL: string, coins: number, prefix = 'player') {
  const player = await signIn(page, request, baseURL, prefix);
  await credit(request, player.headers, coins);
  return player;
}

/** `coins` (35 or more: the crypto minimum) onto the player's balance: a sandbox crypto transfer through the signed callback pipeline; the sandbox answers 409 when the transfer credits nothing. */
export async function credit(request: APIRequestContext, headers: Record<string, string>, coins: number) {
  const address = await request.post('/api/deposit/alphapo/deposit-address', { headers, data: { currency: 'BTC' } });
  expect(address.ok(), await address.text()).toBe(true);
  const wallet = (await address.json()).data.wallet;
  const res = await request.post(`/api/sandbox/crypto/${wallet}/receive`, { headers, data: { amount: coins } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The header's balance button (it opens the deposit modal). */
export const headerBalance = (page: Page) => page.getByRole('button', { name: 'Balance, deposit' }).first();

/**
 * The daily bonus modal opens ~4 s after a page load (docs/product.md §2) and takes the focus, so a
 * key a journey presses then lands on its Deposit button (limbo.spec's Enter in the target field
 * opened the cashier on a loaded machine). So the device has seen it today (bonusSeenToday) unless
 * `offered` asks for the real offer, and it is closed whenever it still gets in the way. Returns what
 * stops the closing.
 */
export async function closeDailyBonusWhenItOpens(page: Page, { offered = false }: { offered?: boolean } = {}) {
  if (!offered) await bonusSeenToday(page);
  const bonus = page.getByRole('dialog', { name: 'Daily bonus' });
  await page.addLocatorHandler(bonus, async () => {
    await bonus.getByRole('button', { name: 'Close' }).click();
  });
  return () => page.removeLocatorHandler(bonus);
}

/**
 * Opens the cashier by its link (`path` with ?modal=deposit) and waits for it: the query waits for
 * the profile, then the modal's chunk and its first answers, over 10 s on a loaded machine. A phone's
 * cashier opens at its method list ("… Chose payment method").
 */
export async function openCashier(page: Page, path: string) {
  await page.goto(path);
  const modal = page.getByRole('dialog', { name: /^Deposit$|Chose payment method$/ });
  await expect(modal).toBeVisible({ timeout: 30_000 });
  return modal;
}

/** The default 25 deposit with winter35 through the deposit modal and the sandbox checkout, from home back to home (33.75 on the balance). */
export async function depositWinter35(page: Page) {
  const modal = await openCashier(page, '/?modal=deposit&promocode=winter35');
  await expect(modal.getByTestId('promo-applied')).toContainText('winter35');
  await modal.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/\d+$/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(headerBalance(page)).toContainText('33.75');
}

/**
 * Marks the daily bonus as already seen today on this device (it opens at most once a day), for
 * journeys about something else. The day is the one the page asks for when it reads the mark, not
 * the one when the page loaded: a mark written at load went stale when midnight passed in the 4 s
 * before the offer's check (a clean-clone run at 00:00 UTC had the bonus open over the security
 * journey's Logout), so the page's read of that one key answers with its own today. Given a context,
 * every page it opens has seen it: a second page of a player opened later would otherwise offer the
 * bonus 4 s after its load, over whatever the journey clicks next.
 */
export async function bonusSeenToday(target: Page | BrowserContext) {
  await target.addInitScript((key) => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, name: string) {
      if (name !== key) return getItem.call(this, name);
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    };
  }, BONUS_SHOWN_KEY);
}
