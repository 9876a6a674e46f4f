// Dice auto-bet pacing in the browser (docs/games.md "Auto-bet": at least 5 bets a second): a new
// player on /dice at 1440×900, auto mode with full motion (the quick roll animation), `bets` bets of
// 0.10; the rate is counted from the answers of /api/dice/bet as the page received them.
// Run against a served shop (e.g. `PORT=3306 CLIENT_DIR=dist/client node scripts/e2eServer.ts`):
//   node_modules/.bin/node bench/autobet/run.ts http://127.0.0.1:3306 [bets=50] [rounds=3]
import { loadavg, cpus } from 'node:os';
import { chromium, request as apiRequest } from '@playwright/test';
import { bonusSeenToday, fundedPlayer } from '../../tests/e2e/helpers/players.ts';

const [baseURL, betsArg = '50', roundsArg = '3'] = process.argv.slice(2);
if (!baseURL) throw new Error('usage: run.ts BASE_URL [bets] [rounds]');
const bets = Number(betsArg);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'],
});
const api = await apiRequest.newContext({ baseURL });
const rates: number[] = [];
try {
  for (let round = 0; round < Number(roundsArg); round++) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL });
    await fundedPlayer(page, api, baseURL, bets, 'autobench');
    await bonusSeenToday(page);
    await page.goto('/dice');
    await page.getByTestId('dice-scene').and(page.locator('[data-scene-phase="ready"]')).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Auto', exact: true }).click();
    await page.getByLabel('Bet amount').fill('0.10');
    await page.getByLabel('Number of bets (0 = until stopped)').fill(String(bets));
    const answered: number[] = [];
    const sent: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/dice/bet')) sent.push(performance.now());
    });
    page.on('response', (r) => {
      if (r.url().endsWith('/api/dice/bet') && r.ok()) answered.push(performance.now());
    });
    const started = performance.now();
    await page.getByRole('button', { name: 'Start auto-bet' }).click();
    await page.getByText(new RegExp(`Bets ${bets} · Profit`)).waitFor({ timeout: 300_000 });
    const seconds = (answered.at(-1)! - started) / 1000;
    const rate = answered.length / seconds;
    rates.push(rate);
    // Where the time goes: the request's round trip (server and network) against the client's gap
    // from one answer to the next request (the page's own work between bets).
    const trip = median(answered.map((t, i) => t - sent[i]!));
    const gap = median(sent.slice(1).map((t, i) => t - answered[i]!));
    console.log(`round ${round + 1}: ${answered.length} bets in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} bets/s; median round trip ${trip.toFixed(0)} ms, median client gap ${gap.toFixed(0)} ms (load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    await page.close();
  }
} finally {
  await api.dispose();
  await browser.close();
}
const sorted = [...rates].sort((a, b) => a - b);
console.log(JSON.stringify({ bets, rounds: rates.length, median: Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(1)), min: Number(sorted[0]!.toFixed(1)), max: Number(sorted.at(-1)!.toFixed(1)), load1: Number(loadavg()[0]!.toFixed(1)), cores: cpus().length }));
