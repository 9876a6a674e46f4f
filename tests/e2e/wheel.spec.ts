import { expect, type APIRequestContext, type BrowserContextOptions, type Page } from './helpers/fixtures.ts';
import { wheelResult } from '../../core/fair/hashChain.ts';
import { WHEEL_COLOR_LABELS, WHEEL_MULTIPLIERS, WHEEL_SEGMENTS, wheelColorAt, wheelPayout, type WheelColor } from '../../core/games/wheel.ts';
import { hundredthsToMultiplier } from '../../core/games/multiplier.ts';
import { chooseFullMotion, MOTION_VIEWPORT } from './helpers/motion.ts';
import { test } from './helpers/ownPages.ts';
import { bonusSeenToday, closeDailyBonusWhenItOpens, fundedApiPlayer, fundedPlayer, headerBalance } from './helpers/players.ts';
import { coinsShown, expectShownMatchesHistory } from './helpers/shownVsHistory.ts';
import { shootBothSizes } from './helpers/screenshots.ts';
import { recordTexts, textsSeen } from './helpers/seenTexts.ts';

// Crazy Wheel journeys against the built product and its real round loop (scripts/e2eServer.ts:
// a 10 s betting window, 0.5 s pending, a 2.5 s spin, 1.5 s pause). The page mirrors the round to
// data-round-status / data-round-id on the scene's element, and the landed spin to
// data-landed-round / data-landed-segment (the segment read back from the scene's rotation).
// Where the wheel must stop is recomputed here from the round's revealed hash and the chain's salt
// with core's own function, and every balance is checked to the cent. The other player bets through
// the API; the betting hook's rules (stake and cancel at once, the balance held until the spin is
// drawn) are unit tests: tests/src/useWheelBetting.test.ts.

test.setTimeout(120_000);
const ROUND = { timeout: 60_000 };

type OwnPage = (options?: BrowserContextOptions) => Promise<Page>;

/** A player on /wheel; full motion at MOTION_VIEWPORT (the desktop layout), unless reduced on the given window. */
async function openWheel(ownPage: OwnPage, baseURL: string, coins: number, prefix: string, reduced = false, viewport: { width: number; height: number } = MOTION_VIEWPORT) {
  const page = await ownPage({ viewport, reducedMotion: reduced ? 'reduce' : 'no-preference' });
  // The full-motion player chose full motion in the settings: else no spin to watch under load.
  if (!reduced) await chooseFullMotion(page.context());
  // The daily bonus was seen today: its modal would cover the bet's toast while it is being closed.
  await bonusSeenToday(page);
  const player = await fundedPlayer(page, page.context().request, baseURL, coins, prefix);
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/wheel');
  await expect(headerBalance(page)).toContainText(coins.toFixed(2), ROUND);
  return { page, headers: player.headers };
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

/**
 * Waits for a betting window with at least `seconds` on the page's countdown (it counts to the spin,
 * 0.5 s after the window closes), so what the journey does in the window has time to land.
 */
async function bettingWindow(page: Page, seconds: number): Promise<number> {
  let roundId = 0;
  const read = () =>
    stage(page).evaluate((el, least) => {
      const left = Number(document.querySelector('[data-testid="wheel-countdown"] .wheel-countdown__seconds')?.textContent ?? 0);
      return el.dataset.roundStatus === 'starting' && left >= least ? Number(el.dataset.roundId) : 0;
    }, seconds);
  await expect.poll(async () => (roundId = await read()), { ...ROUND, intervals: [100] }).toBeGreaterThan(0);
  return roundId;
}

interface PlacedBet {
  bet: { id: number; round_id: number; amount: number; color: WheelColor };
  balance: number;
}

/**
 * Bets through the colour button while the window is open. Forced: a loaded test browser can take
 * longer than the window to see the button "stable" across animation frames; that it is enabled is
 * checked, and the window by the server.
 */
async function bet(page: Page, color: string, amount: string): Promise<PlacedBet> {
  const field = page.getByLabel('Bet amount');
  if ((await field.inputValue()) !== amount) await field.fill(amount);
  const button = page.getByRole('button', { name: new RegExp(`^Bet on ${color} `) });
  await expect(button).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/wheel/bet') && r.request().postDataJSON()?.color === color.toLowerCase().replace('crazy', 'gold'));
  await button.click({ force: true });
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as PlacedBet;
}

async function apiBet(request: APIRequestContext, headers: Record<string, string>, color: WheelColor, amount: number): Promise<PlacedBet> {
  const res = await request.post('/api/wheel/bet', { headers, data: { amount, color } });
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
  add(placed: PlacedBet) {
    this.bets.push({ id: placed.bet.id, round: placed.bet.round_id, cents: cents(placed.bet.amount), color: placed.bet.color, canceled: false });
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

/** The segment the round's revealed hash gives (floor(X × 54) with the chain's salt), and the round's number. */
async function segmentFromHash(request: APIRequestContext, roundId: number): Promise<{ segment: number; hash: string; number: number }> {
  let game: { hash: string; number: number } | undefined;
  await expect
    .poll(async () => {
      const games = (await (await request.get('/api/wheel/recent-games?limit=10')).json()).data as { id: number; hash: string; number: number }[];
      game = games.find((g) => g.id === roundId);
      return game?.hash ?? '';
    }, ROUND)
    .toMatch(/^[0-9a-f]{64}$/);
  const seeds = (await (await request.get('/api/wheel/seeds')).json()).data as { chain: { salt: string } };
  return { segment: wheelResult(game!.hash, seeds.chain.salt, WHEEL_SEGMENTS), hash: game!.hash, number: game!.number };
}


test('two players bet on different colours in one round, one cancels; the spin lands where the hash says, balances exact', async ({ ownPage, request, baseURL }) => {
  const a = await openWheel(ownPage, baseURL!, 100, 'wheela');
  // The other player bets through the API: the same colour buttons as A's, so its clicks test nothing more.
  const b = await fundedApiPlayer(request, 100, 'wheelb');
  const ledgerA = new Ledger(cents(100));
  const ledgerB = new Ledger(cents(100));
  await watchLandings(a.page);
  await recordTexts(a.page, 'toasts', '.Toastify__toast');
  await recordTexts(a.page, 'announced', '[data-testid="round-announcer"]');
  await a.page.getByLabel('Bet amount').fill('2.00');
  // Each colour is named by what it shows (WCAG 2.5.3, a voice-control user says what they see):
  // "Bet on Grey ×2 0.00" holds every visible word, in the language's order.
  for (const button of await a.page.getByTestId('wheel-colors').getByRole('button').all()) {
    const shown = await button.evaluate((b) => [...b.querySelectorAll('span:not(.visually-hidden)')].map((s) => s.textContent!.trim()));
    await expect(button).toHaveAccessibleName(`Bet on ${shown.join(' ')}`);
  }
  // Two bets and a cancel through a loaded page take a few seconds: a window with most of its 10 s ahead.
  const roundId = await bettingWindow(a.page, 10);
  // A bets on two colours through the page, B on a third, at the same time; all in this round.
  const [blue, gold, grey] = await Promise.all([
    bet(a.page, 'Blue', '2.00').then((p) => ledgerA.add(p)),
    bet(a.page, 'Crazy', '2.00').then((p) => ledgerA.add(p)),
    apiBet(request, b.headers, 'grey', 1).then((p) => ledgerB.add(p)),
  ]);
  expect([blue.bet.round_id, gold.bet.round_id, grey.bet.round_id]).toEqual([roundId, roundId, roundId]);
  // The stakes leave at once.
  await expect(headerBalance(a.page)).toContainText(Math.min(blue.balance, gold.balance).toFixed(2));
  expect(grey.balance).toBe(99);
  // A takes the Crazy bet back while betting is open: the stake returns at once.
  const cancel = a.page.waitForResponse((r) => r.url().endsWith(`/api/wheel/bet/${gold.bet.id}/cancel`));
  const mine = a.page.getByTestId('wheel-my-bets').locator(`li[data-bet-id="${gold.bet.id}"]`);
  await mine.getByRole('button', { name: 'Cancel' }).click({ force: true });
  expect((await cancel).status()).toBe(200);
  ledgerA.cancel(gold.bet.id);
  await expect(headerBalance(a.page)).toContainText(coinsText(cents(Math.min(blue.balance, gold.balance)) + cents(2)));
  await expect(mine).toHaveAttribute('data-status', 'canceled');
  // A's blue bet stands in the round: promotions keep off the spin that settles it (src/app/promoModalGate.ts).
  await expect(a.page.locator('[data-live-play]')).toHaveCount(1);
  // Bets and cancels show in the panel's own list, never as toasts (docs/wheel.md, "Toasts"):
  // recorded from the page's start, so one that closed after its 2 s counts too.
  expect(await textsSeen(a.page, 'toasts')).toEqual([]);
  // The round's totals per colour, B's bet in them and the canceled stake left out (read together
  // with the round they belong to).
  const totals = () =>
    a.page.evaluate(() => {
      const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      const round = document.querySelector<HTMLElement>('[data-testid="wheel-scene"]')?.dataset.roundId ?? '';
      return { round, blue: text('wheel-total-blue'), grey: text('wheel-total-grey'), gold: text('wheel-total-gold') };
    });
  await expect.poll(totals).toEqual({ round: String(roundId), blue: '2.00', grey: '1.00', gold: '0.00' });
  // What A's list says of the blue bet, recorded as it changes: the list empties when the next round
  // opens, which may come before the test reads it.
  await recordTexts(a.page, 'blueState', `[data-testid="wheel-my-bets"] li[data-bet-id="${blue.bet.id}"] .wheel-mine__state`);

  // The spin runs (the wheel turns for most of the spin's 2.5 s), then the page lands on the
  // segment the round's hash gives.
  const landed = await landingOf(a.page, roundId);
  const { segment, hash, number } = await segmentFromHash(request, roundId);
  expect(landed.segment).toBe(segment);
  expect(landed.afterSpinStartMs).toBeGreaterThan(1000);
  // For screen readers (docs/wheel.md): the landed result and what A's bets won, said once the
  // wheel has stopped; nothing before it (no countdown seconds).
  const color = wheelColorAt(segment);
  const wonCents = wheelPayout(cents(2), 'blue', segment);
  const said = `Round #${number}: ${WHEEL_COLOR_LABELS[color]} ×${hundredthsToMultiplier(WHEEL_MULTIPLIERS[color])}. ${wonCents > 0 ? `You won ${coinsText(wonCents)}.` : 'Your bets did not win.'}`;
  await expect.poll(() => textsSeen(a.page, 'announced')).toContain(said);
  // What A's list showed for the blue bet ("+4.00" or "Lost") is what A's history holds for it.
  const settledTexts = async () => (await textsSeen(a.page, 'blueState')).filter((t) => /^\+\d+\.\d\d$|^Lost$/.test(t));
  await expect.poll(settledTexts).toHaveLength(1);
  await expect(a.page.locator('[data-live-play]')).toHaveCount(0);
  const blueShown = (await settledTexts())[0]!;
  await expectShownMatchesHistory(request, a.headers, { game: 'wheel', id: blue.bet.id, payout: blueShown === 'Lost' ? 0 : coinsShown(blueShown) });
  for (const text of await textsSeen(a.page, 'announced')) expect(text).toMatch(/^Round #\d+/);
  if (process.env.SHOTS !== '0') await shootBothSizes(a.page, 'wheel');

  // Balances to the cent: what core pays for each accepted bet's segment, a canceled bet nothing.
  const expectedA = await ledgerA.expected(request);
  const expectedB = await ledgerB.expected(request);
  await expect(headerBalance(a.page)).toContainText(coinsText(expectedA), ROUND);
  expect(await serverBalance(request, a.headers)).toBe(expectedA);
  expect(await serverBalance(request, b.headers)).toBe(expectedB);
  // The result is on the strip, linked to its fairness page with the hash.
  await expect(a.page.getByTestId('wheel-history').locator(`a[href^="/wheel/provably-fair?hash=${hash}"]`)).toHaveCount(1);

  // Hotkeys (docs/games.md, "Pace"), off until switched on: S halves the amount, 2 bets it on the
  // second colour (blue) in the next window.
  await a.page.getByRole('switch', { name: 'Hotkeys' }).check();
  await a.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await a.page.keyboard.press('s');
  await expect(a.page.getByLabel('Bet amount')).toHaveValue('1.00');
  const keyed = await bettingWindow(a.page, 3);
  const byKey = a.page.waitForResponse((r) => r.url().endsWith('/api/wheel/bet') && r.request().method() === 'POST');
  await a.page.keyboard.press('2');
  const placed = (await (await byKey).json()).data as PlacedBet;
  expect(placed.bet).toMatchObject({ round_id: keyed, color: 'blue', amount: 1 });
  await expect(a.page.getByTestId('wheel-my-bets').locator(`li[data-bet-id="${placed.bet.id}"]`)).toBeVisible();
});

test('reduced motion on a phone: the result at once, no spin; the countdown clear of the wheel; the balance is exact', async ({ ownPage, request, baseURL }) => {
  const { page, headers } = await openWheel(ownPage, baseURL!, 50, 'wheelrm', true, { width: 390, height: 844 });
  const ledger = new Ledger(cents(50));
  await watchLandings(page);
  await page.getByLabel('Bet amount').fill('1.00');
  await bettingWindow(page, 6);
  await expect(page.getByTestId('wheel-countdown')).toContainText(/Spin in\s*\d/);
  // The countdown over the wheel and the readout under it say the same second at every moment,
  // sampled in the page every 100 ms over 2.5 s (the readout once stayed behind until some other
  // event redrew it).
  const samples = await page.evaluate(async () => {
    const read = () => [
      document.querySelector('[data-testid="wheel-countdown"] .wheel-countdown__seconds')?.textContent ?? '',
      /spin in (\d+)s/.exec(document.querySelector('[data-testid="wheel-readout"]')?.textContent ?? '')?.[1] ?? '',
    ];
    const seen: string[][] = [];
    for (let i = 0; i < 25; i++) {
      seen.push(read());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return seen;
  });
  expect(new Set(samples.map(([over]) => over)).size, 'the countdown moved on while sampled').toBeGreaterThan(1);
  expect(samples.filter(([over, under]) => over !== under), 'moments the readout said another second').toEqual([]);
  // On a phone the wheel fills its square stage: the countdown sits in the corner the circle leaves
  // free, off the rim (the scene's layout, scenes/wheel/WheelScene.ts resize: radius min(w, h)/2 − 24,
  // centre (w/2, h/2 + 8)).
  const chip = (await page.getByTestId('wheel-countdown').boundingBox())!;
  const area = (await stage(page).boundingBox())!;
  const radius = Math.min(area.width, area.height) / 2 - 24;
  const [cx, cy] = [area.x + area.width / 2, area.y + area.height / 2 + 8];
  const nearest = Math.hypot(Math.max(chip.x, Math.min(cx, chip.x + chip.width)) - cx, Math.max(chip.y, Math.min(cy, chip.y + chip.height)) - cy);
  expect(nearest, 'the countdown chip stays off the wheel').toBeGreaterThan(radius);
  // The stake leaves at once; the bet shows in the panel's list, not as a toast (recorded as they
  // appear: one closes after 2 s).
  await recordTexts(page, 'toasts', '.Toastify__toast');
  const placed = await bet(page, 'Grey', '1.00');
  ledger.add(placed);
  await expect(headerBalance(page)).toContainText(placed.balance.toFixed(2));
  await expect(page.getByTestId('wheel-my-bets').locator(`li[data-bet-id="${placed.bet.id}"]`)).toBeVisible();
  expect(await textsSeen(page, 'toasts')).toEqual([]);
  const roundId = placed.bet.round_id;
  // Standing on the result as the spin starts: no spin was drawn.
  const landed = await landingOf(page, roundId);
  expect(landed.status).toBe('in_progress');
  expect(landed.afterSpinStartMs).toBeLessThan(1250); // well within the 2.5 s spin
  const { segment } = await segmentFromHash(request, roundId);
  expect(landed.segment).toBe(segment);
  const expected = await ledger.expected(request);
  await expect(headerBalance(page)).toContainText(coinsText(expected), ROUND);
  expect(await serverBalance(request, headers)).toBe(expected);
});
