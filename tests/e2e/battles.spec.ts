import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './helpers/ownPages.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';
import { docShot } from './helpers/screenshots.ts';

// Box battles in real Chromium against the built product (rounds paced fast by scripts/e2eServer.ts):
// two players and a bot play a 1v1v1 of two boxes to the end and both browsers see the same rounds;
// the winner's inventory holds every item; Back to Battle brings a player back; crazy mode picks the
// lowest total and a private battle opens only by its link; with reduced motion each round's items show at once.

interface Detail {
  status: string;
  winner: { seats: number[] } | null;
  seats: { seat: number; total: number; user: { id: number } | null }[];
  rounds: { results: { item: { id: number } }[] }[];
}

async function cheapBoxes(request: APIRequestContext, n: number) {
  return ((await (await request.get('/api/boxes?sort=price_asc&per_page=10')).json()).data as { slug: string; name: string }[]).slice(0, n);
}

async function detail(request: APIRequestContext, id: number): Promise<Detail> {
  return (await (await request.get(`/api/battles/${id}`)).json()).data;
}

const roundsText = (page: Page) => page.locator('.battle-rounds').innerText();

test('two players and a bot play a 1v1v1 of two boxes; both see the same rounds; the winner holds every item; Back to Battle', async ({ ownPage, request, baseURL }) => {
  test.setTimeout(180_000);
  const a = await ownPage({ viewport: { width: 1440, height: 900 } });
  const b = await ownPage({ viewport: { width: 1440, height: 900 } });
  const playerA = await fundedPlayer(a, request, baseURL!, 500, 'battleA');
  const playerB = await fundedPlayer(b, request, baseURL!, 500, 'battleB');
  await closeDailyBonusWhenItOpens(a);
  await closeDailyBonusWhenItOpens(b);
  const [first, second] = await cheapBoxes(request, 2);

  // A creates: two boxes, 1v1v1; the battle page follows.
  await a.goto('/battles/create');
  await a.getByRole('button', { name: `More ${first!.name}` }).click();
  await a.getByRole('button', { name: `More ${second!.name}` }).click();
  await a.getByRole('radio', { name: '1v1v1', exact: true }).click();
  await expect(a.getByTestId('battle-rounds')).toHaveText('2');
  await a.getByRole('button', { name: 'Create battle' }).click();
  await a.waitForURL(/\/battles\/\d+$/);
  const id = Number(new URL(a.url()).pathname.split('/').pop());
  await expect(a.getByTestId('battle-round')).toContainText('Waiting for players (1/3)');

  // B finds it in the live list and joins.
  await b.goto('/battles');
  await b.locator(`[data-battle="${id}"]`).getByRole('link', { name: 'Join' }).click();
  await b.waitForURL(`**/battles/${id}`);
  await b.getByRole('button', { name: 'Join' }).first().click();
  // B's own answer, not A's event (which can come first), is what saves the current battle.
  await expect(b.getByText('You joined the battle.')).toBeVisible();
  await expect(a.getByTestId('battle-round')).toContainText('(2/3)');

  // B steps away: Back to Battle in the header brings it back (and is not shown on the battle's page).
  await b.goto('/boxes');
  await b.getByTestId('back-to-battle').click();
  await b.waitForURL(`**/battles/${id}`);
  await expect(b.getByTestId('battle-round')).toContainText('(2/3)');
  await expect(b.getByTestId('back-to-battle')).toHaveCount(0);

  // A fills the last seat with a bot: the battle starts for both, round by round.
  await a.getByRole('button', { name: 'Add bot' }).click();
  await Promise.all([a, b].map((page) => expect(page.getByTestId('battle-round')).toContainText(/Round [12] \/ 2/, { timeout: 15_000 })));

  for (const page of [a, b]) await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'ended', { timeout: 30_000 });
  await expect(a.getByTestId('battle-result')).toBeVisible();
  await expect(a.locator('.battle-round')).toHaveCount(2);
  expect(await roundsText(a)).toBe(await roundsText(b));
  // The saved current battle is cleared at the end: no Back to Battle anywhere.
  await b.goto('/boxes');
  await expect(b.locator('.header')).toBeVisible();
  await expect(b.getByTestId('back-to-battle')).toHaveCount(0);

  const d = await detail(request, id);
  const winner = d.seats[d.winner!.seats[0]!]!;
  const items = d.rounds.flatMap((r) => r.results.map((x) => x.item.id)).sort();
  // The winner's inventory holds every item (a bot's win stays with the house: no player gets any).
  for (const p of [playerA, playerB]) {
    const me = (await (await request.get('/api/profile', { headers: p.headers })).json()).data.id as number;
    const inventory = (await (await request.get('/api/profile/inventory?per_page=50', { headers: p.headers })).json()).data as { item: { id: number } }[];
    expect(inventory.map((i) => i.item.id).sort()).toEqual(winner.user?.id === me ? items : []);
  }
  await docShot(a, 'battle-ended-1440.png');
});

test('a private crazy battle: reachable only by its link, heard on its own channel; the lowest total wins', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const player = await fundedPlayer(page, request, baseURL!, 200, 'crazy');
  await closeDailyBonusWhenItOpens(page);
  const [box] = await cheapBoxes(request, 1);
  const created = await (await request.post('/api/battles/create', { headers: player.headers, data: { boxes: [{ slug: box!.slug, quantity: 2 }], mode: '1v1', crazy: true, private: true } })).json();
  const { id, key } = created.data as { id: number; key: string };
  // Its number alone leads nowhere, in the page as in the API.
  await page.goto(`/battles/${id}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await request.get(`/api/battles/${id}`)).status()).toBe(404);
  await page.goto(`/battles/${id}?key=${key}`);
  await expect(page.getByTestId('battle-invite')).toContainText("Only players with this battle's link");
  await page.getByRole('button', { name: 'Add bot' }).click();
  // The rounds and the end arrive on the battle's keyed channel.
  await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'ended', { timeout: 30_000 });
  const d = (await (await request.get(`/api/battles/${id}?key=${key}`)).json()).data as Detail;
  const totals = d.seats.map((s) => s.total);
  const winnerSeat = d.winner!.seats[0]!;
  expect(totals[winnerSeat]).toBe(Math.min(...totals));
  await expect(page.locator(`.battle-seat[data-seat="${winnerSeat}"]`)).toHaveClass(/is-winner/);
});

test('reduced motion: each round shows its items at once', async ({ ownPage, request, baseURL }) => {
  test.setTimeout(90_000);
  const page = await ownPage({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
  const player = await fundedPlayer(page, request, baseURL!, 200, 'calm');
  await closeDailyBonusWhenItOpens(page);
  const [box] = await cheapBoxes(request, 1);
  const id = (await (await request.post('/api/battles/create', { headers: player.headers, data: { boxes: [{ slug: box!.slug, quantity: 3 }], mode: '1v1v1v1' } })).json()).data.id as number;
  await page.goto(`/battles/${id}`);
  await page.getByRole('button', { name: 'Fill with bots' }).click();
  // While round 1 runs, the scene has already drawn its final frame.
  await expect(page.getByTestId('battle-round')).toContainText('Round 1 / 3', { timeout: 15_000 });
  await expect(page.getByTestId('battle-scene')).toHaveAttribute('data-scene-phase', 'finished');
  await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'ended', { timeout: 30_000 });
  await expect(page.getByTestId('battle-scene')).toHaveAttribute('data-scene-phase', 'finished');
  await docShot(page, 'battle-ended-390.png', { fullPage: false });
});
