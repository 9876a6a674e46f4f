import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { closeDailyBonusWhenItOpens, fundedApiPlayer, signIn } from './helpers/players.ts';

// The prerendered pages (scripts/prerender.ts, docs/performance.md "Prerendered pages"): /, /boxes,
// the game pages, /transparency and a bet's page (its frame) paint from HTML and CSS alone, a signed-in player's first paint hides the guest
// controls, and React then takes the page over without errors. The client under test must be built
// by `npm run build` (vite build, then the prerender).
const clientDir = process.env.CLIENT_DIR ?? './dist/client';

/** The game pages' shells: the page's panels (named as the client names them) and its scene's space, if any. */
const GAMES = [
  { route: '/dice', controls: 'Dice controls', scene: 'dice-scene', dark: false },
  { route: '/plinko', controls: 'Plinko controls', scene: 'plinko-scene', dark: true },
  { route: '/limbo', controls: 'Limbo controls', scene: 'limbo-scene', dark: false },
  { route: '/mines', controls: 'Mines controls', scene: 'mines-scene', dark: false },
  { route: '/upgrade', controls: 'Your items', scene: 'upgrade-scene', dark: false },
  { route: '/crash', controls: 'Crash controls', scene: 'crash-scene', dark: true },
  { route: '/wheel', controls: 'Wheel controls', scene: 'wheel-scene', dark: true },
  { route: '/battles', controls: null, scene: null, dark: false },
];

/** A 1.00 dice bet of a player who plays through the API: its public id and what its page shows. */
async function diceBet(request: APIRequestContext) {
  const { headers } = await fundedApiPlayer(request, 35, 'bettor');
  expect((await request.post('/api/dice/bet', { headers, data: { amount: 1, target: 50, direction: 'under' } })).ok()).toBe(true);
  const { public_id } = (await (await request.get('/api/profile/bets', { headers })).json()).data[0] as { public_id: string };
  return (await (await request.get(`/api/bets/${public_id}`)).json()).data as { public_id: string; result: string; fairness: string };
}

/** The overlay, or a page's Suspense spinner: React's first render over the page must be the page. */
const TAKEOVER_SPINNERS = '[data-testid="loading-overlay"], .page-spinner';

/** Every form control under `root` (the page's #root) with the value it shows (a select's chosen option, a box's tick). */
function shownControls(root: Element | null): string[] {
  return [...(root ?? document.getElementById('root')!).querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].map(
    (c) => `${c.getAttribute('aria-label') ?? c.getAttribute('name') ?? c.type}=${c.type === 'checkbox' || c.type === 'radio' ? (c as HTMLInputElement).checked : c.value}`,
  );
}

type Watched = { overlaySeen: boolean; firstRoot: Element };

/**
 * The page's console errors, whether any of `spinners` was ever in the document since it started
 * loading, and the controls as the server's markup showed them (#root copied once the parser is
 * done, before any script of the page runs: a copy's controls keep the values they were parsed with).
 */
async function watchTakeover(page: Page, spinners: string) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript((selector) => {
    const w = window as unknown as Watched;
    w.overlaySeen = false;
    new MutationObserver(() => (w.overlaySeen ||= document.querySelector(selector) !== null)).observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', () => document.readyState === 'interactive' && (w.firstRoot = document.getElementById('root')!.cloneNode(true) as Element));
  }, spinners);
  return {
    errors,
    overlaySeen: () => page.evaluate(() => (window as unknown as Watched).overlaySeen),
    firstControls: async () => (await page.evaluateHandle(() => (window as unknown as Watched).firstRoot)).evaluate(shownControls),
  };
}

test.beforeAll(() => {
  expect(existsSync(path.join(clientDir, 'prerendered', 'index.html')), `${clientDir} has no prerendered pages: build it with \`npm run build\` (or \`node scripts/prerender.ts ${clientDir}\` after vite build)`).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the header and the hero, /boxes its heading and filters', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Open mystery boxes.');
    await expect(page.locator('.home-hero__float').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await page.goto('/boxes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mystery boxes');
    await expect(page.getByRole('combobox', { name: 'Sort' })).toBeVisible();
    // The shop's first cards, written by the server (server/boxes/pageFills.ts), never "No boxes match".
    await expect(page.locator('.box-card')).not.toHaveCount(0);
    await expect(page.locator('.box-card').first().locator('.box-card__name')).not.toBeEmpty();
    await expect(page.getByText('No boxes match these filters.')).toHaveCount(0);
    // A filtered list is the loading state until the client asks for it.
    await page.goto('/boxes?sort=new');
    await expect(page.getByRole('combobox', { name: 'Sort' })).toBeVisible();
    await expect(page.locator('.box-card')).toHaveCount(0);
    await expect(page.getByText('No boxes match these filters.')).toHaveCount(0);
  });

  for (const { route, controls, scene, dark } of GAMES) {
    test(`${route} shows its shell: the header, its panels and the scene's reserved space`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign up' })).toBeVisible();
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
      if (controls) await expect(page.getByRole('region', { name: controls })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 })).toHaveText('Box battles');
      if (scene) {
        // The space is reserved (no shift when the canvas comes), the canvas and its phase are the client's.
        const stage = page.getByTestId(scene);
        expect((await stage.boundingBox())?.height).toBeGreaterThan(150);
        await expect(stage.locator('canvas')).toHaveCount(0);
        await expect(stage).not.toHaveAttribute('data-scene-phase');
      }
      // The black game pages are black from the first paint.
      await expect(page.locator('body')).toHaveClass(dark ? /\bis-dark-page\b/ : /^(?!.*\bis-dark-page\b)/);
      // The first paint waits for the whole page's markup: a half-read page painted its controls where
      // the scene goes on a busy phone, and they jumped (scripts/prerender.ts, PARSED_BLOCKS_RENDER).
      const expected = await page.locator('head link[rel="expect"][blocking="render"]').getAttribute('href');
      await expect(page.locator(`#root + ${expected}`)).toHaveCount(1);
    });
  }

  test("a shop box's page shows the box: its art, name and items count", async ({ page, request }) => {
    const box = (await (await request.get('/api/boxes/gift-card-grab')).json()).data as { name: string; img_url: string; items: unknown[] };
    await page.goto('/boxes/gift-card-grab');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(box.name);
    await expect(page.getByText(`${box.items.length} items ·`)).toBeVisible();
    const art = page.locator('.box-hero__img');
    await expect(art).toHaveAttribute('src', box.img_url);
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // An unknown box: the page as built, its slot empty (the client then shows its 404 page).
    await page.goto('/boxes/no-such-box');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.locator('.box-hero')).toHaveCount(0);
  });

  test('/transparency shows its heading, intro and periods; the figures are the client\'s', async ({ page }) => {
    await page.goto('/transparency');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transparency');
    await expect(page.getByRole('link', { name: 'How every outcome is provably fair' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '24 h' })).toBeVisible();
    await expect(page.getByTestId('transparency-table')).toHaveCount(0);
  });

  test("a bet's page shows its frame and carries the bet's Open Graph card", async ({ page, request }) => {
    const bet = await diceBet(request);
    await page.goto(`/bets/${bet.public_id}`);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    // The frame: the links and the Bet panel's labels, no figure of any bet (the build's capture had none).
    await expect(page.getByRole('link', { name: "Transparency: every game's measured return" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bet', exact: true })).toBeVisible();
    for (const label of ['Game', 'Time', 'Stake', 'Payout', 'Multiplier', 'Result', 'Fairness']) await expect(page.locator('dt', { hasText: label })).toBeVisible();
    await expect(page.getByTestId('bet-share-link')).toHaveValue('');
    await expect(page.getByText(bet.result)).toHaveCount(0);
    // The head is the bet's, written by the server into the prerendered copy (server/transparency/betPageHead.ts).
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`/bets/${bet.public_id}$`));
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', new RegExp(bet.fairness));
    // An unknown bet: the frame as built, with no card.
    await page.goto(`/bets/${'f'.repeat(32)}`);
    await expect(page.getByRole('heading', { name: 'Bet', exact: true })).toBeVisible();
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(0);
  });

  test('other pages are not prerendered', async ({ page }) => {
    for (const route of ['/leaderboard', '/dice/provably-fair', '/battles/create']) {
      await page.goto(route);
      await expect(page.locator('#root'), route).toBeEmpty();
    }
  });
});

test("a signed-in player's first paint is the signed-in shell, from the prerendered HTML until the profile arrives", async ({ page, request, baseURL }) => {
  const { headers } = await signIn(page, request, baseURL!);
  const name = ((await (await request.get('/api/profile', { headers })).json()) as { data: { name: string } }).data.name;
  // The placeholder is CSS alone (src/app/layout/layout.css): the balance's place and the avatar's.
  const placeholder = () => page.locator('.header__actions').evaluate((e) => [getComputedStyle(e, '::before').width, getComputedStyle(e, '::after').width]);
  // The entry script never arrives: what shows is the prerendered page alone.
  await page.route(/\/assets\/index-[^/]*\.js$/, () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  const guest = page.locator('.guest-only');
  await expect(guest).toHaveCount(5); // Login, Sign up, the phone's Login icon, the bottom bar's Login, Create account
  for (const control of await guest.all()) await expect(control).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await placeholder()).toEqual(['150px', '36px']);
  await page.unroute(/\/assets\/index-[^/]*\.js$/);

  // React has the page, the profile is still on its way: the same shell, never the guest's.
  let answerProfile = () => {};
  const profileHeld = new Promise<void>((resolve) => (answerProfile = resolve));
  await page.route('**/api/profile', async (route) => {
    await profileHeld;
    await route.continue();
  });
  await page.goto('/upgrade');
  await expect(page.locator(APP_LOADING)).toHaveCount(0);
  expect(await placeholder()).toEqual(['150px', '36px']);
  await expect(page.getByRole('button', { name: 'Login' })).toBeHidden();
  await expect(page.getByText('Log in to upgrade your items.')).toBeHidden();
  answerProfile();
  await expect(page.getByRole('link', { name: `${name}, profile` })).toBeVisible();
  expect(await placeholder()).toEqual(['auto', 'auto']);
});

for (const route of ['/', '/boxes', ...GAMES.map((g) => g.route), '/transparency']) {
  test(`React takes ${route} over without errors, a loading overlay or a spinner`, async ({ page }) => {
    const { errors, overlaySeen, firstControls } = await watchTakeover(page, TAKEOVER_SPINNERS);
    await page.goto(route);
    await expect(page.locator(APP_LOADING)).toHaveCount(0);
    // The first paint's controls show what React renders: a <select> written without its chosen
    // option showed its first one (Mines "1" beside the readouts of 3 mines) until React took over.
    expect(await page.evaluate(shownControls, null)).toEqual(await firstControls());
    const game = GAMES.find((g) => g.route === route);
    if (game?.controls) await expect(page.getByRole('region', { name: game.controls })).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The scene is the client's: it starts once React has the page.
    if (game?.scene) await expect(page.getByTestId(game.scene)).toHaveAttribute('data-scene-phase', /.+/, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await overlaySeen()).toBe(false);
    expect(errors).toEqual([]);
  });
}

test("React takes a bet's page over from its frame: the bet fills in and nothing moves", async ({ page, request }) => {
  const bet = await diceBet(request);
  // The page's own spinner too, where its frame stands.
  const { errors, overlaySeen } = await watchTakeover(page, `${TAKEOVER_SPINNERS}, #main .spinner`);
  // The bet's answer is held until the frame's places are measured.
  let answerBet = () => {};
  const betHeld = new Promise<void>((resolve) => (answerBet = resolve));
  await page.route(`**/api/bets/${bet.public_id}`, async (route) => {
    await betHeld;
    await route.continue();
  });
  await page.goto(`/bets/${bet.public_id}`);
  await expect(page.locator(APP_LOADING)).toHaveCount(0);
  // The heading, the share row and the Bet panel's rows (the panels after it come with the bet).
  const places = () => page.locator('.fair-page h1, .bet-share, .fair-grid > :first-child .fair-kv > *').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => [r.top, r.left, r.height]));
  const framed = await places();
  answerBet();
  await expect(page.getByTestId('bet-page')).toBeVisible();
  await expect(page.getByText(bet.fairness)).toBeVisible();
  await expect(page.getByTestId('bet-share-link')).toHaveValue(new RegExp(`/bets/${bet.public_id}$`));
  expect(await places()).toEqual(framed);
  await page.waitForLoadState('networkidle');
  expect(await overlaySeen()).toBe(false);
  expect(errors).toEqual([]);
});

test("React takes a box page over with the box the server sent: no API call for it, nothing moves", async ({ page }) => {
  // The daily bonus offer opens 4 s after start when no scene runs yet (useBonusModal.ts): on a
  // slow machine it did, over the Boxes page, and took the card's click (two CI runs).
  await closeDailyBonusWhenItOpens(page);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  // The box detail calls (GET /api/boxes/{slug}), by path.
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/api\/boxes\/[^/]+$/.test(pathname)) asked.push(pathname);
  });
  await page.goto('/boxes/gift-card-grab');
  // Found and measured inside the page in one step: a locator finds the element, then measures it in a
  // second round trip, and React's takeover could replace the prerendered heading in between (a
  // detached element measured as null in one CI run, both tries).
  const headingBox = () =>
    page.evaluate(() => {
      const rect = document.querySelector('main h1')?.getBoundingClientRect();
      return rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    });
  const before = await headingBox();
  expect(before?.height).toBeGreaterThan(0);
  await expect(page.locator(APP_LOADING)).toHaveCount(0);
  // React's page: the controls and the box's items, drawn from the page's data.
  await expect(page.getByTestId('open-box')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Items in this box' })).toBeVisible();
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', /.+/, { timeout: 30_000 });
  expect(await headingBox()).toEqual(before);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
  // A box reached inside the app asks the API, as before.
  await page.getByRole('link', { name: 'Boxes', exact: true }).first().click();
  const card = page.locator('.box-card').first();
  const slug = await card.getAttribute('data-box');
  await card.click();
  await expect(page.getByTestId('open-box')).toBeVisible();
  expect(asked).toEqual([`/api/boxes/${slug}`]);
  // An unknown box's page, sent as built, ends as the 404 page.
  await page.goto('/boxes/no-such-box');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('React takes /boxes over with the list the server sent: no API call for it, the same cards', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/boxes' && asked.push(r.url()));
  await page.goto('/boxes');
  const served = await page.locator('.box-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-box')));
  expect(served.length).toBeGreaterThan(0);
  await expect(page.locator(APP_LOADING)).toHaveCount(0);
  await expect(page.getByText(`${served.length} boxes`)).toBeVisible();
  expect(await page.locator('.box-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-box')))).toEqual(served);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  // A filter asks the API, as before.
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('new');
  await expect.poll(() => asked.length).toBe(1);
});

// The page's code is asked for only once its first frame is drawn (core/codeAfterPaint.ts): the first
// paint shares the network with no script.
for (const route of ['/', '/dice', '/boxes', '/boxes/gift-card-grab', '/transparency']) {
  test(`${route} asks for its scripts after its first paint`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator(APP_LOADING)).toHaveCount(0);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
        .map((e) => e.startTime),
    }));
    expect(paint).not.toBeNull();
    expect(scripts.length).toBeGreaterThan(5);
    expect(Math.min(...scripts)).toBeGreaterThan(paint!);
  });
}
