import { expect, test } from './helpers/fixtures.ts';
import { MOTION_VIEWPORT } from './helpers/motion.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, headerBalance } from './helpers/players.ts';
import { coinsShown } from './helpers/shownVsHistory.ts';

// Limbo's journey (docs/limbo.md) on one page load: the target and win-chance fields follow each
// other and refuse what cannot be played; a manual bet plays, the scene lands on the server's result,
// and the result line, the recent results strip, the header balance and the game's bet list agree
// with the answer; hotkeys and Instant once switched on; a short auto play runs its bets one at a time; the first bet's seeds, revealed by a
// rotation, recompute its result on /limbo/provably-fair.

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference', viewport: MOTION_VIEWPORT });

test.setTimeout(90_000);
const SCENE = { timeout: 30_000 };
const multiplier = (value: number) => `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;

test('limbo: odds fields, a manual bet shown as settled, its verification, and a short auto play', async ({ page, request, baseURL }) => {
  const player = await fundedPlayer(page, request, baseURL!, 100, 'limbo');
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/limbo');
  const scene = page.getByTestId('limbo-scene');
  await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await expect(headerBalance(page)).toContainText('100.00');

  // The fields follow each other: a typed chance becomes its target, a typed target its chance.
  const targetField = page.getByLabel('Target', { exact: true });
  const chanceField = page.getByLabel('Win chance');
  await expect(targetField).toHaveValue('2.00');
  await expect(chanceField).toHaveValue('49.5');
  await chanceField.fill('25');
  await chanceField.press('Enter');
  await expect(targetField).toHaveValue('3.96');
  await targetField.fill('1');
  await targetField.press('Tab');
  const problem = page.getByRole('region', { name: 'Limbo controls' }).getByRole('alert');
  await expect(problem).toHaveText('The target must be between 1.01 and 1,000,000.');
  await targetField.fill('1.5');
  await targetField.press('Enter');
  await expect(chanceField).toHaveValue('66');
  await expect(problem).toHaveCount(0);
  await page.getByLabel('Bet amount').fill('2.00');
  await expect(page.getByTestId('limbo-payout')).toHaveText('3.00');

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/limbo/bet'));
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  const data = (await (await answer).json()).data;
  await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
  expect(await scene.evaluate((el) => (el as HTMLElement & { sceneShown?: () => unknown }).sceneShown?.())).toBe(data.result);
  await expect(headerBalance(page)).toContainText(data.balance.toFixed(2), SCENE);
  const line = page.getByTestId('limbo-result');
  await expect(line).toContainText(`Result ${multiplier(data.result)} · target 1.50×`);
  const shown = (await line.textContent())!;
  expect(shown.includes('no win') ? 0 : coinsShown(shown.split('won')[1]!)).toBe(data.payout);
  expect(data.win).toBe(data.result >= 1.5);
  await expect(page.getByTestId('limbo-recent').locator('li')).toHaveText([multiplier(data.result)]);
  // A 1.5× win or a loss: no big-win moment over the scene (core/games/celebration.ts).
  await expect(page.getByTestId('big-win')).toHaveCount(0);
  // The game's bet list: the newest row is this bet, with the multiplier and payout of the answer.
  const row = page.getByTestId('bet-row').first();
  await expect(row).toContainText(`${data.multiplier.toFixed(2)}×`);
  await expect(row).toContainText(data.payout.toFixed(2));

  // Hotkeys and Instant, as on dice (docs/games.md, "Pace"): off until switched on; W doubles and S
  // halves the amount, Space bets, and with Instant the result line is the answer's at once.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('w');
  await expect(page.getByLabel('Bet amount')).toHaveValue('2.00');
  await page.getByRole('switch', { name: 'Hotkeys' }).check();
  await page.getByRole('switch', { name: 'Instant' }).check();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('w');
  await expect(page.getByLabel('Bet amount')).toHaveValue('4.00');
  await page.keyboard.press('s');
  await expect(page.getByLabel('Bet amount')).toHaveValue('2.00');
  const keyedAnswer = page.waitForResponse((r) => r.url().endsWith('/api/limbo/bet'));
  await page.keyboard.press('Space');
  const keyed = (await (await keyedAnswer).json()).data;
  await expect(line).toContainText(`Result ${multiplier(keyed.result)} · target 1.50×`);
  await page.getByRole('switch', { name: 'Instant' }).uncheck();

  // A short auto play: three bets, one at a time.
  let bets = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/limbo/bet')) return;
    bets += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
  });
  page.on('requestfinished', (r) => {
    if (r.url().endsWith('/api/limbo/bet')) inFlight -= 1;
  });
  await page.getByRole('button', { name: 'Auto' }).click();
  await page.getByLabel('Bet amount').fill('0.10');
  await page.getByLabel('Number of bets (0 = until stopped)').fill('3');
  await page.getByRole('button', { name: 'Start auto-bet' }).click();
  await expect(page.getByText(/Bets 3 · Profit/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Start auto-bet' })).toBeVisible();
  expect(bets).toBe(3);
  expect(maxInFlight).toBe(1);
  await expect(page.getByTestId('limbo-recent').locator('li')).toHaveCount(5);

  // The big-win moment (docs/scenes.md "Big wins"): at a 5.00× target a win is big, so it shows the
  // headline and the coins' pile once the scene has landed; a loss shows none. Bets until it has seen
  // both (a win has a 19.8% chance: 60 bets miss one with odds of about 1 in 600,000).
  await page.getByRole('button', { name: 'Manual', exact: true }).click();
  await page.getByLabel('Bet amount').fill('0.10');
  await targetField.fill('5');
  await targetField.press('Enter');
  const moment = page.getByTestId('big-win');
  // Beside a big win, the bet page's Share button: without a share sheet (this Chromium) it copies
  // the bet's page, /bets/{public_id} of the answer (docs/transparency.md, "Share"); none for a loss.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const share = page.getByTestId('bet-share');
  let shared: string | null = null;
  const seen = { win: false, loss: false };
  for (let i = 0; i < 60 && !(seen.win && seen.loss); i++) {
    const next = page.waitForResponse((r) => r.url().endsWith('/api/limbo/bet'));
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    const bet = (await (await next).json()).data;
    await expect(page.getByTestId('limbo-recent').locator('li').first()).toHaveText(multiplier(bet.result), SCENE);
    if (bet.win) {
      await expect(moment).toHaveAttribute('data-tier', 'big');
      await expect(moment).toContainText('BIG WIN 5.00×');
      await expect(moment).toHaveAttribute('data-settled', 'true', SCENE);
      if (shared === null) {
        await share.click();
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/bets/${bet.public_id}`);
        shared = `/bets/${bet.public_id}`;
      }
      seen.win = true;
    } else {
      await expect(moment).toHaveCount(0);
      await expect(share).toHaveCount(0);
      seen.loss = true;
    }
  }
  expect(seen).toEqual({ win: true, loss: true });
  // The shared link opens the bet's own page: this Limbo bet, its 5.00× target won.
  await page.goto(shared!);
  await expect(page.getByTestId('bet-page')).toContainText('Limbo bet', SCENE);
  await expect(page.getByTestId('bet-page')).toContainText('5.00×');

  // The bet's seeds, revealed by a rotation, give the same result on the fairness page's calculator.
  const rotated = await request.post('/api/fair/seeds/rotate', { headers: player.headers });
  expect(rotated.ok(), await rotated.text()).toBe(true);
  const serverSeed: string = (await rotated.json()).data.previous.server_seed;
  await page.goto(`/limbo/provably-fair?${new URLSearchParams({ server_seed: serverSeed, client_seed: data.client_seed, nonce: String(data.nonce) })}`);
  await expect(page.getByTestId('calc-limbo-result')).toContainText(multiplier(data.result), SCENE);
});
