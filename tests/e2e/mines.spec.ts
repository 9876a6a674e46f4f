import { expect, test, type Page } from './helpers/fixtures.ts';
import type { MinesBoard } from '../../core/protocol/mines.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer, headerBalance } from './helpers/players.ts';
import { coinsShown, expectShownMatchesHistory } from './helpers/shownVsHistory.ts';

// Mines against the built product: a board starts, a tile is revealed, a reload in the middle finds
// the same board, the cash-out shows the amount the server answered and the history holds it. The
// player cannot know where the mines are (that is the game), so the journey plays one mine and
// starts a new board in the rare case (1 in 25) that the first tile is it.

test.setTimeout(120_000);
const SCENE = { timeout: 30_000 };

async function act(page: Page, path: string, click: () => Promise<void>): Promise<MinesBoard> {
  const answer = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
  await click();
  const res = await answer;
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: MinesBoard }).data;
}

test('mines: bet, reveal, reload mid-board, cash out the amount shown, history agrees; auto play runs whole boards', async ({ page, request, baseURL }) => {
  const player = await fundedPlayer(page, request, baseURL!, 100, 'mines');
  await closeDailyBonusWhenItOpens(page);
  await page.goto('/mines');
  const scene = page.getByTestId('mines-scene');
  await expect(scene).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await page.getByLabel('Bet amount').fill('2.00');
  await page.getByRole('combobox', { name: 'Mines', exact: true }).selectOption('1');
  await expect(page.getByTestId('mines-next')).toHaveText('×1.03');

  let board: MinesBoard | null = null;
  for (let attempt = 0; attempt < 4 && !board; attempt++) {
    const started = await act(page, '/api/mines/bet', () => page.getByTestId('mines-bet').click());
    expect(started).toMatchObject({ status: 'open', amount: 2, mines: 1, revealed: [] });
    await expect(page.getByTestId('mines-cashout')).toBeDisabled();
    const revealed = await act(page, '/api/mines/reveal', () => page.getByTestId('mines-tile-12').click());
    await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
    if (revealed.status === 'open') board = revealed;
    else await expect(page.getByTestId('mines-result')).toHaveText('Hit a mine · no win');
  }
  expect(board, 'a safe first tile in four boards of one mine').not.toBeNull();
  await expect(page.getByTestId('mines-multiplier')).toHaveText(`×${board!.multiplier.toFixed(2)}`);
  await expect(page.getByTestId('mines-next')).toHaveText(`×${board!.next_multiplier!.toFixed(2)}`);
  await expect(page.getByTestId('mines-cashout')).toHaveText(`Cash out ${board!.payout.toFixed(2)}`);

  // A reload keeps the board: the server's open board, its numbers and its revealed tile.
  await page.reload();
  await expect(scene).toHaveAttribute('data-scene-phase', /ready|finished/, SCENE);
  await expect(page.getByTestId('mines-cashout')).toHaveText(`Cash out ${board!.payout.toFixed(2)}`);
  await expect(page.getByTestId('mines-multiplier')).toHaveText(`×${board!.multiplier.toFixed(2)}`);
  await expect(page.getByTestId('mines-tile-12')).toBeDisabled();
  await expect(page.getByTestId('mines-tile-12')).toHaveAccessibleName(/gem/);

  const ended = await act(page, '/api/mines/cashout', () => page.getByTestId('mines-cashout').click());
  expect(ended).toMatchObject({ status: 'cashed_out', payout: board!.payout, mines: 1 });
  expect(ended.mine_tiles).toHaveLength(1);
  await expect(scene).toHaveAttribute('data-scene-phase', 'finished', SCENE);
  const result = page.getByTestId('mines-result');
  await expect(result).toHaveText(`Cashed out ${ended.payout.toFixed(2)} at ×${ended.multiplier.toFixed(2)}`);
  await expect(headerBalance(page)).toContainText(ended.balance.toFixed(2), SCENE);
  await expect(page.getByTestId('mines-bet')).toBeEnabled();
  const shown = (await result.textContent())!;
  await expectShownMatchesHistory(request, player.headers, { game: 'mines', payout: coinsShown(shown), multiplier: Number(shown.split('×')[1]) });
  // The bet list under the board, as under the instant games: the player's newest row is this board.
  await page.getByRole('region', { name: 'Bet history' }).getByRole('button', { name: 'My bets' }).click();
  const row = page.getByTestId('bet-row').first();
  await expect(row).toContainText(`${ended.multiplier.toFixed(2)}×`);
  await expect(row).toContainText(ended.payout.toFixed(2));

  // Auto play: one tile picked, then three whole boards, one call at a time: bet, reveal, and a
  // cash-out unless the tile was the mine.
  const calls: string[] = [];
  page.on('request', (r) => {
    const call = /\/api\/mines\/(bet|reveal|cashout)$/.exec(r.url());
    if (call) calls.push(call[1]!);
  });
  await page.getByRole('button', { name: 'Auto' }).click();
  await page.getByTestId('mines-tile-7').click();
  await expect(page.getByTestId('mines-picks')).toContainText('1 tile picked');
  await page.getByLabel('Number of bets (0 = until stopped)').fill('3');
  await page.getByRole('button', { name: 'Start auto-bet' }).click();
  await expect(page.getByText(/Bets 3 · Profit/)).toBeVisible({ timeout: 60_000 });
  expect(calls.filter((c) => c === 'bet')).toHaveLength(3);
  expect(calls.filter((c) => c === 'reveal')).toHaveLength(3);
  expect(calls.filter((c) => c === 'cashout').length).toBeGreaterThanOrEqual(2);
  const current = await request.get('/api/mines/current', { headers: player.headers });
  expect((await current.json()).data).toBeNull();
});
