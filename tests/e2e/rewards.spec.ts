import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, serverPort, test, type APIRequestContext, type APIResponse } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, headerBalance } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';
import { holdSockets } from './helpers/heldSocket.ts';

// Rewards journeys (docs/rewards.md) against the built product. The server's rewards clock runs
// ahead by the offset in a file (scripts/e2eServer.ts), so a journey closes a leaderboard week, and
// the leader's job pays its prizes, or ends a cashback day, without waiting for Thursday.

test.setTimeout(120_000);
const moveClock = (ms: number) => writeFileSync(path.join(tmpdir(), `shop-e2e-${serverPort()}-clock.txt`), String(Math.round(ms)));
/** How far ahead of the test's clock lies a time the server answers (`data[field]`): where the rewards clock stands. */
async function msUntil(answer: Promise<APIResponse>, field: 'ends_at' | 'next_at'): Promise<number> {
  return new Date((await (await answer).json()).data[field]).getTime() - Date.now();
}
/** When the leaderboard's week ends (a public answer). */
const weekEndsIn = (request: APIRequestContext) => msUntil(request.get('/api/leaderboard?metric=win_amount'), 'ends_at');
const DAY_MS = 86_400_000;
// The server reads the offset once a second: the next test's bets must be stamped on this week's
// days (the cashback test's first bets once came in under the last test's week and accrued nothing).
test.afterEach(async ({ request }) => {
  moveClock(0);
  await expect.poll(() => weekEndsIn(request)).toBeLessThanOrEqual(7 * DAY_MS);
});

type Headers = { authorization: string };
/** A win of `amount` at a 98 % chance: the player must be able to pay `tries` bets (a loss is one run in fifty). */
async function winDice(request: APIRequestContext, headers: Headers, amount: number, tries = 3) {
  for (let i = 0; i < tries; i++) {
    const res = await request.post('/api/dice/bet', { headers, data: { amount, target: 98, direction: 'under' } });
    expect(res.ok(), await res.text()).toBe(true);
    if ((await res.json()).data.payout > 0) return;
  }
  throw new Error(`no win in ${tries} bets`);
}
const balanceOf = async (request: APIRequestContext, headers: Headers) => (await (await request.get('/api/profile', { headers })).json()).data.balance as number;

test('a week closes: the leader pays the prizes, the winner is told and last week lists them; the daily race shows the player\'s place', async ({ page, request, baseURL }) => {
  // Funds for three tries: with 1,000 a first loss (2 %) left too little for a second bet.
  const player = await fundedPlayer(page, request, baseURL!, 2700, 'leader');
  await winDice(request, player.headers, 900, 3);
  await closeDailyBonusWhenItOpens(page);
  // The daily race (docs/rewards.md, "Races") ranks the day's stakes: the player has a place, shown on /races.
  await page.goto('/leaderboard');
  await page.getByRole('link', { name: 'races', exact: true }).click();
  await expect(page).toHaveURL(/\/races$/);
  const daily = page.getByTestId('race-daily');
  await expect(daily).toContainText('Most wagered');
  await expect(daily.getByTestId('race-my-place')).toHaveText(/^Your place: \d+$/);
  const races = (await (await request.get('/api/races', { headers: player.headers })).json()).data.races as { kind: string; ends_at: string; prizes: number[]; me: { rank: number; value: number } | null }[];
  expect(races.find((r) => r.kind === 'daily')!.me!.value).toBeGreaterThanOrEqual(900);
  await page.goto('/leaderboard');
  const mine = page.getByTestId('my-row');
  await expect(mine).toBeVisible();
  await expect(page.getByTestId('podium')).toBeVisible();
  await expect(page.getByTestId('countdown')).toContainText('days');
  const now = (await (await request.get('/api/leaderboard?metric=win_amount', { headers: player.headers })).json()).data;
  expect(now.me.value).toBeGreaterThan(900);

  const before = await balanceOf(request, player.headers);
  moveClock(new Date(now.ends_at).getTime() - Date.now() + 120_000);
  await expect(page.getByText(/Weekly leaderboard \(biggest wins\): place \d+, you won/)).toBeVisible({ timeout: 20_000 });
  const previous = (metric: string) => request.get(`/api/leaderboard?metric=${metric}&period=previous`, { headers: player.headers }).then((r) => r.json()).then((b) => b.data);
  const last = await previous('win_amount');
  expect(last.starts_at).toBe(now.starts_at);
  const prizeOf = (board: { me: { rank: number } | null; rows: { rank: number; prize: number }[] }) => (board.me ? (board.rows.find((r) => r.rank === board.me!.rank)?.prize ?? 0) : 0);
  expect(prizeOf(last)).toBeGreaterThan(0);
  // The 900-coin win also ranks in the multiplier race: both prizes are credited, once each.
  const total = prizeOf(last) + prizeOf(await previous('multiplier'));
  // The races that end by then close too (the daily and the weekly race): their places are paid once.
  const raceWins = races.filter((r) => r.me && new Date(r.ends_at) <= new Date(now.ends_at)).reduce((sum, r) => sum + (r.prizes[r.me!.rank - 1] ?? 0), 0);
  await expect.poll(() => balanceOf(request, player.headers)).toBeCloseTo(before + total + raceWins, 2);

  await page.reload();
  await expect(page.getByTestId('last-week')).toContainText(last.rows[last.me.rank - 1].name);
  await expect(page.getByTestId('race-table')).toHaveCount(0); // a new week: nobody has won yet
});

test('a player claims yesterday’s cashback once, and the banner hides', async ({ page, request, baseURL }) => {
  const player = await fundedPlayer(page, request, baseURL!, 1000, 'cashback');
  for (let i = 0; i < 5; i++) {
    const bet = await request.post('/api/dice/bet', { headers: player.headers, data: { amount: 100, target: 50, direction: 'under' } });
    expect(bet.ok(), await bet.text()).toBe(true);
  }
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/cashback');
  await expect(page.getByTestId('cashback-banner')).toBeVisible();
  await expect(page.getByTestId('cashback-accrued')).toContainText('0.50');
  await expect(page.getByTestId('cashback-rate')).toContainText('10%');
  await expect(page.getByRole('button', { name: 'Nothing to claim yet' })).toBeDisabled();
  const state = (await (await request.get('/api/cashback', { headers: player.headers })).json()).data;

  moveClock(new Date(state.next_at).getTime() - Date.now() + 5000);
  // The server has read the offset: the player's next cashback day is tomorrow's.
  await expect.poll(() => msUntil(request.get('/api/cashback', { headers: player.headers }), 'next_at')).toBeGreaterThan(DAY_MS);
  await page.reload();
  await expect(page.getByTestId('cashback-claimable')).toContainText('0.50');
  const before = await balanceOf(request, player.headers);
  await page.getByRole('button', { name: 'Claim cashback' }).click();
  await expect(page.getByText('Cashback of 0.50 coins credited')).toBeVisible();
  await expect(headerBalance(page)).toContainText((before + 0.5).toFixed(2));
  await expect(page.getByTestId('cashback-banner')).toHaveCount(0);
  const again = await request.post('/api/cashback/claim', { headers: player.headers });
  expect(again.status()).toBe(422);
  expect(await balanceOf(request, player.headers)).toBeCloseTo(before + 0.5, 2);
});

test('a player reaches the VIP page from the profile, sees the rakeback of a bet and claims it', async ({ page, request, baseURL }) => {
  const player = await fundedPlayer(page, request, baseURL!, 1000, 'vip');
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/profile');
  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'VIP' }).click();
  await expect(page.getByTestId('vip-tiers')).toContainText('Diamond');
  await expect(page.getByRole('button', { name: 'Nothing to claim yet' })).toBeDisabled();
  // 500 coins of dice at Bronze: 500 × 1.01 % × 5 % = 0.2525, shown 0.25 once the bets settle (the balance moves, the page asks again).
  const bet = await request.post('/api/dice/bet', { headers: player.headers, data: { amount: 500, target: 50, direction: 'under' } });
  expect(bet.ok(), await bet.text()).toBe(true);
  await expect(page.getByTestId('vip-claimable')).toContainText('0.25');
  const before = await balanceOf(request, player.headers);
  await page.getByRole('button', { name: 'Claim rakeback' }).click();
  await expect(page.getByText('Rakeback of 0.25 coins credited')).toBeVisible();
  await expect(page.getByTestId('vip-claimable')).toContainText('0.00');
  await expect(page.getByTestId('vip-earned')).toContainText('0.25');
  await expect(headerBalance(page)).toContainText((before + 0.25).toFixed(2));
  expect((await request.post('/api/vip/rakeback/claim', { headers: player.headers })).status()).toBe(422);
});

test('a player wins a challenge and completes a mission on /missions, then on a cool-off is offered neither', async ({ page, request, baseURL, browser }) => {
  // The console's form (docs/rewards.md, "Challenges"): a challenge that a 98 % dice win (1.01×) reaches; 100 places, so parallel journeys do not crowd the player out.
  const consoleContext = await browser.newContext({ baseURL });
  const consolePage = await consoleContext.newPage();
  await signInAdmin(consolePage, request, baseURL!);
  await consolePage.goto('/admin/settings');
  const form = consolePage.getByTestId('challenge-create');
  const name = `Dice 1.01x ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Game').selectOption({ label: 'Dice' });
  await form.getByLabel('Multiplier to reach').fill('1.01');
  await form.getByLabel('Winners').fill('100');
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await expect(form.getByRole('status')).toHaveText('Challenge created. It shows on /missions.');
  // A race on one box's openings from the race form (docs/rewards.md, "Races"): refused without a name, then created.
  const raceForm = consolePage.getByTestId('race-create');
  const raceName = `Jordan race ${Date.now()}`;
  await raceForm.getByRole('button', { name: 'Create race' }).click();
  await expect(raceForm.getByRole('status')).toContainText('The race needs a name.');
  await raceForm.getByLabel('Name').fill(raceName);
  await raceForm.getByLabel('Find a box').fill('Jordan');
  const boxSelect = raceForm.getByLabel('Box', { exact: true });
  await expect(boxSelect.getByRole('option', { name: 'Jordan Vault' })).toHaveCount(1);
  await boxSelect.selectOption({ label: 'Jordan Vault' });
  await raceForm.getByLabel('Prizes by place (coins)').fill('30, 20');
  await raceForm.getByRole('button', { name: 'Create race' }).click();
  await expect(raceForm.getByRole('status')).toHaveText('Race created. It shows on /races.');
  await consoleContext.close();
  const player = await fundedPlayer(page, request, baseURL!, 1000, 'missions');
  await winDice(request, player.headers, 100, 3);
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/races');
  await expect(page.getByRole('region', { name: raceName })).toContainText('Most wagered, openings of Jordan Vault. Prizes: 1. 30.00 · 2. 20.00 coins.');
  await page.getByRole('link', { name: 'challenges and missions' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  const me = (await (await request.get('/api/profile', { headers: player.headers })).json()).data.name as string;
  const card = page.getByRole('region', { name });
  await expect(card).toContainText('reach 1.01× on dice with a stake of at least 1.00 coins');
  const row = card.getByRole('row').filter({ hasText: me });
  await expect(row.getByRole('link', { name: 'Verify' })).toHaveAttribute('href', /^\/bets\/[0-9a-f]{32}$/);
  await expect(row).not.toContainText('paying'); // the leader's check paid it
  // Mission: first win at dice, claimed once as bonus money; the badge shows.
  const mission = page.getByTestId('mission-first_win:dice');
  await mission.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('Mission reward of 0.50 coins credited')).toBeVisible();
  await expect(mission).toContainText('Claimed');
  await expect(page.getByRole('list', { name: 'Badges' })).toContainText('First win: Dice');
  await page.screenshot({ path: test.info().outputPath('missions.png'), fullPage: true });

  const cool = await request.post('/api/profile/responsible-gaming/exclusion', { headers: player.headers, data: { choice: 'cool_off_24h' } });
  expect(cool.ok(), await cool.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('missions-paused')).toHaveText('Challenges and missions are paused during your break.');
  await expect(page.getByTestId('challenge')).toHaveCount(0);
  await expect(page.getByTestId('missions')).toHaveCount(0);
});

// The same rewards on a touch phone (docs/client-shell.md, "Phones"): the VIP page's accrual and its
// claim, the daily race's standing moving with a bet, and a mission claimed, each page inside the
// screen's width with its buttons reachable.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('VIP accrual and claim, a race standing that moves, a mission claimed', async ({ page, request, baseURL }) => {
    const player = await fundedPlayer(page, request, baseURL!, 1500, 'rewardph');
    await closeDailyBonusWhenItOpens(page);
    const withinWidth = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const insideScreen = async (button: ReturnType<typeof page.getByRole>) => {
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    };

    // VIP: 500 coins of dice at Bronze accrue 0.25 of rakeback, shown live, then claimed by a tap.
    await page.goto('/profile/vip');
    await expect(page.getByTestId('vip-tiers')).toContainText('Diamond');
    const bet = await request.post('/api/dice/bet', { headers: player.headers, data: { amount: 500, target: 50, direction: 'under' } });
    expect(bet.ok(), await bet.text()).toBe(true);
    await expect(page.getByTestId('vip-claimable')).toContainText('0.25');
    const claim = page.getByRole('button', { name: 'Claim rakeback' });
    await insideScreen(claim);
    await claim.tap();
    await expect(page.getByText('Rakeback of 0.25 coins credited')).toBeVisible();
    await withinWidth();

    // The daily race: the player's place and score, then a bet moves the score on the page. The
    // page's socket is held until the bets have settled: their balance events go to no one, and the
    // page still hears the balance move when its private channel is subscribed.
    const connectSocket = await holdSockets(page);
    await page.goto('/races');
    const daily = page.getByTestId('race-daily');
    await expect(daily.getByTestId('race-my-place')).toHaveText(/^Your place: \d+$/);
    const score = async () => (await (await request.get('/api/races', { headers: player.headers })).json()).data.races.find((r: { kind: string }) => r.kind === 'daily').me.value as number;
    const first = await score();
    expect(first).toBeGreaterThanOrEqual(500);
    await winDice(request, player.headers, 100, 3);
    const moved = await score();
    expect(moved).toBeGreaterThan(first);
    connectSocket();
    // The page asks again as the balance moves: the player's row shows the new score.
    const mine = daily.getByRole('region', { name: 'Standings' }).locator('tr.is-me');
    await expect(mine.first()).toContainText(moved.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    await withinWidth();

    // A mission: the first dice win, claimed by a tap; its badge shows.
    await page.goto('/missions');
    const mission = page.getByTestId('mission-first_win:dice');
    const claimMission = mission.getByRole('button', { name: 'Claim' });
    await insideScreen(claimMission);
    await claimMission.tap();
    await expect(page.getByText('Mission reward of 0.50 coins credited')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Badges' })).toContainText('First win: Dice');
    await withinWidth();
  });
});
