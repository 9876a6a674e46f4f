import { expect, test, type APIRequestContext, type Page } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fixedPlayer, headerBalance } from './helpers/players.ts';
import { clientSeedWhere, knownBattleSeeds, knownServerSeed } from './helpers/knownPairs.ts';
import { plinkoPath, ticket } from '../../core/fair/outcomes.ts';
import { upgradeWinningTickets } from '../../core/games/upgrade.ts';
import { CRASH_JOURNEY_CHAIN } from '../helpers/e2eRounds.ts';
import { allowFor, plannedCrashRound, untilBettingOpens, untilWindowNear } from './helpers/knownCrash.ts';
import { MOTION_VIEWPORT } from './helpers/motion.ts';
import { expectWheelRoundWas, plannedWheelRound, untilWheelBettingOpens } from './helpers/knownWheel.ts';
import { minesBoard } from '../../core/fair/mines.ts';
import { battlePublicSeed, battleRolls, battleTieBreak } from '../../core/fair/battle.ts';
import { battleOutcome } from '../../core/games/battle.ts';
import { PLINKO_MULTIPLIERS } from '../../core/games/plinkoPayouts.ts';
import { plinkoPayout } from '../../core/games/plinko.ts';
import { WHEEL_COLOR_LABELS, WHEEL_LAYOUT, wheelPayout, type WheelColor } from '../../core/games/wheel.ts';
import { celebrationHeadline, celebrationTier, isBigWin, type WinToCelebrate } from '../../core/games/celebration.ts';

// The big-win moment beyond box openings, dice and limbo (docs/scenes.md "Big wins"): a plinko drop,
// a Mines board, an upgrade, a wheel bet and a battle that pay 5× or more, played through their pages,
// get the headline over the scene and the coins that burst, fall and pile (matter-js, loaded with the
// moment), then settle, with the Share button beside them. The e2e server's seed pairs are known
// (helpers/knownPairs.ts): each player sets a client seed whose first bet (or battle) is such a win,
// so nothing is played until it comes; the wheel's rounds are known from its chain
// (helpers/knownWheel.ts): the player bets in the next round that lands on a colour paying 5× or more.
// The tier and the headline the page must show are core's for the win (core/games/celebration.ts).

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference', viewport: MOTION_VIEWPORT });

const SCENE = { timeout: 30_000 };

// The crash journeys' server (CRASH_JOURNEY_CHAIN): a round that passes 6× comes within a minute.
test.use({ journeyEnv: CRASH_JOURNEY_CHAIN });

/** A named player of this file, signed in with coins, whose pair's client seed is `clientSeed`. */
async function playerWith(page: Page, request: APIRequestContext, baseURL: string, name: string, clientSeed: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, '-')}@example.com`;
  const player = await fixedPlayer(page, request, baseURL, { name, email, password: 'big-wins-secret' }, 50);
  const set = await request.post('/api/fair/seeds/client', { headers: player.headers, data: { client_seed: clientSeed } });
  expect(set.ok(), await set.text()).toBe(true);
  await closeDailyBonusWhenItOpens(page);
  return player;
}

/**
 * The moment over a scene for `win`: the tier core gives it and its headline with the multiplier
 * ("BIG WIN 6.50×"), then the pile settled at the bottom of its canvas, and Share.
 */
async function expectPile(page: Page, win: WinToCelebrate) {
  const tier = celebrationTier(win);
  expect(isBigWin(tier), `a big win: ${JSON.stringify(win)}`).toBe(true);
  const moment = page.getByTestId('big-win');
  await expect(moment).toHaveAttribute('data-tier', tier, SCENE);
  await expect(moment).toContainText(`${celebrationHeadline(tier)} ${(win.payout / win.stake).toFixed(2)}×`);
  await expect(moment).toHaveAttribute('data-settled', 'true', SCENE);
  // The pile lies at the bottom: the canvas's lowest quarter has coins drawn on it.
  const drawn = await moment.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const { data } = ctx.getImageData(0, Math.floor(canvas.height * 0.75), canvas.width, Math.floor(canvas.height * 0.25));
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
    return painted;
  });
  expect(drawn, 'coins piled at the bottom of the scene').toBeGreaterThan(500);
  await expect(page.getByTestId('bet-share')).toBeVisible();
}

// Plinko, Mines and upgrade are a test each: one page and its moment (about 15 s) fits the default
// minute on a loaded machine, and a failure names the game it was in.
test('a plinko drop of 9× or more gets the big-win moment: headline, the pile settled, Share', async ({ page, request, baseURL }) => {
  // 16 rows, high risk (the page's rows): a first drop into a 9× slot or beyond.
  const plinkoName = 'Pile Plinko';
  const high16 = PLINKO_MULTIPLIERS[16].high;
  const plinkoSeed = clientSeedWhere('pile', (c) => high16[plinkoPath(knownServerSeed(plinkoName), c, 1, 16).slot]! >= 5);
  const slot = plinkoPath(knownServerSeed(plinkoName), plinkoSeed, 1, 16).slot;
  await playerWith(page, request, baseURL!, plinkoName, plinkoSeed);
  await page.goto('/plinko');
  await expect(page.getByTestId('plinko-scene')).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await page.getByRole('button', { name: 'High', exact: true }).click();
  await page.getByLabel('Bet amount').fill('0.10');
  const dropped = page.waitForResponse((r) => r.url().endsWith('/api/plinko/bet'));
  await page.getByRole('button', { name: 'Drop ball' }).click();
  expect((await (await dropped).json()).data.slot).toBe(slot);
  await expectPile(page, { stake: 0.1, payout: plinkoPayout(10, high16[slot]!) / 100 });
});

test('a 5× Mines board gets the big-win moment at the cash-out', async ({ page, request, baseURL }) => {
  // 10 mines: three gems pay 5.00×; the board is known, so the page turns three safe tiles and cashes out.
  const minesName = 'Pile Mines';
  const minesSeed = 'pile-mines';
  const mined = new Set(minesBoard(knownServerSeed(minesName), minesSeed, 1, 10));
  const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mined.has(i)).slice(0, 3);
  await playerWith(page, request, baseURL!, minesName, minesSeed);
  await page.goto('/mines');
  await expect(page.getByTestId('mines-scene')).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await page.locator('select[name="mines"]').selectOption('10');
  await page.getByLabel('Bet amount').fill('0.10');
  await page.getByTestId('mines-bet').click();
  for (const [i, tile] of safe.entries()) {
    await page.getByTestId(`mines-tile-${tile}`).click();
    await expect(page.getByTestId('mines-result')).toHaveText(new RegExp(`^${i + 1} gems? · cash out`), SCENE);
  }
  await expect(page.getByTestId('mines-multiplier')).toHaveText('×5.00');
  await page.getByTestId('mines-cashout').click();
  await expect(page.getByTestId('mines-result')).toHaveText('Cashed out 0.50 at ×5.00', SCENE);
  await expectPile(page, { stake: 0.1, payout: 0.5 });
});

test('a 10× upgrade gets the big-win moment after the needle stops', async ({ page, request, baseURL }) => {
  // 1.00 of balance into the cheapest target from 10.00 (about a 9 % chance): a first ticket that
  // wins it, 10× or more the stake.
  const upgradeName = 'Pile Upgrade';
  const target = (await (await request.get('/api/upgrade/items?min_price=10&limit=1')).json()).data[0] as { id: number; price: number };
  const winning = upgradeWinningTickets(100, Math.round(target.price * 100));
  const upgradeSeed = clientSeedWhere('pile-upgrade', (c) => ticket(knownServerSeed(upgradeName), c, 1) <= winning);
  await playerWith(page, request, baseURL!, upgradeName, upgradeSeed);
  await page.goto('/upgrade');
  await expect(page.getByTestId('upgrade-scene')).toHaveAttribute('data-scene-phase', 'ready', SCENE);
  await page.getByRole('textbox', { name: 'Add balance' }).fill('1');
  await page.getByRole('textbox', { name: 'Price from' }).fill('10');
  await page.getByTestId(`upgrade-target-${target.id}`).click();
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(page.getByTestId('upgrade-result')).not.toBeEmpty(SCENE);
  await expectPile(page, { stake: 1, payout: target.price });
});

test('a crash cash-out at 5.00× gets the big-win moment over the still-flying round, with Share', async ({ page, request, baseURL }) => {
  await playerWith(page, request, baseURL!, 'Pile Crash', 'pile-crash');
  // A known round that flies past the auto cash-out and on for seconds after it (6× and up); the page
  // opens shortly before its window.
  let round = await plannedCrashRound(request, { minPoint: 6 });
  allowFor(round);
  await untilWindowNear(request, round, 12_000);
  await page.goto('/crash');
  // The panel is the signed-in player's once the balance shows: filled before, it was drawn again empty.
  await expect(headerBalance(page)).toContainText('50.00', SCENE);
  await page.getByLabel('Bet amount').fill('0.10');
  await page.getByLabel('Auto cash-out').fill('5');
  round = await untilBettingOpens(page, request, round);
  await expect(page.getByLabel('Auto cash-out')).toHaveValue('5');
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/crash/bet'));
  await page.getByTestId('crash-main-button').click({ force: true });
  expect((await placed).status()).toBe(200);
  // Taken away by the next round's countdown: its tier and headline are read while the round flies on.
  const moment = page.getByTestId('big-win');
  await expect(moment).toHaveAttribute('data-tier', 'big', { timeout: round.overInMs + 60_000 });
  await expect(moment).toContainText('BIG WIN 5.00×');
  await expect(page.getByTestId('bet-share')).toBeVisible();
});

test('a wheel bet on the colour its known round lands on, paying 5× or more, gets the big-win moment after the spin, with Share', async ({ page, request, baseURL }) => {
  // 0.10 on a colour that pays a big win when the wheel lands on it: green, purple or Crazy (the tiers decide).
  const winOn = (color: WheelColor): WinToCelebrate => ({ stake: 0.1, payout: wheelPayout(10, color, WHEEL_LAYOUT.indexOf(color)) / 100 });
  await playerWith(page, request, baseURL!, 'Pile Wheel', 'pile-wheel');
  await page.goto('/wheel');
  await expect(headerBalance(page)).toContainText('50.00', SCENE);
  // The next known round that lands on such a colour (the journeys' wheel salt brings one every few rounds).
  let round = await plannedWheelRound(request, (color) => isBigWin(celebrationTier(winOn(color))));
  allowFor(round);
  await page.getByLabel('Bet amount').fill('0.10');
  round = await untilWheelBettingOpens(page, request, round);
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/wheel/bet'));
  await page.getByRole('button', { name: new RegExp(`^Bet on ${WHEEL_COLOR_LABELS[round.color]} `) }).click({ force: true });
  const answer = await placed;
  expect(answer.status(), await answer.text()).toBe(200);
  // Gone at the next round's spin: the pile settles within the window before it.
  await expectPile(page, winOn(round.color));
  await expectWheelRoundWas(request, (await answer.json()).data.bet.round_id, round);
});

test('a battle won by 5× or more its seat gets the big-win moment at its end, with Share', async ({ page, request, baseURL }) => {
  // A 1v1 of the cheapest box against a bot: the winner takes both items. The battle's seeds derive
  // from its creator's pair (helpers/knownPairs.ts), so the creator's client seed decides the outcome.
  const name = 'Pile Battle';
  const box = (await (await request.get('/api/boxes?sort=price_asc&per_page=1')).json()).data[0] as { slug: string; price: number };
  const items = (await (await request.get(`/api/boxes/${box.slug}`)).json()).data.items as { price: number; ticket_from: number; ticket_to: number }[];
  const { serverSeed, botSeeds } = knownBattleSeeds(name, 2);
  const cents = (ticketNumber: number) => Math.round(items.find((i) => ticketNumber >= i.ticket_from && ticketNumber <= i.ticket_to)!.price * 100);
  /** The creator's win when it plays seat 0 with `clientSeed` against the bot in seat 1 (a payout of 0: the bot won). */
  const winWith = (clientSeed: string): WinToCelebrate => {
    const publicSeed = battlePublicSeed([clientSeed, botSeeds[1]!]);
    const values = battleRolls(serverSeed, publicSeed, 1, 2).map(cents);
    const { winnerTeam } = battleOutcome('1v1', false, values, (tied) => battleTieBreak(serverSeed, publicSeed, tied));
    return { stake: box.price, payout: winnerTeam === 0 ? (values[0]! + values[1]!) / 100 : 0 };
  };
  const clientSeed = clientSeedWhere('pile-battle', (c) => isBigWin(celebrationTier(winWith(c))));
  const player = await playerWith(page, request, baseURL!, name, clientSeed);
  const created = await request.post('/api/battles/create', { headers: player.headers, data: { boxes: [{ slug: box.slug, quantity: 1 }], mode: '1v1' } });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto(`/battles/${(await created.json()).data.id}`);
  await expect(page.getByTestId('battle-round')).toContainText('Waiting for players (1/2)', SCENE);
  // The bot fills the last seat: the battle starts, its round spins and the winner is the player.
  await page.getByRole('button', { name: 'Add bot' }).click();
  await expectPile(page, winWith(clientSeed));
});
