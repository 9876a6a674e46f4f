import { createHmac } from 'node:crypto';
import { expect, test } from './helpers/fixtures.ts';
import { fundedPlayer } from './helpers/players.ts';

// Provably fair journeys on the built product: a signed-in player bets on dice, rotates seeds on
// /dice/provably-fair, and the in-browser calculator reproduces the roll the server made.

function refDice(serverSeed: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  return Math.floor((b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4) * 10001) / 100;
}

test('a signed-in player rotates seeds on /dice/provably-fair and the calculator reproduces a past roll', async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 50, 'fair');
  // The shop may offer its daily deposit bonus in a modal at any moment: close it when it shows.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Daily bonus' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
  await page.goto('/dice/provably-fair');
  const panel = page.getByTestId('fair-seeds');
  const hashBefore = (await panel.getByTestId('fair-server-seed-hash').textContent())!.trim();
  expect(hashBefore).toMatch(/^[0-9a-f]{64}$/);

  // The player picks a client seed (the unused pair changes in place).
  await panel.getByTestId('fair-client-seed').fill('my-own-seed-42');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Client seed saved')).toBeVisible();
  await expect(panel.getByTestId('fair-server-seed-hash')).toHaveText(hashBefore);

  // Two real dice bets decided on the server with this pair (nonces 1 and 2).
  const bets = [];
  for (let i = 0; i < 2; i++) {
    const res = await request.post('/api/dice/bet', { headers, data: { amount: 1, target: 50, direction: 'under' } });
    expect(res.ok(), await res.text()).toBe(true);
    bets.push((await res.json()).data);
  }
  await page.reload();
  await expect(panel.getByTestId('fair-nonce')).toHaveText('2');

  await panel.getByTestId('fair-rotate').click();
  const previous = page.getByTestId('fair-previous');
  await expect(previous).toBeVisible();
  const serverSeed = (await previous.getByTestId('fair-previous-server-seed').textContent())!.trim();
  await expect(previous.getByTestId('fair-previous-client-seed')).toHaveText('my-own-seed-42');
  await expect(previous.getByTestId('fair-previous-nonce')).toHaveText('2');
  await expect(panel.getByTestId('fair-server-seed-hash')).not.toHaveText(hashBefore);
  await expect(panel.getByTestId('fair-nonce')).toHaveText('0');

  // "Verify" fills the calculator with the revealed pair at its last nonce: the last bet's roll.
  await previous.getByRole('button', { name: 'Verify' }).click();
  const calculator = page.getByTestId('fair-calculator');
  await expect(calculator.getByTestId('calc-server-seed')).toHaveValue(serverSeed);
  await expect(calculator.getByText(hashBefore)).toBeVisible(); // the typed seed hashes to the hash shown before
  const lastBet = bets[1];
  await expect(calculator.getByTestId('calc-dice-roll')).toHaveText(lastBet.roll.toFixed(2));
  expect(refDice(serverSeed, 'my-own-seed-42', 2)).toBe(lastBet.roll);

  // Typing the earlier nonce reproduces the first bet.
  await calculator.getByTestId('calc-nonce').fill('1');
  await expect(calculator.getByTestId('calc-dice-roll')).toHaveText(bets[0].roll.toFixed(2));
});

test('crash calculator recomputes a round from a published-style hash and salt', async ({ page }) => {
  await page.goto('/crash/provably-fair');
  const hash = 'a'.repeat(64);
  await page.getByTestId('calc-crash-hash').fill(hash);
  await page.getByTestId('calc-crash-salt').fill('salt');
  const x = parseInt(createHmac('sha256', 'salt').update(Buffer.from(hash, 'hex')).digest('hex').slice(0, 13), 16) / 2 ** 52;
  await expect(page.getByTestId('calc-crash-result')).toHaveText(`${Math.max(1, Math.floor(99 / (1 - x)) / 100).toFixed(2)}x`);
  await expect(page.getByTestId('fair-seeds')).toContainText('Sign in');
  // Every game with a fairness page of its own has a tab, Mines included.
  await expect(page.getByRole('navigation', { name: 'Provably fair pages' }).getByRole('link')).toHaveText(['Overview', 'Crash', 'Wheel', 'Plinko', 'Dice', 'Limbo', 'Mines']);
});

test('round numbers: crash and wheel count their own rounds; a round’s Verify link and the verifier name the same round', async ({ page, request }) => {
  type Recent = { id: number; number: number; hash: string };
  const recent = async (game: string) => ((await (await request.get(`/api/${game}/recent-games?limit=5`)).json()).data as Recent[]).filter(Boolean);
  // The e2e server plays both games side by side, so their rounds' ids interleave.
  await expect.poll(async () => Math.min((await recent('crash')).length, (await recent('wheel')).length), { timeout: 45_000 }).toBeGreaterThanOrEqual(2);
  for (const game of ['crash', 'wheel']) {
    const numbers = (await recent(game)).map((r) => r.number);
    // Newest first, one after another (voided rounds aside, which the e2e server does not make).
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! - i));
  }
  await page.goto('/crash');
  const chip = page.getByTestId('crash-history').getByRole('link').first();
  await expect(chip).toHaveAttribute('title', /^Round #\d+: verify$/);
  await chip.click();
  await page.waitForURL(/\/crash\/provably-fair\?hash=[0-9a-f]{64}&round=\d+$/);
  const link = new URL(page.url());
  const round = (await recent('crash')).find((r) => r.hash === link.searchParams.get('hash'))!;
  expect(Number(link.searchParams.get('round'))).toBe(round.number);
  // The verifier names the round by the number the game showed: on the game's first chain its place in the chain too.
  await expect(page.getByText(`Verified: round #${round.number} is game ${round.number} of the chain.`)).toBeVisible({ timeout: 20_000 });
});
