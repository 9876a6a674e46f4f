// Dice's manual pace in the browser (docs/games.md "Dice pace": Roll re-armed at most 300 ms after
// the answer): a new player on /dice, full motion, `rolls` manual rolls of 0.10, each clicked as soon
// as Roll is armed again, as a player clicking fast does. The page itself notes, in its own clock,
// the click, the answer (fetch's answer) and the moment Roll is armed again (no aria-busy, not
// disabled), so the figures hold no Node-side latency. Printed: the distribution of click → answer
// (the reference: the server's round trip and the request's work), answer → re-armed (what the page
// adds) and click → re-armed, and the ratio of the last to the first in the same run.
// Run against a served shop (e.g. `PORT=3500 CLIENT_DIR=dist/client node scripts/e2eServer.ts`):
//   node_modules/.bin/node bench/dice/pace.ts http://127.0.0.1:3500 [rolls=30] [width=1440] [height=900]
import { cpus, loadavg } from 'node:os';
import { chromium, request as apiRequest } from '@playwright/test';
import { bonusSeenToday, fundedPlayer } from '../../tests/e2e/helpers/players.ts';

const [baseURL, rollsArg = '30', widthArg = '1440', heightArg = '900'] = process.argv.slice(2);
if (!baseURL) throw new Error('usage: pace.ts BASE_URL [rolls] [width] [height]');
const rolls = Number(rollsArg);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;
const spread = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(0)} · p90 ${quantile(xs, 0.9).toFixed(0)} · max ${Math.max(...xs).toFixed(0)} ms`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'],
});
const api = await apiRequest.newContext({ baseURL });
try {
  const page = await browser.newPage({ viewport: { width: Number(widthArg), height: Number(heightArg) }, baseURL });
  await fundedPlayer(page, api, baseURL, 40, 'pacebench');
  await bonusSeenToday(page);
  await page.goto('/dice');
  await page.getByTestId('dice-scene').and(page.locator('[data-scene-phase="ready"]')).waitFor({ timeout: 60_000 });
  await page.getByLabel('Bet amount').fill('0.10');
  const roll = page.getByRole('button', { name: 'Roll dice' });
  await page.evaluate(() => {
    type Roll = { clicked: number; answered?: number; armed?: number };
    const w = window as unknown as { rolls: Roll[] };
    w.rolls = [];
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Roll dice')!;
    button.addEventListener('click', (e) => w.rolls.push({ clicked: e.timeStamp }), { capture: true });
    const original = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await original(input, init);
      const current = String(input).endsWith('/api/dice/bet') ? w.rolls.at(-1) : undefined;
      if (current) current.answered = performance.now();
      return response;
    };
    new MutationObserver(() => {
      const current = w.rolls.at(-1);
      if (current?.answered !== undefined && current.armed === undefined && !button.disabled && !button.hasAttribute('aria-busy')) current.armed = performance.now();
    }).observe(button, { attributes: true, attributeFilter: ['aria-busy', 'disabled'] });
  });
  for (let i = 0; i < rolls; i++) {
    await roll.click(); // waits until Roll is enabled and takes pointer input again
    await page.waitForFunction((n) => (window as unknown as { rolls: { armed?: number }[] }).rolls[n]?.armed !== undefined, i, { timeout: 60_000, polling: 'raf' });
  }
  const measured = await page.evaluate(() => (window as unknown as { rolls: { clicked: number; answered: number; armed: number }[] }).rolls);
  const answer = measured.map((r) => r.answered - r.clicked);
  const rearm = measured.map((r) => r.armed - r.answered);
  const total = measured.map((r) => r.armed - r.clicked);
  console.log(`${measured.length} rolls at ${widthArg}×${heightArg} (load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
  console.log(`  click → answer     ${spread(answer)}  (reference)`);
  console.log(`  answer → re-armed  ${spread(rearm)}`);
  console.log(`  click → re-armed   ${spread(total)}`);
  console.log(`  click → re-armed / click → answer, median ${(quantile(total, 0.5) / quantile(answer, 0.5)).toFixed(2)}`);
  console.log(JSON.stringify({ rolls: measured.length, answerP50: Math.round(quantile(answer, 0.5)), rearmP50: Math.round(quantile(rearm, 0.5)), rearmP90: Math.round(quantile(rearm, 0.9)), rearmMax: Math.round(Math.max(...rearm)), totalP50: Math.round(quantile(total, 0.5)), ratio: Number((quantile(total, 0.5) / quantile(answer, 0.5)).toFixed(2)) }));
} finally {
  await api.dispose();
  await browser.close();
}
