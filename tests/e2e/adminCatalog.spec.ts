import sharp from 'sharp';
import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';

// The console's catalog (docs/operator-console.md, "Catalog and boxes"): the admin creates an item,
// uploads its product photo ("Item photos"), puts it in a new box beside a shop item, watches the RTP move with the odds, has a wrong sum
// refused, publishes version 1; a player then opens the box on the shop's box page. The box then
// changes (version 2), and the opening's verify link still checks it against version 1's odds.

test('catalog: a new item in a new box, live RTP, a wrong sum refused, published and opened by a player', async ({ page, request, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const itemName = `Journey Runner ${tag}`;
  const boxName = `Journey Box ${tag}`;
  await bonusSeenToday(page);
  const admin = await signInAdmin(page, request, baseURL!);

  await page.goto('/admin/items');
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New item' }).click();
  const form = page.getByRole('form', { name: 'New item' });
  await form.getByLabel('Name', { exact: true }).fill(itemName);
  await form.getByLabel('Brand').fill('Acme');
  await form.getByLabel('Price (coins)').fill('40');
  await form.getByLabel('Rarity').selectOption('uncommon');
  await form.getByLabel('Sizes').selectOption('shoe');
  await form.getByLabel('Picture').selectOption('sneakerHigh');
  await form.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByTestId('item-message')).toContainText(`Item created. ${itemName}`);
  await expect(page.getByRole('img', { name: `${itemName} picture` })).toBeVisible();
  // Its product photo in place of the drawing: chosen, previewed, uploaded.
  const edit = page.getByRole('form', { name: `Edit ${itemName}` });
  const photo = await sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 30, g: 160, b: 90, alpha: 1 } } }).png().toBuffer();
  await edit.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'runner.png', mimeType: 'image/png', buffer: photo });
  await expect(edit.getByRole('img', { name: 'Chosen photo' })).toBeVisible();
  await edit.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByTestId('item-message')).toContainText(`Photo saved. ${itemName}`);
  await expect(page.getByRole('img', { name: `${itemName} picture` })).toHaveAttribute('src', /\/photos\/[0-9a-f]{32}/);
  await expect(edit.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await page.getByLabel('Search name or brand').fill(tag);
  await page.getByLabel('Search name or brand').press('Enter');
  await expect(page.getByTestId('item-row')).toHaveCount(1);
  await expect(page.getByTestId('item-row')).toContainText('36.00');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Boxes' }).click();
  await page.getByRole('button', { name: 'New box' }).click();
  const editor = page.getByRole('region', { name: 'New box' });
  await editor.getByLabel('Box name').fill(boxName);
  await editor.getByLabel('Box category').selectOption('sneakers');
  await editor.getByLabel('Box price (coins)').fill('100');
  await editor.getByLabel('Add an item: search').fill(tag);
  await editor.getByRole('button', { name: `Add ${itemName} (40.00)` }).click();
  await editor.getByLabel('Add an item: search').fill('Samba OG');
  await editor.getByRole('button', { name: /^Add .*Samba OG \(100\.00\)$/ }).click();
  await expect(editor.getByTestId('odds-row')).toHaveCount(2);

  const odds = editor.getByTestId('odds-row').getByRole('textbox');
  await odds.nth(0).fill('50');
  await odds.nth(1).fill('50');
  await expect(editor.getByTestId('odds-sum')).toHaveText('100%');
  await expect(editor.getByTestId('box-rtp')).toHaveText('70.00%');
  // The RTP follows the odds as they are typed: more of the dearer item, a higher return.
  await odds.nth(0).fill('30');
  await expect(editor.getByTestId('odds-sum')).toHaveText('80%');
  await odds.nth(1).fill('60');
  await expect(editor.getByTestId('box-rtp')).toHaveText('72.00%');
  await expect(editor.getByText('The odds must add up to 100% (now 90%).')).toBeVisible();
  // Publishing a wrong sum: the server refuses it, and no box is made.
  await editor.getByRole('button', { name: 'Create and publish' }).click();
  await expect(editor.getByTestId('box-refusal')).toHaveText('The odds must add up to 100% (now 90%).');
  await odds.nth(1).fill('70');
  await expect(editor.getByTestId('odds-sum')).toHaveText('100%');
  await expect(editor.getByTestId('box-rtp')).toHaveText('82.00%');
  await editor.getByRole('button', { name: 'Create and publish' }).click();
  await expect(page.getByTestId('box-message')).toHaveText('Box created and published as version 1.');
  const created = page.getByRole('region', { name: /^Box \d+$/ });
  await expect(created.getByTestId('version-row')).toHaveCount(1);
  await expect(created.getByTestId('version-row')).toContainText('v1 (current)');
  await expect(created.getByTestId('version-row')).toContainText('82.00%');
  await expect(page.getByTestId('box-row').filter({ hasText: boxName })).toContainText('v1');

  const boxId = Number((await created.getAttribute('aria-label'))!.replace('Box ', ''));
  await expect(created.getByTestId('version-row')).toContainText(`${itemName} 30%, Adidas Samba OG 70%`);

  // A player opens it on the shop's box page.
  const player = await fundedPlayer(page, request, baseURL!, 200, 'catalogbox');
  await page.goto(`/boxes/journey-box-${tag}`);
  await expect(page.getByRole('heading', { name: boxName })).toBeVisible({ timeout: 30_000 });
  // The box's item card shows the photo, 512 px square, as the browser's preferred format.
  const card = page.locator('.item-card', { hasText: itemName }).locator('img');
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('src', /\/api\/art\/items\/\d+\/photos\/[0-9a-f]{32}$/);
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  const served = await page.evaluate(async (src) => (await fetch(src, { headers: { accept: 'image/avif,image/webp,*/*' } })).headers.get('content-type'), (await card.getAttribute('src'))!);
  expect(served).toBe('image/avif');
  await page.getByTestId('open-box').click();
  await expect(page.getByTestId('box-reel')).toHaveAttribute('data-scene-phase', 'finished', { timeout: 30_000 });
  await expect(page.getByTestId('reel-result')).toContainText(new RegExp(`${itemName}|Samba OG`));
  const won = (await page.getByTestId('reel-result').innerText()).includes(itemName) ? itemName : 'Samba OG';

  // The box changes (the other way round), the player reveals the seed pair and follows the
  // opening's verify link: the calculator checks it against the odds it was played with.
  const items = (await (await request.get(`/api/admin/boxes/${boxId}`, { headers: admin.headers })).json()).data.items as Array<{ id: number }>;
  const v2 = await request.post(`/api/admin/boxes/${boxId}/versions`, { headers: admin.headers, data: { price: 100, items: [{ item_id: items[0]!.id, odds_units: 70_000 }, { item_id: items[1]!.id, odds_units: 30_000 }] } });
  expect(v2.ok(), await v2.text()).toBe(true);
  expect((await request.post('/api/fair/seeds/rotate', { headers: player.headers })).ok()).toBe(true);
  const bets = (await (await request.get('/api/profile/bets?game=box', { headers: player.headers })).json()).data as Array<{ verify_path: string }>;
  await page.goto(bets[0]!.verify_path);
  await expect(page.getByTestId('calc-box-version')).toHaveText(`The odds of ${boxName}, version 1: the ones this opening was played with (the box has changed since).`);
  await expect(page.getByTestId('calc-box-item')).toContainText(won);
});
