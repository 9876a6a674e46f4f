import { expect, type APIRequestContext, type BrowserContextOptions, type Page } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { allowFor, expectRoundWas, plannedCrashRound, untilBettingOpens, untilWindowNear, waitFor } from './helpers/knownCrash.ts';
import { test } from './helpers/ownPages.ts';
import { CRASH_JOURNEY_CHAIN } from '../helpers/e2eRounds.ts';
import { bonusSeenToday, closeDailyBonusWhenItOpens, fundedApiPlayer, fundedPlayer, headerBalance } from './helpers/players.ts';
import { MOTION_VIEWPORT } from './helpers/motion.ts';
import { recordTexts, textsSeen } from './helpers/seenTexts.ts';
import { coinsShown, expectShownMatchesHistory } from './helpers/shownVsHistory.ts';

// The crash journey against the built product and its real round loop (scripts/e2eServer.ts runs
// rounds with a 4 s betting window, a 0.5 s launch and a 1.5 s pause): the wiring, in one round. The
// e2e server's chain is known (FAIR_CHAIN_SEED): the journey picks, before betting, the first round
// that flies long enough for what it does (tests/e2e/helpers/knownCrash.ts), bets in it, and checks
// at the end that the round was that one and crashed at its point. The page mirrors the round to
// data-round-status on the scene's element and says it in words in the readout. The logic is in
// unit tests: the betting hook (stake, queue, the balance held until the marker is drawn) in
// tests/src/useCrashBetting.test.ts, the round model in tests/src/crashRound.test.ts.

// A server of this file's own, on a chain whose early rounds all fly briefly and often long enough
// for the late joiner (CRASH_JOURNEY_CHAIN): the planned round is a minute away at most.
test.use({ journeyEnv: CRASH_JOURNEY_CHAIN });

// The pages load and the players sign up first; the planned round's wait is added to the limit.
test.setTimeout(120_000);
const ROUND = { timeout: 60_000 };
/**
 * The late joiner's flight: the page opens and is checked (about 3 s on a loaded machine, near 20 s
 * beside another worker's multi-page journey on two cores), then the other player cashes out by hand
 * and the late page sees it, all while the rocket flies (4.48x and up: about one round in five).
 */
const LATE_FLIGHT_MS = 25_000;

type OwnPage = (options?: BrowserContextOptions) => Promise<Page>;

/** A page of its own signed in as a new player with `coins`; it opens /crash later (showCrash). */
async function crashPlayer(ownPage: OwnPage, baseURL: string, coins: number, prefix: string, reduced = false) {
  const page = await ownPage({ viewport: MOTION_VIEWPORT, reducedMotion: reduced ? 'reduce' : 'no-preference' });
  const player = await fundedPlayer(page, page.context().request, baseURL, coins, prefix);
  // The daily bonus was seen today: its modal opens 4 s after the load, mid-round.
  await bonusSeenToday(page);
  await closeDailyBonusWhenItOpens(page);
  return { page, player, coins };
}

/** The player's page opens /crash, its panel the player's once the balance shows. */
async function showCrash({ page, coins }: { page: Page; coins: number }) {
  await page.goto('/crash');
  await expect(headerBalance(page)).toContainText(coins.toFixed(2), ROUND);
}

const stage = (page: Page) => page.getByTestId('crash-scene');
const mainButton = (page: Page) => page.getByTestId('crash-main-button');

/** The multiplier the readout shows while the round flies, else null. */
async function multiplierIn(page: Page): Promise<number | null> {
  if ((await stage(page).getAttribute('data-round-status')) !== 'in_progress') return null;
  const match = /^(\d+\.\d\d)x$/.exec(((await page.getByTestId('crash-readout').locator('.crash-readout__text').textContent()) ?? '').trim());
  return match ? Number(match[1]) : null;
}

type PlacedBet = { bet: { id: number; round_id: number }; balance: number };

/** The balance in coins as the server has it. */
async function serverBalance(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const res = await request.get('/api/profile', { headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** Fills the panel ahead of the window (typing takes time on a loaded machine). */
async function fillBet(page: Page, amount: string, autoCashout = '') {
  await page.getByLabel('Bet amount').fill(amount);
  await page.getByLabel('Auto cash-out').fill(autoCashout);
}

/** Places the filled bet through the panel's main button while the window is open. */
async function placeBet(page: Page): Promise<PlacedBet> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/crash/bet'));
  // Forced: the window's countdown re-renders the panel, and the click's wait for a still button can
  // outlast the 4 s window on a loaded machine (the server's answer says whether the bet was taken).
  await mainButton(page).click({ force: true });
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as PlacedBet;
}

async function apiBet(request: APIRequestContext, headers: Record<string, string>, amount: number): Promise<PlacedBet> {
  const res = await request.post('/api/crash/bet', { headers, data: { amount, auto_cashout: null } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as PlacedBet;
}

test('one round, three players: a cash-out by hand, an auto cash-out in reduced motion, a late joiner whose bet busts; the round crashes at its known point', async ({ ownPage, request, baseURL }) => {
  const a = await crashPlayer(ownPage, baseURL!, 100, 'crasha');
  // C plays with reduced motion: the number and a static chart, and an auto cash-out.
  const c = await crashPlayer(ownPage, baseURL!, 50, 'crashrm', true);
  // B bets through the API (the same panel as A's and C's, so its click tests nothing more) and
  // opens /crash only once the rocket flies: the late joiner. Its app is loaded already (on the home
  // page), so the page opens in the flight's first seconds.
  const b = await fundedApiPlayer(request, 100, 'crashb');
  const late = await ownPage({ viewport: MOTION_VIEWPORT });
  await late.context().addCookies([{ name: 'token', value: b.token, url: baseURL! }]);
  await bonusSeenToday(late);
  await closeDailyBonusWhenItOpens(late);
  await late.goto('/');
  await late.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  // A round that flies long enough to open the late page in and cash out by hand after (it passes
  // C's 1.01x on the way).
  const planned = await plannedCrashRound(request, { minFlightMs: LATE_FLIGHT_MS });
  allowFor(planned);
  // A's and C's pages open /crash shortly before its window: two loads and two fills on a loaded machine.
  await untilWindowNear(request, planned, 20_000);
  await Promise.all([showCrash(a), showCrash(c)]);
  await fillBet(a.page, '2.00');
  await fillBet(c.page, '1.00', '1.01');
  // What the live region announces for screen readers (docs/crash.md): recorded as it changes.
  await recordTexts(a.page, 'announced', '[data-testid="round-announcer"]');
  const round = await untilBettingOpens(a.page, request, planned);
  const [betA, betC, betB] = await Promise.all([placeBet(a.page), placeBet(c.page), apiBet(request, b.headers, 1)]);
  const roundId = betA.bet.round_id;
  expect([betB.bet.round_id, betC.bet.round_id]).toEqual([roundId, roundId]);
  // The stake leaves at once.
  await expect(headerBalance(a.page)).toContainText('98.00');
  expect(betC.balance).toBeCloseTo(49, 2);
  expect(betB.balance).toBe(99);
  // A sees the others' bets in the round's list.
  await expect(a.page.getByTestId('crash-round-bets').locator('tr[data-player]')).toHaveCount(3, ROUND);
  await expect(stage(a.page)).toHaveAttribute('data-round-status', 'in_progress', waitFor(round));
  // A bet in the air keeps promotions away from its Cash out button (src/app/promoModalGate.ts).
  const livePlay = a.page.locator('[data-live-play]');
  await expect(livePlay).toHaveCount(1);

  // B opens /crash while the rocket flies: the running round with its bets.
  await late.goto('/crash');
  await expect(stage(late)).toHaveAttribute('data-round-id', String(roundId), ROUND);
  // Players know a round by its number, crash's own count of its rounds (its id is shared with the wheel).
  const roundNumber = Number((await late.getByTestId('crash-readout').locator('.crash-readout__round').innerText()).replace('Round #', ''));
  await recordTexts(late, 'announced', '[data-testid="round-announcer"]');
  await expect(stage(late)).toHaveAttribute('data-round-status', 'in_progress');
  const shownOnA = await multiplierIn(a.page);
  const shownLate = await multiplierIn(late);
  expect(shownOnA, 'the round still flies on the page that saw the launch').not.toBeNull();
  expect(shownLate, 'the round still flies on the late page').not.toBeNull();
  // The late page runs from the launch time like the page that saw the launch, not from 1.00x.
  expect(shownLate!).toBeGreaterThanOrEqual(shownOnA! - 0.02);
  await expect(late.getByTestId('crash-round-bets').locator('tr[data-player]')).toHaveCount(3);
  await expect(headerBalance(late)).toContainText('99.00');

  // A cashes out by hand, once the button reads 1.20x or more (the curve moves a hundredth every
  // ~80 ms there, so a payment at a later point than the click shows).
  const cashOut = a.page.getByRole('button', { name: /^Cash out \d+\.\d\d$/ });
  await expect(cashOut).toBeVisible();
  const label = a.page.getByTestId('crash-cash-out-label');
  await expect.poll(async () => Number(await label.getAttribute('data-multiplier')), ROUND).toBeGreaterThanOrEqual(1.2);
  // The button's text and multiplier at the moment of the click, read by the page in the click itself.
  await a.page.evaluate(() => {
    const record = () => {
      const shown = document.querySelector('[data-testid="crash-cash-out-label"]');
      (window as unknown as { atClick: unknown }).atClick = { text: shown?.textContent, multiplier: shown?.getAttribute('data-multiplier') };
    };
    document.addEventListener('click', record, { capture: true, once: true });
  });
  const answer = a.page.waitForResponse((r) => r.url().endsWith('/api/crash/close-bet'));
  // Forced: the label changes with every frame, so the click's wait for a still button could let the
  // curve run on for seconds on a loaded machine; the click itself reads what it pays (atClick).
  await cashOut.click({ force: true });
  const res = await answer;
  expect(res.status(), await res.text()).toBe(200);
  const paid = (await res.json()).data as { multiplier: number; payout: number; balance: number };
  const atClick = (await a.page.evaluate(() => (window as unknown as { atClick: { text: string; multiplier: string } }).atClick))!;
  // The number on the button at the click is the number paid: the answer, the page's list and the history.
  expect(atClick.text).toBe(`Cash out ${paid.payout.toFixed(2)}`);
  expect(Number(atClick.multiplier)).toBe(paid.multiplier);
  expect(paid.payout).toBe(Math.round(200 * paid.multiplier) / 100); // 2.00 × m, m with 2 decimals
  expect(paid.multiplier).toBeLessThan(round.crashPoint);
  await expect(livePlay).toHaveCount(0);
  await expectShownMatchesHistory(request, a.player.headers, { game: 'crash', id: betA.bet.id, payout: coinsShown(atClick.text), multiplier: Number(atClick.multiplier) });
  // The other player sees the cash-out in the round's list while the rocket still flies.
  const rowOfA = late.getByTestId('crash-round-bets').locator('tr.crash-bets__row--cashed_out', { hasText: `${paid.multiplier.toFixed(2)}x` });
  await expect(rowOfA).toHaveCount(1, { timeout: 20_000 });
  await expect(stage(late)).toHaveAttribute('data-round-status', 'in_progress');
  if (process.env.SHOTS_DIR) {
    // docs/screenshots: the round in play, A cashed out, B still in (its button says Cash out).
    await a.page.setViewportSize({ width: 1440, height: 900 });
    await a.page.screenshot({ path: `${process.env.SHOTS_DIR}/crash-1440x900.png` });
    await late.setViewportSize({ width: 390, height: 844 });
    await late.screenshot({ path: `${process.env.SHOTS_DIR}/crash-390x844.png` });
    await late.setViewportSize(MOTION_VIEWPORT);
  }
  // Paid when the player's own marker is drawn: the header shows the answer's balance.
  await expect(headerBalance(a.page)).toContainText(paid.balance.toFixed(2), ROUND);
  // The cash-out is announced once, as it happens, not the flight's every tick.
  await expect.poll(() => textsSeen(a.page, 'announced')).toContain(`You cashed out at ${paid.multiplier.toFixed(2)}x: ${paid.payout.toFixed(2)}.`);

  // Reduced motion: the number in the readout; C's auto cash-out paid exactly at its target, 1.01
  // for 1.00, as the curve passed it.
  await expect(stage(c.page)).toHaveAttribute('data-round-status', /in_progress|ended/, ROUND);
  await expect(c.page.getByTestId('crash-readout')).toContainText(/\d+\.\d\dx/);
  await c.page.getByRole('button', { name: 'My bets' }).click();
  const rowOfC = c.page.getByTestId('crash-my-bets').locator('tbody tr').first();
  await expect(rowOfC.locator('td').first()).toHaveText(`#${roundNumber}`);
  await expect(rowOfC).toContainText('1.01x', ROUND);
  await expect(rowOfC).not.toContainText('Busted');
  await expect(headerBalance(c.page)).toContainText('50.01', ROUND);

  // B never cashes out: the round crashes with B's bet open, at its known point (the ended state
  // lasts only the pause, so wait for the round to be over rather than for that moment).
  await expect(stage(late)).not.toHaveAttribute('data-round-id', String(roundId), waitFor(round));
  await expect(headerBalance(late)).toContainText('99.00');
  // B's own bets keep the round after the list has moved on to the next one.
  await late.getByRole('button', { name: 'My bets' }).click();
  await expect(late.getByTestId('crash-my-bets').locator('tbody tr').first().locator('td').first()).toHaveText(`#${roundNumber}`);
  await expect(late.getByTestId('crash-my-bets').locator('tbody tr').first()).toContainText('Busted');
  expect(await serverBalance(request, b.headers)).toBe(99);
  // The round's result, with each player's own outcome, and nothing else.
  const recent = (await (await request.get('/api/crash/recent-games?limit=20')).json()).data as { id: number; number: number }[];
  expect(recent.find((g) => g.id === roundId)!.number).toBe(roundNumber);
  const crashed = `Round #${roundNumber} crashed at ${round.crashPoint.toFixed(2)}x.`;
  // (Other rounds' results, before and after this one, are left out.)
  const thisRound = async (page: Page) => (await textsSeen(page, 'announced')).filter((text) => !text.startsWith('Round #') || text.startsWith(`Round #${roundNumber} `));
  expect(await thisRound(late)).toEqual([`${crashed} Your bet of 1.00 was lost.`]);
  expect(await thisRound(a.page)).toEqual([
    `You cashed out at ${paid.multiplier.toFixed(2)}x: ${paid.payout.toFixed(2)}.`,
    `${crashed} You cashed out at ${paid.multiplier.toFixed(2)}x and won ${paid.payout.toFixed(2)}.`,
  ]);
  // The round's crash point is on the strips and links to its fairness page with the hash (found by
  // its hash: on a loaded machine short rounds after it can already stand before it).
  for (const page of [a.page, late]) {
    const chip = page.getByTestId('crash-history').locator(`a[href^="/crash/provably-fair?hash=${round.hash}"]`);
    await expect(chip).toHaveCount(1);
    await expect(chip).toHaveText(`${round.crashPoint.toFixed(2)}x`);
  }
  await expectRoundWas(request, roundId, round);
});
