import { expect, test, type APIRequestContext, type Locator, type Page } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { plannedCrashRound, untilBettingOpens, waitFor } from './helpers/knownCrash.ts';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';
import { CRASH_JOURNEY_CHAIN } from '../helpers/e2eRounds.ts';

// Phone-first play (docs/client-shell.md, "Phones"): on a touch phone, signed in with a balance,
// every game page shows its scene and its main action together in the first screen, between the
// header and the bottom bar, and crash's Cash out stays there while the round flies (its "Space:
// bet" keyboard hint hidden on a touch screen). Battles of six and four seats lay their seat cards
// two to a row, inside the screen, none over another, their buttons inside the cards.
// One load per page and size; the boxes are read from the elements themselves.

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 800 },
];

test.use({ hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
// The crash journeys' server (CRASH_JOURNEY_CHAIN): crash's round in play flies seconds, not minutes.
test.use({ journeyEnv: CRASH_JOURNEY_CHAIN });

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  await expect(locator).toBeVisible();
  return (await locator.boundingBox())!;
};

/** Each of `parts` lies wholly in the first screen between the header's bottom and the bottom bar's top. */
async function expectInFirstScreen(page: Page, parts: Record<string, Locator>) {
  const top = await boxOf(page.locator('header.header'));
  const bar = await boxOf(page.getByRole('navigation', { name: 'Mobile' }));
  const { width } = page.viewportSize()!;
  for (const [name, part] of Object.entries(parts)) {
    const b = await boxOf(part);
    const where = `${name} at ${page.url()} (${width} px): ${JSON.stringify(b)}, header ends ${top.y + top.height}, bottom bar starts ${bar.y}`;
    expect(b.y, where).toBeGreaterThanOrEqual(top.y + top.height - 1);
    expect(b.y + b.height, where).toBeLessThanOrEqual(bar.y + 1);
    expect(b.x, where).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, where).toBeLessThanOrEqual(width + 1);
  }
}

async function load(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(APP_LOADING)).toHaveCount(0);
}

async function cheapestBox(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/boxes?sort=price_asc&per_page=1')).json()).data as { slug: string }[])[0]!.slug;
}

for (const size of SIZES) {
  test(`${size.width}×${size.height}: every game's scene and main action share the first screen`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await bonusSeenToday(page);
    const player = await fundedPlayer(page, request, baseURL!, 200, 'phone');
    const slug = await cheapestBox(request);

    await load(page, `/boxes/${slug}`);
    await expectInFirstScreen(page, { reel: page.getByTestId('box-reel'), open: page.getByTestId('open-box') });

    await load(page, '/upgrade');
    await expectInFirstScreen(page, { scene: page.getByTestId('upgrade-scene'), upgrade: page.getByRole('button', { name: 'Upgrade', exact: true }) });

    await load(page, '/dice');
    await expectInFirstScreen(page, { scene: page.getByTestId('dice-scene'), roll: page.getByRole('button', { name: 'Roll dice' }) });

    await load(page, '/plinko');
    const drop = page.getByRole('button', { name: 'Drop ball' });
    await expectInFirstScreen(page, { scene: page.getByTestId('plinko-scene'), drop });
    // The ball falls: the board and the button stay where they were.
    await drop.click();
    await expect(page.getByTestId('plinko-result')).not.toBeEmpty();
    await expectInFirstScreen(page, { scene: page.getByTestId('plinko-scene'), drop });

    await load(page, '/wheel');
    await expectInFirstScreen(page, { scene: page.getByTestId('wheel-scene'), colours: page.getByTestId('wheel-colors') });

    // Crash: the Bet button under the chart, then Cash out in the same place while the round flies.
    const planned = await plannedCrashRound(request, { minFlightMs: 2500 });
    await load(page, '/crash');
    const main = page.getByTestId('crash-main-button');
    await expectInFirstScreen(page, { scene: page.getByTestId('crash-scene'), bet: main });
    // No keyboard on a touch phone: the "Space: bet" hint is there for desktops only.
    const keyHint = page.getByText(/^Space: (bet|cash out)$/);
    await expect(keyHint).toHaveCount(1);
    await expect(keyHint).toBeHidden();
    const round = await untilBettingOpens(page, request, planned);
    await main.click();
    await expect(main).toHaveText(/^Cash out/, waitFor(round));
    await expectInFirstScreen(page, { scene: page.getByTestId('crash-scene'), cashOut: main });
    await expect(page.getByTestId('crash-scene'), 'measured while the round was still flying').toHaveAttribute('data-round-status', 'in_progress');

    // Battles: a 3v3 and a four-seat battle waiting for players.
    const create = async (mode: string) =>
      (await (await request.post('/api/battles/create', { headers: player.headers, data: { boxes: [{ slug, quantity: 1 }], mode } })).json()).data.id as number;
    for (const mode of ['3v3', '1v1v1v1']) {
      await load(page, `/battles/${await create(mode)}`);
      await expectInFirstScreen(page, { scene: page.getByTestId('battle-scene') });
      const cards = page.locator('.battle-seat');
      await expect(cards).toHaveCount(mode === '3v3' ? 6 : 4);
      const boxes = await Promise.all((await cards.all()).map(boxOf));
      boxes.forEach((b, i) => {
        expect(b.x + b.width, `${mode}: seat ${i} inside the screen`).toBeLessThanOrEqual(size.width);
        expect(b.x, `${mode}: seat ${i} inside the screen`).toBeGreaterThanOrEqual(0);
        for (const o of boxes.slice(i + 1)) {
          const apart = b.x + b.width <= o.x + 0.5 || o.x + o.width <= b.x + 0.5 || b.y + b.height <= o.y + 0.5 || o.y + o.height <= b.y + 0.5;
          expect(apart, `${mode}: seat ${i} ${JSON.stringify(b)} overlaps ${JSON.stringify(o)}`).toBe(true);
        }
      });
      // Join / Add bot stay inside their cards; the round line stays on one line.
      for (const [i, card] of (await cards.all()).entries()) {
        for (const button of await card.getByRole('button').all()) {
          const b = await boxOf(button);
          expect(b.x, `${mode}: seat ${i}'s button inside its card`).toBeGreaterThanOrEqual(boxes[i]!.x);
          expect(b.x + b.width, `${mode}: seat ${i}'s button inside its card`).toBeLessThanOrEqual(boxes[i]!.x + boxes[i]!.width + 0.5);
        }
      }
      const status = page.getByTestId('battle-round');
      const lineHeight = await status.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5);
      expect((await boxOf(status)).height, 'the round line does not wrap').toBeLessThan(lineHeight * 1.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(size.width);
    }
  });
}

// The shell on a phone (390×844): the live drops row under the header on every page with a side
// panel on desktops (a box opened through the API arrives in it), a row of boxes in the home's first
// screen, the wheel's stake field and Crazy button above the bottom bar, the upgrade's target
// picked from a bottom sheet with the dial and Upgrade still in view, the history in two-line rows
// (a dozen to a screen), the cashback strip folded into the drops row, remembered after a reload, the
// battles lobby's avatars and total value, and a battle's reels scrolled into view as it starts.
test('390×844: live drops row, home boxes, wheel stake, compact history, folding cashback, upgrade sheet, battles', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await bonusSeenToday(page);
  const player = await fundedPlayer(page, request, baseURL!, 200, 'ticker');
  const slug = await cheapestBox(request);
  // Twelve losing-or-winning dice bets: the history's rows, and a stake that accrues cashback.
  for (let i = 0; i < 12; i++) {
    const res = await request.post('/api/dice/bet', { headers: player.headers, data: { amount: 1, target: 50, direction: 'over' } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const opened = await request.post(`/api/boxes/${slug}/open`, { headers: player.headers, data: { quantity: 1 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const won = ((await opened.json()).data.openings as { item: { name: string; price: number } }[])[0]!.item;

  await load(page, '/');
  const ticker = page.getByRole('region', { name: 'Live drops' });
  const firstBox = page.locator('.box-card').first();
  await expectInFirstScreen(page, { ticker, firstBox });
  await expect(ticker.getByRole('link', { name: new RegExp(`won ${won.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} worth`) }).first()).toBeVisible();

  // The cashback strip folds into a button at the start of the drops row, and stays folded.
  const strip = page.getByTestId('cashback-banner');
  await expect(strip).toBeVisible();
  await page.getByRole('button', { name: 'Hide the cashback countdown' }).click();
  await expect(strip).toHaveCount(0);

  // The chat opens from the menu: no button floats over the pages' bet and cash-out buttons, and the
  // panel stands above the bottom bar (under it, its composer and notes were hidden).
  await expect(page.locator('.chat-toggle')).toBeHidden();
  const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
  await mobileNav.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Chat' }).click();
  const chat = page.getByRole('complementary', { name: 'Chat' });
  await expect(chat.getByRole('list', { name: 'Messages' })).toBeVisible({ timeout: 30_000 });
  const [chatBox, barBox] = [await chat.boundingBox(), await mobileNav.boundingBox()];
  expect(chatBox!.y + chatBox!.height).toBeLessThanOrEqual(barBox!.y + 0.5);
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await expect(chat).toHaveCount(0);
  await load(page, '/wheel');
  await expect(page.getByTestId('cashback-banner')).toHaveCount(0);
  await expectInFirstScreen(page, {
    scene: page.getByTestId('wheel-scene'),
    stake: page.getByRole('textbox', { name: 'Bet amount' }),
    crazy: page.getByTestId('wheel-colors').getByRole('button').last(),
  });

  // Upgrade: the target comes from a bottom sheet; after the pick the dial and Upgrade are in view.
  await load(page, '/upgrade');
  await page.getByRole('textbox', { name: 'Add balance' }).fill('2');
  // The balance field sits under the dial: back to the top, where the pick must leave the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Choose a target' }).click();
  const sheet = page.getByTestId('upgrade-sheet');
  const firstTarget = sheet.locator('[data-testid^="upgrade-target-"]').first();
  await expect(firstTarget).toBeVisible();
  await firstTarget.click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: /: change target$/ })).toBeVisible();
  await expectInFirstScreen(page, { scene: page.getByTestId('upgrade-scene'), upgrade: page.getByRole('button', { name: 'Upgrade', exact: true }) });
  // Played with the 2.00, the stake beside the dial stays the played one and its hint says so ("Add items" was there).
  const upgraded = page.waitForResponse((r) => r.url().endsWith('/api/upgrade') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
  const upgrade = await upgraded;
  expect(upgrade.ok()).toBe(true);
  const upgradeWon = ((await upgrade.json()) as { data: { win: boolean } }).data.win;
  await expect(page.getByTestId('upgrade-stake')).toHaveText('2.00');
  await expect(page.locator('.upgrade-stake-button__hint')).toHaveText('Last upgrade');
  // And the player's own items from a second sheet, opened from the stake beside the dial (the box's
  // item, and the target if the upgrade won it): the box's item picked adds its value to the 2.00 of
  // balance; Done closes it over the same first screen.
  await page.getByRole('button', { name: /^Your value 2\.00: choose your items \(0 picked\)$/ }).click();
  const itemsSheet = page.getByTestId('upgrade-items-sheet');
  await expect(itemsSheet.locator('[data-testid^="upgrade-input-"]')).toHaveCount(upgradeWon ? 2 : 1);
  const ownItem = itemsSheet.locator('[data-testid^="upgrade-input-"]', { hasText: won.name }).first();
  await ownItem.click();
  const withItem = (2 + won.price).toFixed(2);
  await itemsSheet.getByRole('button', { name: `Done · ${withItem}` }).click();
  await expect(itemsSheet).toBeHidden();
  await expect(page.getByTestId('upgrade-stake')).toHaveText(withItem);
  await expectInFirstScreen(page, { scene: page.getByTestId('upgrade-scene'), upgrade: page.getByRole('button', { name: 'Upgrade', exact: true }) });

  await load(page, '/profile/history');
  await expect(page.getByRole('button', { name: 'Show the cashback countdown' })).toBeVisible();
  const rows = page.getByTestId('bet-history-row');
  await expect(rows.nth(9)).toBeVisible();
  for (const row of (await rows.all()).slice(0, 6)) expect((await boxOf(row)).height, 'a history row takes two lines').toBeLessThanOrEqual(64);
  await page.getByRole('button', { name: 'Show the cashback countdown' }).click();
  await expect(page.getByTestId('cashback-banner')).toBeVisible();

  // A 3v3 battle: the lobby row shows its creator's avatar, the open seats and the total value;
  // "Fill with bots" (down by the seats) brings the reels into view as the battle starts.
  const created = await request.post('/api/battles/create', { headers: player.headers, data: { boxes: [{ slug, quantity: 1 }], mode: '3v3' } });
  expect(created.ok(), await created.text()).toBe(true);
  const battleId = (await created.json()).data.id as number;
  await load(page, '/battles');
  const row = page.locator(`.battle-row[data-battle="${battleId}"]`);
  await expect(row.locator('.battle-avatars__seat--creator')).toHaveCount(1);
  await expect(row.locator('.battle-avatars__empty')).toHaveCount(5);
  const cost = Number((await row.locator('.battle-row__cost .coins').innerText()).replace(/[^\d.]/g, ''));
  await expect(row.getByTestId('battle-row-total')).toContainText((Math.round(cost * 100 * 6) / 100).toFixed(2));
  await load(page, `/battles/${battleId}`);
  const fill = page.getByRole('button', { name: 'Fill with bots' });
  await fill.scrollIntoViewIfNeeded();
  await fill.click();
  await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'running');
  await expect.poll(async () => (await boxOf(page.getByTestId('battle-scene'))).y, { message: 'the reels come into view as the battle starts' }).toBeLessThan(200);
  await expect.poll(async () => (await boxOf(page.getByTestId('battle-scene'))).y).toBeGreaterThanOrEqual(59);
});
