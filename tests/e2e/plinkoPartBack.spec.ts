import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Plinko says what a ball is worth (docs/games.md): a 0.5× ball returns half the stake, announced
// as "0.5x: 0.50 coins back" in an info toast, not "You won" with the success tick. Outcomes are
// the server's (the next server seed is secret until rotated), so the journey drops balls on the
// 8-row low board, where 0.5× is the middle slot (70 of 256 paths, 27.3 %), until one lands there:
// 40 balls all missing it has a chance of 0.727^40 ≈ 3 in 10⁶. One ball at a time: balls in flight
// together may land out of order, and the later landing's toast replaces the earlier one's (a 0.5×
// ball that overtook the ball before it was once announced and replaced before it was read).

test('a 0.5x ball is announced as half the stake back, not as a win', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  await fundedPlayer(page, request, baseURL!, 60, 'half');
  await bonusSeenToday(page);
  // The board's config (its default rows and risk) answers only after the player has picked: the
  // picks stand (an answer arriving late once put Medium back under every ball).
  let answerConfig: () => void = () => undefined;
  const picksMade = new Promise<void>((resolve) => (answerConfig = resolve));
  await page.route('**/api/plinko/config', async (route) => {
    await picksMade;
    await route.continue();
  });
  const configAnswered = page.waitForResponse((r) => r.url().endsWith('/api/plinko/config'));
  await page.goto('/plinko');
  await expect(page.locator(APP_LOADING)).toHaveCount(0); // a prerendered page: clicks wait for React
  const low = page.getByRole('group', { name: 'Risk' }).getByRole('button', { name: 'Low' });
  await low.click();
  await page.locator('input[name="rows"]').fill('8');
  answerConfig();
  await configAnswered;
  await expect(page.getByText('Rows 8')).toBeVisible();
  await expect(low).toHaveAttribute('aria-pressed', 'true');
  const drop = page.getByRole('button', { name: 'Drop ball', exact: true });
  const scene = page.getByTestId('plinko-scene');

  let half = false;
  for (let ball = 0; ball < 40 && !half; ball++) {
    await expect(drop).toBeEnabled({ timeout: 30_000 });
    await expect(scene).not.toHaveAttribute('data-scene-phase', 'running', { timeout: 30_000 }); // the ball before has landed
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/plinko/bet') && r.request().method() === 'POST');
    await drop.click();
    const bet = await (await answer).json();
    expect(bet.data.path).toHaveLength(8);
    if (bet.data.multiplier !== 0.5) continue;
    half = true;
    const toast = page.locator('.Toastify__toast', { hasText: '0.5x: 0.50 coins back' });
    await expect(toast).toBeVisible({ timeout: 30_000 }); // after the ball lands
    await expect(toast).toHaveClass(/Toastify__toast--info/);
    await expect(toast).not.toHaveClass(/Toastify__toast--success/);
    await expect(toast).not.toContainText(/won/i);
  }
  expect(half, 'no ball of 40 landed in the 0.5x slot').toBe(true);
});
