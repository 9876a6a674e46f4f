import { expect, test } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';

// Kill switches (docs/operator-console.md, "Kill switches"): the admin switches dice off on
// /admin/settings with a message; a player whose /dice was open is refused in those words, the page
// loaded again shows the message instead of the game; switched back on, the game is back.

test.setTimeout(120_000);

test('an admin switches dice off and on; the player reads the message and is refused meanwhile', async ({ page, browser, request, baseURL }) => {
  const player = await browser.newContext();
  const playerPage = await player.newPage();
  await fundedPlayer(playerPage, request, baseURL!, 50, 'switched');
  await closeDailyBonusWhenItOpens(playerPage);
  await playerPage.goto('/dice');
  const roll = playerPage.getByRole('button', { name: 'Roll dice' });
  await expect(roll).toBeEnabled({ timeout: 30_000 });

  await signInAdmin(page, request, baseURL!);
  await page.goto('/admin/settings');
  const dice = page.getByTestId('kill-switch-dice');
  await expect(dice).toHaveAttribute('data-enabled', 'true');
  await dice.getByLabel('Message to players (optional)').fill('Dice is resting for a fix.');
  page.once('dialog', (dialog) => void dialog.accept());
  await dice.getByRole('button', { name: 'Switch off' }).click();
  await expect(dice).toHaveAttribute('data-enabled', 'false');
  await expect(dice).toContainText('Off: Dice is resting for a fix.');

  await roll.click();
  await expect(playerPage.getByText('Dice is resting for a fix.')).toBeVisible();
  await playerPage.reload();
  await expect(playerPage.getByTestId('switched-off')).toHaveText('Dice is resting for a fix.');
  await expect(roll).toHaveCount(0);

  page.once('dialog', (dialog) => void dialog.accept());
  await dice.getByRole('button', { name: 'Switch on' }).click();
  await expect(dice).toHaveAttribute('data-enabled', 'true');
  await playerPage.reload();
  await expect(roll).toBeEnabled({ timeout: 30_000 });
  await expect(playerPage.getByTestId('switched-off')).toHaveCount(0);
  await player.close();
});
