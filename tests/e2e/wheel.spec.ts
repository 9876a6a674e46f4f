import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { wheelResult } from '../../core/fair/hashChain.ts';
import { WHEEL_SEGMENTS, wheelPayout, type WheelColor } from '../../core/games/wheel.ts';
import { MOTION_SETTING_KEY } from '../../scenes/kit/motion.ts';
import { bonusSeenToday, closeDailyBonusWhenItOpens, fundedPlayer, headerBalance } from './helpers/players.ts';
import { shootBothSizes } from './helpers/screenshots.ts';

// Crazy Wheel journeys against the built product and its real round loop (scripts/e2eServer.ts:
// a 30 s betting window, 0.5 s pending, a 2.5 s spin, 1.5 s pause). The page mirrors the round to
// data-round-status / data-round-id on the scene's element, and the landed spin to
// data-landed-round / data-landed-segment (the segment read back from the scene's rotation).
// Where the wheel must stop is recomputed here from the round's revealed hash and the chain's salt
// with core's own function, and every balance is checked to the cent.

test.setTimeout(120_000);
const ROUND = { timeout: 60_000 };

async function openWheel(browser: Browser, baseURL: string, coins: number, prefix: string, reduced = false) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, reducedMotion: reduced ? 'reduce' : 'no-preference' });
  // The full-motion player chose full motion in the settings: on software WebGL under load the page
  // would otherwise measure a slow device and take the reduced path (docs/scenes.md), no spin to watch.
  if (!reduced) await context.addInitScript((key) => localStorage.setItem(key, '0'), MOTION_SETTING_KEY);
  const page = await context.newPage();
  // The daily bonus was seen today: its modal would cover the bet's toast while it is being closed.
  await bonusSeenToday(page);
  const player = await fundedPlayer(page, context.request, baseURL, coins, prefix);
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/wheel');
  await expect(headerBalance(page)).toContainText(coins.toFixed(2), ROUND);
  return { page, context, headers: player.headers };
}

/** The balance in cents as the server has it. */
async function serverBalance(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const res = await request.get('/api/profile', { headers });
  expect(res.ok(), await res.text()).toBe(true);
  return cents(((await res.json()) as { data: { balance: number } }).data.balance);
}

const stage = (page: Page) => page.getByTestId('wheel-scene');
const cents = (coins: number) => Math.round(coins * 100);
const coinsText = (c: number) => (c / 100).toFixed(2);

interface Landing {
  segment: number;
  /** Status of the round when the page landed, and ms from its `in_progress` to the landing (page clock). */
  status: string;
  afterSpinStartMs: number | null;
}

/**
 * Records, in the page, each round's landing as it happens (the round moves on in seconds, faster
 * than a test can look): the segment, the status at that moment and how long after `in_progress`.
 */
async function watchLandings(page: Page) {
  await stage(page).evaluate((el) => {
    const w = window as unknown as { landings: Record<string, unknown>; spinStarts: Record<string, number> };
    w.landings = {};
    w.spinStarts = {};
    new MutationObserver(() => {
      const d = el.dataset;
      if (d.roundStatus === 'in_progress' && d.roundId && !(d.roundId in w.spinStarts)) w.spinStarts[d.roundId] = performance.now();
      if (d.landedRound && !(d.landedRound in w.landings)) {
        const start = w.spinStarts[d.landedRound];
        w.landings[d.landedRound] = { segment: Number(d.landedSegment), status: d.roundStatus, afterSpinStartMs: start === undefined ? null : performance.now() - start };
      }
    }).observe(el, { attributes: true });
  });
}

async function landingOf(page: Page, roundId: number): Promise<Landing> {
  const read = () => page.evaluate((id) => (window as unknown as { landings: Record<string, Landing> }).landings[id] ?? null, String(roundId));
  await expect.poll(read, ROUND).not.toBeNull();
  return (await read())!;
}

/** Waits for the betting window of a round after `after` (a loaded page may never show the steps between). */
async function nextBettingWindow(page: Page, after: number): Promise<number> {
  const read = () => stage(page).evaluate((el) => (el.dataset.roundStatus === 'starting' ? Number(el.dataset.roundId) : 0));
  await expect.poll(read, ROUND).toBeGreaterThan(after);
  return read();
}

interface PlacedBet {
  bet: { id: number; round_id: number; amount: number; color: WheelColor };
  balance: number;
}

/**
 * Bets through the colour button. Null when the window closed first (a loaded machine can be
 * seconds behind): the button no longer enabled, or the server's 409; neither changes anything.
 */
async function tryBet(page: Page, color: string, amount: string): Promise<PlacedBet | null> {
  const field = page.getByLabel('Bet amount');
  if ((await field.inputValue()) !== amount) await field.fill(amount);
  const button = page.getByRole('button', { name: new RegExp(`^Bet on ${color} `) });
  if (!(await button.isEnabled())) return null;
  // Forced: a loaded test browser can take longer than the window to see the button "stable"
  // across animation frames; the window itself is checked above and by the server. The answer is
  // awaited long: a bet the server took must reach the ledger, however late its answer comes.
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/wheel/bet') && r.request().postDataJSON()?.color === color.toLowerCase().replace('crazy', 'gold'), { timeout: 60_000 }).catch(() => null);
  await button.click({ force: true });
  const res = await answer;
  if (!res) return null;
  if (res.status() === 409) return null;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as PlacedBet;
}

/** Every accepted bet of a player: the balance it must end with, from the rounds' revealed hashes. */
class Ledger {
  private readonly bets: { round: number; cents: number; color: WheelColor; canceled: boolean; id: number }[] = [];
  private readonly startCents: number;
  constructor(startCents: number) {
    this.startCents = startCents;
  }
  add(placed: PlacedBet | null) {
    if (placed) this.bets.push({ id: placed.bet.id, round: placed.bet.round_id, cents: cents(placed.bet.amount), color: placed.bet.color, canceled: false });
    return placed;
  }
  cancel(id: number) {
    this.bets.find((b) => b.id === id)!.canceled = true;
  }
  async expected(request: APIRequestContext): Promise<number> {
    let balance = this.startCents;
    for (const b of this.bets) {
      if (b.canceled) continue;
      balance += wheelPayout(b.cents, b.color, (await segmentFromHash(request, b.round)).segment) - b.cents;
    }
    return balance;
  }
}

/** The segment the round's revealed hash gives (floor(X × 54) with the chain's salt). */
async function segmentFromHash(request: APIRequestContext, roundId: number): Promise<{ segment: number; hash: string }> {
  let hash = '';
  await expect
    .poll(async () => {
      const games = (await (await request.get('/api/wheel/recent-games?limit=10')).json()).data as { id: number; hash: string }[];
      hash = games.find((g) => g.id === roundId)?.hash ?? '';
      return hash;
    }, ROUND)
    .toMatch(/^[0-9a-f]{64}$/);
  const seeds = (await (await request.get('/api/wheel/seeds')).json()).data as { chain: { salt: string } };
  return { segment: wheelResult(hash, seeds.chain.salt, WHEEL_SEGMENTS), hash };
}

test('two players bet on different colours in one round, one cancels; the spin lands where the hash says, balances exact', async ({ browser, baseURL }) => {
  test.setTimeout(480_000);
  const a = await openWheel(browser, baseURL!, 100, 'wheela');
  const b = await openWheel(browser, baseURL!, 100, 'wheelb');
  const ledgerA = new Ledger(cents(100));
  const ledgerB = new Ledger(cents(100));
  await watchLandings(a.page);
  await watchLandings(b.page);
  let roundId = 0;
  let goldId = 0;
  // A round where every step came in time (each attempt's accepted bets stay in the ledgers).
  let tried = 0;
  for (let attempt = 0; attempt < 5 && !roundId; attempt++) {
    tried = await nextBettingWindow(a.page, tried);
    // Every step of a loaded test browser can take seconds: the players bet at the same time, at
    // the amounts already in their fields, and the checks come after.
    await a.page.getByLabel('Bet amount').fill('2.00');
    const [blue, gold, grey] = await Promise.all([
      tryBet(a.page, 'Blue', '2.00').then((p) => ledgerA.add(p)),
      tryBet(a.page, 'Crazy', '2.00').then((p) => ledgerA.add(p)),
      tryBet(b.page, 'Grey', '1.00').then((p) => ledgerB.add(p)),
    ]);
    if (!blue || !gold || !grey || new Set([blue.bet.round_id, gold.bet.round_id, grey.bet.round_id]).size !== 1) continue;
    // The stakes leave at once.
    await expect(headerBalance(a.page)).toContainText(Math.min(blue.balance, gold.balance).toFixed(2));
    await expect(headerBalance(b.page)).toContainText(grey.balance.toFixed(2));
    // A takes the Crazy bet back while betting is open: the stake returns at once.
    const cancel = a.page.waitForResponse((r) => r.url().endsWith(`/api/wheel/bet/${gold.bet.id}/cancel`), { timeout: 15_000 }).catch(() => null);
    const mine = a.page.getByTestId('wheel-my-bets').locator(`li[data-bet-id="${gold.bet.id}"]`);
    const clicked = await mine
      .getByRole('button', { name: 'Cancel' })
      .click({ timeout: 5000, force: true })
      .then(() => true)
      .catch(() => false);
    if (!clicked || (await cancel)?.status() !== 200) continue;
    ledgerA.cancel(gold.bet.id);
    await expect(a.page.getByText('Bet canceled').first()).toBeVisible();
    await expect(headerBalance(a.page)).toContainText(coinsText(cents(Math.min(blue.balance, gold.balance)) + cents(2)));
    await expect(mine).toHaveAttribute('data-status', 'canceled');
    // Everyone sees the round's totals per colour, the canceled stake left out (read together with
    // the round they belong to: a slow page may already show the next round, then nothing to check).
    const totals = (page: Page) =>
      page.evaluate(() => {
        const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
        const round = document.querySelector<HTMLElement>('[data-testid="wheel-scene"]')?.dataset.roundId ?? '';
        return { round, blue: text('wheel-total-blue'), grey: text('wheel-total-grey'), gold: text('wheel-total-gold') };
      });
    const want = { round: String(blue.bet.round_id), blue: '2.00', grey: '1.00', gold: '0.00' };
    let late = false;
    for (const page of [a.page, b.page]) {
      await expect
        .poll(async () => {
          const now = await totals(page);
          late ||= now.round !== want.round;
          return late ? want : now;
        }, ROUND)
        .toEqual(want);
    }
    if (late) continue;
    roundId = blue.bet.round_id;
    goldId = gold.bet.id;
  }
  expect(roundId, 'a round where both players bet and one canceled in time').toBeGreaterThan(0);
  expect(goldId).toBeGreaterThan(0);

  // The spin runs (the wheel turns for most of the spin's 2.5 s), then both pages land on the
  // segment the round's hash gives.
  const landedA = await landingOf(a.page, roundId);
  const landedB = await landingOf(b.page, roundId);
  const { segment, hash } = await segmentFromHash(a.context.request, roundId);
  expect(landedA.segment).toBe(segment);
  expect(landedB.segment).toBe(segment);
  expect(landedA.afterSpinStartMs).toBeGreaterThan(1000);
  if (process.env.SHOTS !== '0') await shootBothSizes(a.page, 'wheel');

  // Balances to the cent: what core pays for each accepted bet's segment, a canceled bet nothing.
  const expectedA = await ledgerA.expected(a.context.request);
  const expectedB = await ledgerB.expected(b.context.request);
  await expect(headerBalance(a.page)).toContainText(coinsText(expectedA), ROUND);
  await expect(headerBalance(b.page)).toContainText(coinsText(expectedB), ROUND);
  expect(await serverBalance(a.context.request, a.headers)).toBe(expectedA);
  expect(await serverBalance(b.context.request, b.headers)).toBe(expectedB);
  // The result is on the strip, linked to its fairness page with the hash.
  await expect(a.page.getByTestId('wheel-history').locator(`a[href="/wheel/provably-fair?hash=${hash}"]`)).toHaveCount(1);
  await a.context.close();
  await b.context.close();
});

test('reduced motion: the result at once, no spin; the balance is exact', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { page, context, headers } = await openWheel(browser, baseURL!, 50, 'wheelrm', true);
  const ledger = new Ledger(cents(50));
  await watchLandings(page);
  let placed: PlacedBet | null = null;
  let tried = 0;
  for (let attempt = 0; attempt < 4 && !placed; attempt++) {
    tried = await nextBettingWindow(page, tried);
    await expect(page.getByTestId('wheel-countdown')).toContainText(/Spin in\s*\d/);
    placed = ledger.add(await tryBet(page, 'Grey', '1.00'));
  }
  // The stake leaves at once, with the server's msg as a toast.
  if (placed) await expect(headerBalance(page)).toContainText(placed.balance.toFixed(2));
  if (placed) await expect(page.getByText('Bet placed').first()).toBeVisible();
  expect(placed, 'a bet in time').not.toBeNull();
  const roundId = placed!.bet.round_id;
  // Standing on the result as the spin starts: no spin was drawn.
  const landed = await landingOf(page, roundId);
  expect(landed.status).toBe('in_progress');
  expect(landed.afterSpinStartMs).toBeLessThan(1250); // well within the 2.5 s spin
  const { segment } = await segmentFromHash(context.request, roundId);
  expect(landed.segment).toBe(segment);
  const expected = await ledger.expected(context.request);
  await expect(headerBalance(page)).toContainText(coinsText(expected), ROUND);
  expect(await serverBalance(context.request, headers)).toBe(expected);
  await context.close();
});
