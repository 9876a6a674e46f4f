import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';

// Responsible gaming in the browser (docs/account-safety.md, "Limits and exclusions"), one journey
// per size: the Limits page under the profile, a daily wager limit set in its form and shown with its
// reset, the reality check's interval chosen, a dice bet over the limit refused with the limit's
// message beneath the amount, the reality-check dialog after the interval (the page's clock moved on)
// acknowledged, a bet that uses the rest of the limit and then the limit shown before the next tap
// (its banner with the reset, Roll disabled), a cool-off taken (after its confirmation), and then the
// box page and dice showing the break with its end and their Open and Roll disabled, and the
// cashier's Pay closed with the same reason.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`limits, reality check and a cool-off refuse play with their reasons (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.clock.install();
    await fundedPlayer(page, request, baseURL!, 100, 'limits');
    await bonusSeenToday(page);

    await page.goto('/profile/limits');
    await expect(page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Limits' })).toHaveClass(/active/, { timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Limit', exact: true }).selectOption('wager');
    await page.getByRole('combobox', { name: 'Period' }).selectOption('day');
    await page.getByLabel('Amount (coins)').fill('1');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await expect(page.getByTestId('limit-list')).toContainText('Daily wager limit: 1.00 coins');
    await expect(page.getByTestId('limit-list')).toContainText('Used 0.00');
    // Bad input is refused beneath the field, nothing sent.
    await page.getByLabel('Amount (coins)').fill('1.234');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await expect(page.getByText('Enter coins with at most two decimals')).toBeVisible();
    const reminder = page.getByRole('group', { name: 'Reality check reminder' });
    await reminder.getByRole('button', { name: '15 min' }).click();
    await expect(reminder.getByRole('button', { name: '15 min' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/dice');
    // The page sets its default amount once its scene is ready: fill after that.
    await expect(page.getByTestId('dice-scene')).toHaveAttribute('data-scene-phase', 'ready', { timeout: 30_000 });
    await page.getByLabel('Bet amount').fill('2.00');
    await expect(page.getByLabel('Bet amount')).toHaveValue('2.00');
    await page.getByRole('button', { name: 'Roll dice' }).click();
    await expect(page.getByText(/This would exceed your daily wager limit of 1\.00 coins\. It resets at \d\d\.\d\d\.\d\d, 00:00 UTC\./)).toBeVisible({ timeout: 30_000 });

    // Fifteen minutes of the session later, the reminder: time played and net result, acknowledged.
    await page.clock.fastForward('15:00');
    const check = page.getByRole('dialog', { name: 'Reality check' });
    await expect(check).toBeVisible();
    await expect(check.getByTestId('reality-check-time')).toContainText('this session');
    await expect(check.getByTestId('reality-check-net')).toContainText('Net result: +0.00 coins');
    await check.getByRole('button', { name: 'Continue playing' }).click();
    await expect(check).toHaveCount(0);

    // The bet that uses the rest of the limit: the next one is closed before the tap, with the limit and its reset.
    await page.getByLabel('Bet amount').fill('1.00');
    await page.getByRole('button', { name: 'Roll dice' }).click();
    const banner = page.getByTestId('play-block');
    await expect(banner).toHaveText(/You have reached your daily wager limit of 1\.00 coins\. It resets at \d\d\.\d\d\.\d\d, 00:00 UTC\./, { timeout: 30_000 });
    await expect(banner).toHaveAttribute('data-reason', 'wager');
    await expect(page.getByRole('button', { name: 'Roll dice' })).toBeDisabled();

    await page.goto('/profile/limits');
    await page.getByRole('combobox', { name: 'Break' }).selectOption('cool_off_24h');
    await page.getByRole('button', { name: 'Take a break' }).click();
    await page.getByRole('button', { name: 'Yes, start my break' }).click();
    await expect(page.getByTestId('exclusion-status')).toContainText(/You are on a cool-off until \d\d\.\d\d\.\d\d, \d\d:\d\d UTC/);

    // The break before any tap: its banner with the end on the box page and in dice, Open and Roll
    // disabled, and the cashier's Pay closed with the same reason (the server refuses them anyway).
    const onBreak = /You are on a cool-off until \d\d\.\d\d\.\d\d, \d\d:\d\d UTC: betting, opening boxes and deposits are closed until then\./;
    await page.goto('/boxes/gift-card-grab?modal=deposit');
    const cashier = page.getByRole('dialog', { name: size.width > 767 ? 'Deposit' : 'Chose payment method' });
    await expect(cashier.getByTestId('play-block')).toHaveText(onBreak, { timeout: 30_000 });
    if (size.width > 767) await expect(cashier.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await cashier.getByRole('button', { name: 'Close' }).first().click();
    await expect(cashier).toHaveCount(0);
    await expect(banner).toHaveText(onBreak);
    await expect(banner).toHaveAttribute('data-reason', 'cool_off');
    await expect(page.getByTestId('open-box')).toBeDisabled();
    await page.goto('/dice');
    await expect(page.getByTestId('dice-scene')).toHaveAttribute('data-scene-phase', 'ready', { timeout: 30_000 });
    await expect(banner).toHaveText(onBreak);
    await expect(page.getByRole('button', { name: 'Roll dice' })).toBeDisabled();
  });
}
