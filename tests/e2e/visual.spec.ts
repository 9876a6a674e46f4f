import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from './helpers/fixtures.ts';
import { roundInPlayOverInMs } from './helpers/knownCrash.ts';
import { chooseFullMotion } from './helpers/motion.ts';
import { closeDailyBonusWhenItOpens, fixedPlayer, fundedApiPlayer } from './helpers/players.ts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './helpers/routes.ts';
import { endlessAnimationFailures, layoutShiftFailures, openStill, phoneOverflowFailures, seriousAxeViolations, watchLayoutShift } from './helpers/pageChecks.ts';

// Every page at 1440×900 and 390×844, each loaded once for all its page-by-page checks
// (docs/visual-qa.md): the layout shift from navigation until the page is still (public pages,
// docs/performance.md), the visual baseline, axe's serious and critical violations and, on the phone
// load, sideways scrolling at 390 px and at 320, 375 and 430 px by resizing the same page
// (docs/client-shell.md). Then every scene's final frame on a fixed seed. Pictures are compared with
// the committed ones in visual.spec.ts-snapshots/ within the tolerance set in playwright.config.ts.
// The 'visual' project runs this file against a server of its own (fresh data, nothing else plays
// on it). Refresh: `npm run test:visual:update`.

// A scene's Play, Skip and two agreeing shots of its stage take up to a minute on two busy cores.
test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The browser's clock stands still at this moment: dates and "ago" texts the client renders do not move. */
const FROZEN_AT = new Date('2026-06-15T12:00:00Z');

/** The one signed-in player of these pictures: the same name, email and balance on every run. */
const PLAYER = { name: 'Visual Tester', email: 'visual-tester@example.com', password: 'visual-tester-secret' };
const PLAYER_COINS = 250;

/**
 * Regions that are live by nature, painted over in a flat colour on every shot (each with why):
 * the crash and wheel rounds run on the server's clock, so their stage, countdown, history strip
 * and round tables change from second to second.
 */
const liveRegions = (page: Page): Locator[] => [
  page.locator('.game-page__stage canvas'), // crash and wheel: the live round
  page.getByTestId('wheel-scene'),
  page.locator('.crash-strip, .wheel-strip'), // the last rounds' results
  page.locator('.crash-readout, .wheel-readout'), // the round number, the countdown and the last result
  page.getByTestId('wheel-colors'), // the colour that won the last round is highlighted while it lands
  page.getByTestId('fair-chains').locator('dl'), // each server draws its own chain: hash, salt, rounds played
  page.getByTestId('sessions'), // the security page's sign-ins: the run's own address, device and times
  page.getByTestId('countdown'), // the leaderboard's week ends on the server's clock, the browser's stands still
  page.getByTestId('week-dates'), // last week's dates: the server's week
  page.getByTestId('transparency-computed'), // when the server last folded the journal into its cache
  page.getByTestId('player-joined'), // a public profile's join date: the day the sweep's server made its player
  page.locator('.notifications__time'), // when the sweep's server credited its player (the notification of that deposit)
  page.locator('[data-testid="bet-page"] .fair-kv dd'), // a bet's public page: its time, outcome and seeds are the run's own
  page.getByTestId('bet-share-link'), // the bet's address
];

/**
 * The crash and wheel readouts (masked above) are 3 px taller while they show the last round's result
 * with its Verify link, about 1.5 s a round, which moves everything below them: those pages are
 * photographed in the betting phase, which lasts long enough for a shot (4 s on crash, 10 s on wheel
 * on the e2e server; scripts/e2eServer.ts). A wheel round lasts 14.5 s; a crash round flies as long as
 * its crash point takes (100× in 77 s, 1,000× in 115 s, and so on), which the e2e server's known chain
 * tells in advance (helpers/knownCrash.ts): the wait, and the test's time, stretch to the round in play.
 */
async function bettingPhaseOfLiveRound(page: Page, request: APIRequestContext) {
  const readout = page.locator('.crash-readout, .wheel-readout');
  if ((await readout.count()) === 0) return;
  let timeout = 90_000;
  if ((await page.locator('.crash-readout').count()) > 0) {
    timeout = (await roundInPlayOverInMs(request)) + 60_000;
    test.setTimeout(test.info().timeout + timeout);
  }
  await expect(readout).toContainText(/Next round in|Place your bets/, { timeout });
}

/** A full-page shot of a long page takes seconds on two busy cores: each shot gets 30 s to come out the same twice. */
const SHOT_TIMEOUT = 30_000;

/** Name of a page's picture: the path as a file name plus the viewport. */
const shotName = (path: string, width: number, height: number) =>
  `${path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-${width}x${height}.png`;

async function preparePage(page: Page) {
  await page.clock.setFixedTime(FROZEN_AT);
  // Marks the bonus as seen today (bonusSeenToday) and closes it should it open anyway.
  await closeDailyBonusWhenItOpens(page);
}

/**
 * One load of a page for every check. A failing check does not stop the others: the shot is a soft
 * assertion and the other checks' failures are collected, each line naming page, viewport and what failed.
 */
async function checkPage(page: Page, request: APIRequestContext, path: string, viewport: (typeof VIEWPORTS)[number], { layoutShift, shot = path }: { layoutShift: boolean; shot?: string }) {
  const { width, height } = viewport;
  const where = `${path} @${width}×${height}`;
  const failures: string[] = [];
  await openStill(page, path);
  // First, before anything else touches the page: the shift from navigation until it is still.
  if (layoutShift) failures.push(...(await test.step('layout shift', () => layoutShiftFailures(page, where))));
  await test.step('screenshot', async () => {
    await bettingPhaseOfLiveRound(page, request);
    await expect.soft(page).toHaveScreenshot(shotName(shot, width, height), { fullPage: true, mask: liveRegions(page), timeout: SHOT_TIMEOUT });
  });
  failures.push(...(await test.step('at rest', () => endlessAnimationFailures(page, where))));
  failures.push(...(await test.step('axe', () => seriousAxeViolations(page, where))));
  // Last, as it resizes the page.
  if (width < 768) failures.push(...(await test.step('sideways scrolling', () => phoneOverflowFailures(page, path))));
  expect(failures, `${where}: layout shift, axe and sideways scrolling`).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`pages at ${viewport.width}×${viewport.height}`, () => {
    // A full-page shot (3–30 s on two busy cores) and axe (5–40 s) on one load.
    test.describe.configure({ timeout: 180_000 });
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      // Before the clock: the observer keeps the browser's own animation frames (helpers/pageChecks.ts).
      await watchLayoutShift(page);
      await preparePage(page);
    });

    for (const path of PUBLIC_ROUTES) {
      test(`${path}`, async ({ page, request }) => {
        await checkPage(page, request, path, viewport, { layoutShift: true });
      });
    }

    for (const path of SIGNED_IN_ROUTES) {
      test(`${path} (signed in)`, async ({ page, request, baseURL }) => {
        const player = await fixedPlayer(page, request, baseURL!, PLAYER, PLAYER_COINS);
        // Every signed-in test signs in again, so the security page's sessions list would grow with the
        // tests run before it (and with a retry): its picture is taken with this sign-in alone.
        if (path === '/profile/security') expect((await request.post('/api/profile/sessions/end-others', { headers: player.headers })).ok()).toBe(true);
        await checkPage(page, request, path, viewport, { layoutShift: false });
      });
    }
  });
}

/** Each scene of the lab, the button that plays it, and the lab's query (a fixed seed). */
const SCENES = [
  { scene: 'box', play: 'Play', query: 'seed=7' },
  { scene: 'dice', play: 'Roll', query: 'seed=7' },
  { scene: 'limbo', play: 'Bet', query: 'seed=7' },
  { scene: 'upgrade', play: 'Upgrade', query: 'seed=7' },
  { scene: 'plinko', play: 'Drop 5 balls', query: 'seed=7' },
  { scene: 'crash', play: 'Play round', query: 'seed=7&crash=3.2' },
  { scene: 'wheel', play: 'Spin', query: 'seed=7', noWin: true },
  { scene: 'battle', play: 'Play round', query: 'seed=7&seats=4' },
  { scene: 'mines', play: 'Mine', query: 'seed=7' },
] as const;

/** How late the font comes to a scene's page: later than the lab's scene starts on a fast machine. */
const LATE_FONT_MS = 1_500;

for (const viewport of VIEWPORTS) {
  test.describe(`scenes' final frames at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await closeDailyBonusWhenItOpens(page);
      // The pictures are full motion's final frames, whatever the machine's load.
      await chooseFullMotion(page);
    });

    for (const { scene, play, query, ...options } of SCENES) {
      test(scene, async ({ page }) => {
        // The site's font arrives late on every one of these loads, as on a slow link: a scene starts
        // once its font is in (scenes/kit/sceneFont.ts), or its text keeps the fallback face.
        await page.route(/\.woff2$/, async (route) => {
          await new Promise((arrived) => setTimeout(arrived, LATE_FONT_MS));
          await route.continue();
        });
        await openStill(page, `/scene-lab?scene=${scene}&${query}`);
        const stage = page.getByTestId('scene-stage');
        await expect(stage).toHaveAttribute('data-scene-phase', 'ready');
        // The viewer's own win throws confetti that keeps falling after Skip: the wheel lands on a loss.
        if ('noWin' in options) await page.getByLabel('My win').uncheck();
        // The scene tabs (aria-pressed) share names with play buttons ('Upgrade'): take the play button.
        await page.getByRole('button', { name: play, exact: true }).and(page.locator(':not([aria-pressed])')).click();
        // A short scene (limbo's count) can end before the check sees it run: either phase means it started.
        await expect(stage).toHaveAttribute('data-scene-phase', /^(running|finished)$/);
        await page.getByRole('button', { name: 'Skip', exact: true }).click();
        await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 15_000 });
        // The sticky site header would cover the top of a stage scrolled into view on a phone.
        await page.addStyleTag({ content: '.header { visibility: hidden !important; }' });
        await expect(stage).toHaveScreenshot(`scene-${scene}-${viewport.width}x${viewport.height}.png`, { timeout: SHOT_TIMEOUT });
      });
    }
  });
}

// A bet's public page (docs/transparency.md): a 1.00 dice bet of a player who plays through the API,
// seen by a visitor; its outcome, time and seeds are the run's own (masked above). After the page shots:
// its bet shows on /transparency of the same worker's server (a row in the returns table), so every
// page shot comes before it whichever worker takes which test.
for (const viewport of VIEWPORTS) {
  test.describe(`a bet's page at ${viewport.width}×${viewport.height}`, () => {
    test.describe.configure({ timeout: 180_000 });
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await watchLayoutShift(page);
      await preparePage(page);
    });

    test('/bets/{id} (a dice bet)', async ({ page, request }) => {
      const { headers } = await fundedApiPlayer(request, 35, 'bettor');
      expect((await request.post('/api/dice/bet', { headers, data: { amount: 1, target: 50, direction: 'under' } })).ok()).toBe(true);
      const row = (await (await request.get('/api/profile/bets', { headers })).json()).data[0];
      await checkPage(page, request, `/bets/${row.public_id}`, viewport, { layoutShift: true, shot: '/bets-dice' });
    });
  });
}

/** Each game's bet of the replay baselines: the call that plays it with the player's headers. */
const REPLAYED_BETS: { game: string; play: (request: APIRequestContext, headers: Record<string, string>) => Promise<void> }[] = [
  { game: 'box', play: (request, headers) => placed(request.post('/api/boxes/gift-card-grab/open', { headers, data: { quantity: 1 } })) },
  { game: 'dice', play: (request, headers) => placed(request.post('/api/dice/bet', { headers, data: { amount: 1, target: 50, direction: 'under' } })) },
  { game: 'limbo', play: (request, headers) => placed(request.post('/api/limbo/bet', { headers, data: { amount: 1, target: 2 } })) },
  { game: 'plinko', play: (request, headers) => placed(request.post('/api/plinko/bet', { headers, data: { amount: 1, rows: 9, risk: 'high' } })) },
  {
    game: 'upgrade',
    play: async (request, headers) => {
      const target = (await (await request.get('/api/upgrade/items?min_price=20&limit=1')).json()).data[0];
      await placed(request.post('/api/upgrade', { headers, data: { inventory_ids: [], amount: Math.round(target.price * 30) / 100, target_item_id: target.id } }));
    },
  },
  {
    game: 'battle',
    // The two cheapest boxes, one round each, against a bot; the battle's seeds derive from the
    // creator's pair, and its scene's filler from its id (the only battle on the sweep's server).
    play: async (request, headers) => {
      const boxes = ((await (await request.get('/api/boxes?sort=price_asc&per_page=10')).json()).data as { slug: string }[]).slice(0, 2);
      const id = (await placed(request.post('/api/battles/create', { headers, data: { boxes: boxes.map((b) => ({ slug: b.slug, quantity: 1 })), mode: '1v1' } }))).data.id as number;
      await placed(request.post(`/api/battles/${id}/add-bots`, { headers, data: { bots: 1 } }));
      await expect.poll(async () => (await (await request.get(`/api/battles/${id}`)).json()).data.status, { timeout: 30_000 }).toBe('ended');
    },
  },
  {
    game: 'mines',
    play: async (request, headers) => {
      const mines = async (action: string, data: object = {}) => (await placed(request.post(`/api/mines/${action}`, { headers, data }))).data as { status: string };
      // Three mines, up to three tiles in a set order: the board ends on a mine or is cashed out.
      let board = await mines('bet', { amount: 1, mines: 3 });
      for (const tile of [12, 0, 24]) if (board.status === 'open') board = await mines('reveal', { tile });
      if (board.status === 'open') await mines('cashout');
    },
  },
];

/**
 * A replay's picture may differ from its baseline in up to this many pixels (still at most 1.5 % of
 * the shot, the config's ratio). The same landed scene has come out drawn a fraction of a pixel
 * aside on some runs, every edge of the stage a little soft: 692 pixels of dice's 122,200, 1,820 of
 * the battle's (two clean-clone runs; the same code and the same outcome passed on others). A
 * different landing moves the marker, the bubble or the cards and changes thousands of pixels, and
 * the outcome itself is checked in words ("the same as the stored result") before the picture.
 */
const REPLAY_DIFF_PIXELS = 2_500;

async function placed(call: Promise<APIResponse>) {
  const res = await call;
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

// A bet page's replay lands on the same final frame on every run (docs/transparency.md, "Replay"):
// the e2e server's seed pairs come from a known seed and the player's name (FAIR_PAIR_SEED), so a
// named player who sets a client seed plays the same bet each time; its page's Replay is photographed
// once it has played. After every page shot: these bets are rows of the server's /transparency too.
test.describe("a bet's replay at 1440×900", () => {
  test.beforeEach(async ({ page }) => {
    await closeDailyBonusWhenItOpens(page);
    await chooseFullMotion(page);
  });

  for (const { game, play } of REPLAYED_BETS) {
    test(game, async ({ page, request, baseURL }) => {
      const name = `Replay ${game}`;
      const { headers } = await fixedPlayer(page, request, baseURL!, { name, email: `replay-${game}@example.com`, password: 'replay-baseline-secret' }, 100);
      // The player's first pair (server seed from the known seed and the name), its client seed set.
      await placed(request.post('/api/fair/seeds/client', { headers, data: { client_seed: 'replay-baseline' } }));
      await play(request, headers);
      await placed(request.post('/api/fair/seeds/rotate', { headers, data: {} }));
      const row = (await (await request.get('/api/profile/bets', { headers })).json()).data[0];
      expect(row.game).toBe(game);
      await openStill(page, `/bets/${row.public_id}`);
      await page.getByTestId('bet-replay').click();
      const stage = page.getByTestId('bet-replay-scene');
      await expect(page.getByTestId('bet-replay-outcome')).toContainText('the same as the stored result', { timeout: 30_000 });
      await expect(stage).toHaveAttribute('data-scene-phase', 'finished');
      await page.addStyleTag({ content: '.header { visibility: hidden !important; }' });
      await expect(stage).toHaveScreenshot(`replay-${game}-1440x900.png`, { timeout: SHOT_TIMEOUT, maxDiffPixels: REPLAY_DIFF_PIXELS });
    });
  }
});
