import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { closeDailyBonusWhenItOpens, fundedPlayer, headerBalance } from './helpers/players.ts';

// Rewards journeys (docs/rewards.md) against the built product. The server's rewards clock runs
// ahead by the offset in a file (scripts/e2eServer.ts), so a journey closes a leaderboard week, and
// the leader's job pays its prizes, or ends a cashback day, without waiting for Thursday.

test.setTimeout(120_000);
const port = Number(process.env.E2E_PORT ?? 3100);
const clockFile = path.join(tmpdir(), `shop-e2e-${port}-clock.txt`);
const moveClock = (ms: number) => writeFileSync(clockFile, String(Math.round(ms)));
test.afterEach(() => moveClock(0));

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
  await new Promise((r) => setTimeout(r, 1200)); // the offset file is read once a second
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
