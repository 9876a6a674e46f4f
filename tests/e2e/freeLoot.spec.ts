import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, fundedPlayer, verifyEmail } from './helpers/players.ts';
import { docShot } from './helpers/screenshots.ts';
import { expectReelLandedOn } from './helpers/boxReel.ts';

// Free loot (docs/boxes.md): a free opening lands on the won item and the reel stays there when the
// page fetches the box again for its next opening time; then a locked tier shows the lock and the
// level needed, a used one the countdown to its next opening, and neither offers a working "Open for
// free". Both sizes, with screenshots.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`a free opening keeps its landed reel; locked and used free boxes say why and cannot be opened (${size.width}×${size.height})`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(size);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // the reel lands at once
    const player = await fundedPlayer(page, request, baseURL!, 50, 'freeloot'); // free boxes need a first deposit
    await verifyEmail(request, player.email);
    await bonusSeenToday(page);

    await page.goto('/standard/free-level-1');
    const opened = page.waitForResponse((r) => r.url().endsWith('/api/free-boxes/free-level-1/open'));
    await page.getByTestId('open-box').click();
    const won = ((await (await opened).json()) as { data: { openings: { item: { name: string } }[] } }).data.openings.map((o) => o.item.name);
    await expect(page.getByTestId('reel-result')).toContainText(won[0]!);
    // The page has fetched the box again (its button now counts down to the next opening): the
    // reel still stands on what was won, and the result under it stays.
    await expect(page.getByTestId('open-box')).toHaveText(/Next opening in \d\d:\d\d:\d\d/);
    await expectReelLandedOn(page, won);
    await expect(page.getByTestId('reel-result')).toContainText(won[0]!);

    await page.goto('/freeloot');
    const rookie = page.locator('.box-card[data-box="free-level-1"]');
    const bronze = page.locator('.box-card[data-box="free-level-10"]');
    await expect(rookie.getByTestId('free-box-block')).toHaveText(/^\s*Next opening in (23:59|24:00):\d\d$/);
    await expect(rookie).toHaveClass(/box-card--shut/);
    await expect(bronze.getByTestId('free-box-block')).toHaveText(/^\s*Unlocks at level 10$/);
    await expect(bronze.locator('svg.lucide-lock')).toBeVisible();
    await docShot(page, `freeloot-after-${size.width}x${size.height}.png`, { fullPage: size.width === 390 });

    // The card's link says it is free loot: the page asks the free box, not the shop's box first (a 404).
    const shopAsked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/boxes/free-level-10') && shopAsked.push(r.url()));
    await bronze.click();
    await expect(page.getByRole('heading', { name: 'Bronze Free Box' })).toBeVisible();
    expect(shopAsked).toEqual([]);
    await expect(page.getByTestId('open-box')).toBeDisabled();
    await expect(page.getByTestId('open-box')).toHaveText(/Unlocks at level 10/);
    await docShot(page, `freebox-locked-after-${size.width}x${size.height}.png`);

    await page.goto('/standard/free-level-1');
    await expect(page.getByTestId('open-box')).toBeDisabled({ timeout: 30_000 }); // a full page load on a busy machine
    await expect(page.getByTestId('open-box')).toHaveText(/Next opening in \d\d:\d\d:\d\d/);
  });
}
