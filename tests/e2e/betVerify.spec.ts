import { expect, test, type Page } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';

// From a bet in the game's history to its fairness calculator: while the seed pair is active the
// row shows only the server seed's hash (and how to reveal it); after a rotation its Verify link
// opens the game's calculator with the bet's seeds, and the calculator shows the bet's outcome.

test.setTimeout(150_000);
const SCENE = { timeout: 30_000 };

function history(page: Page) {
  return page.getByRole('region', { name: 'Bet history' });
}

async function myLatestBet(page: Page) {
  await history(page).getByRole('button', { name: 'My bets' }).click();
  return history(page).getByTestId('bet-row').first();
}

test('a dice bet is verified from "My bets" after rotating the seeds (plinko and upgrade links too)', async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'verify');
  await closeDailyBonusWhenItOpens(page);

  // A dice bet played on the page.
  await page.goto('/dice');
  const scene = page.getByTestId('dice-scene');
  await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await page.getByLabel('Bet amount').fill('1.00');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
  await page.getByRole('button', { name: 'Roll dice' }).click();
  const bet = (await (await answer).json()).data;
  await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);

  // Other games' bets on the same pair, placed through the API: a plinko ball and an upgrade.
  const plinko = (await (await request.post('/api/plinko/bet', { headers, data: { amount: 1, rows: 9, risk: 'high' } })).json()).data;
  const target = (await (await request.get('/api/upgrade/items?min_price=20&limit=1')).json()).data[0];
  const upgradeRes = await request.post('/api/upgrade', { headers, data: { inventory_ids: [], amount: Math.round(target.price * 30) / 100, target_item_id: target.id } });
  expect(upgradeRes.ok(), await upgradeRes.text()).toBe(true);
  const upgrade = (await upgradeRes.json()).data;

  // The pair is still active: no Verify link, only the hash, the client seed, the nonce and the hint.
  const row = await myLatestBet(page);
  await expect(row.getByRole('link', { name: 'Verify' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Seeds' }).click();
  const seeds = history(page).getByTestId('bet-seeds');
  await expect(seeds).toContainText(bet.server_seed_hash);
  await expect(seeds).toContainText(bet.client_seed);
  await seeds.getByRole('link', { name: 'Rotate your seeds' }).click();

  // Rotating on the dice fairness page reveals the pair.
  await expect(page).toHaveURL(/\/dice\/provably-fair$/);
  await page.getByTestId('fair-rotate').click();
  await expect(page.getByTestId('fair-previous')).toBeVisible();

  // Back in the history the bet now links to the calculator with its seeds; the roll matches.
  await page.goto('/dice');
  await (await myLatestBet(page)).getByRole('link', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dice\/provably-fair\?server_seed=[0-9a-f]{64}&client_seed=/);
  const calculator = page.getByTestId('fair-calculator');
  await expect(calculator.getByTestId('calc-nonce')).toHaveValue(String(bet.nonce));
  await expect(calculator.getByText(bet.server_seed_hash)).toBeVisible(); // the revealed seed hashes to the hash shown before
  await expect(calculator.getByTestId('calc-dice-roll')).toHaveText(bet.roll.toFixed(2));

  // Plinko's link also carries the board (rows, risk): the calculator lands on the same slot.
  await page.goto('/plinko');
  await (await myLatestBet(page)).getByRole('link', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/plinko\/provably-fair\?/);
  await expect(page.getByTestId('calc-plinko-rows')).toHaveValue('9');
  await expect(page.getByTestId('calc-plinko-risk')).toHaveValue('high');
  await expect(page.getByTestId('calc-plinko-slot')).toHaveText(String(plinko.slot));

  // Upgrade's calculator is on /provably-fair; the link carries the chance.
  await page.goto('/upgrade');
  await (await myLatestBet(page)).getByRole('link', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/provably-fair\?/);
  await expect(page.locator('#upgrade-calculator')).toBeInViewport();
  await expect(page.getByTestId('calc-upgrade-chance')).toHaveValue(String(upgrade.chance));
  await expect(page.getByTestId('calc-upgrade-ticket')).toHaveText(`${upgrade.roll} of 100000`);
  await expect(page.locator('#upgrade-calculator')).toContainText(upgrade.win ? 'Won' : 'Lost');
});
