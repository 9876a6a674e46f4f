import { readFile } from 'node:fs/promises';
import { expect, test } from './helpers/fixtures.ts';
import { bonusSeenToday, fundedPlayer } from './helpers/players.ts';
import { phoneOverflowFailures, seriousAxeViolations } from './helpers/pageChecks.ts';
import { parseCsv } from '../helpers/csvParse.ts';
import { docShot } from './helpers/screenshots.ts';
import { BET_CSV_COLUMNS, HISTORY_PER_PAGE } from '../../core/protocol/history.ts';

// The profile's History page (docs/account-safety.md, "History"): a player with bets of several games
// (dice, plinko, upgrade, a box opening, placed through the API, then the seeds rotated so each pair
// is revealed) filters by game, pages, downloads the CSV of a filter and compares its rows with the
// list, reads the transactions tab, follows a Verify link into the calculator with the bet's values;
// on a phone the table reads as a list of cards; no serious axe violation, no sideways scrolling.

test.setTimeout(120_000);

test('bets and transactions: filter by game, page, Export CSV, Verify, and the phone list', async ({ page, request, baseURL }) => {
  // The daily bonus would open over the page the axe checks read.
  await bonusSeenToday(page);
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'history');
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data;
  };
  const dice = 23;
  for (let i = 0; i < dice; i++) await post('/api/dice/bet', { amount: 0.1, target: 50, direction: 'over' });
  const plinko = await post('/api/plinko/bet', { amount: 1, rows: 9, risk: 'high' });
  const target = (await (await request.get('/api/upgrade/items?min_price=20&limit=1')).json()).data[0];
  await post('/api/upgrade', { inventory_ids: [], amount: Math.round(target.price * 30) / 100, target_item_id: target.id });
  const box = ((await (await request.get('/api/boxes?sort=price_asc&per_page=1')).json()).data as { slug: string; name: string }[])[0]!;
  await post(`/api/boxes/${box.slug}/open`, { quantity: 1 });
  await post('/api/fair/seeds/rotate', {});
  const total = dice + 3;

  // The page, from the profile's links.
  await page.goto('/profile');
  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/profile\/history$/);
  const rows = page.getByTestId('bet-history-row');
  await expect(rows).toHaveCount(HISTORY_PER_PAGE);
  await expect(page.getByTestId('history-page')).toHaveText(`Page 1 of 2 · ${total} total`);
  // Newest first: the box opening, the upgrade, the plinko ball, then the dice.
  await expect(rows.nth(0)).toContainText('Boxes');
  await expect(rows.nth(0)).toContainText(`from ${box.name}`);
  await expect(rows.nth(1)).toContainText('Upgrade');
  await expect(rows.nth(2)).toContainText('Plinko');
  await expect(rows.nth(3)).toContainText(/Roll \d+\.\d\d \(over 50\.00\)/);
  expect(await seriousAxeViolations(page, '/profile/history')).toEqual([]);

  // Paging.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(total - HISTORY_PER_PAGE);
  await expect(page.getByTestId('history-page')).toHaveText(`Page 2 of 2 · ${total} total`);

  // A game chip filters (and goes back to the first page).
  const games = page.getByRole('group', { name: 'Game' });
  await games.getByRole('button', { name: 'Dice' }).click();
  await expect(page).toHaveURL(/game=dice/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByTestId('history-page')).toHaveText(`Page 1 of 2 · ${dice} total`);
  await expect(rows.filter({ hasNotText: 'Dice' })).toHaveCount(0);

  // Export CSV of the filter: one line per dice bet, as the API lists them.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bets.csv');
  const [header, ...lines] = parseCsv(await readFile(await file.path(), 'utf8'));
  expect(header).toEqual([...BET_CSV_COLUMNS]);
  expect(lines).toHaveLength(dice);
  expect(new Set(lines.map((l) => l[1]))).toEqual(new Set(['dice']));
  const listed = [
    ...(await (await request.get('/api/profile/bets?game=dice', { headers })).json()).data,
    ...(await (await request.get('/api/profile/bets?game=dice&page=2', { headers })).json()).data,
  ] as { id: string; result: string; stake: number }[];
  expect(lines.map((l) => [l[0], l[6], Number(l[3])])).toEqual(listed.map((r) => [r.id, r.result, r.stake]));

  // Transactions: the deposit and the bets, signed, with the balance after each.
  await page.getByRole('group', { name: 'History' }).getByRole('button', { name: 'Transactions' }).click();
  const moves = page.getByTestId('ledger-row');
  await expect(moves.first()).toContainText('Box opened');
  await expect(moves.first()).toContainText('−');
  await page.getByRole('group', { name: 'Kind' }).getByRole('button', { name: 'Deposits' }).click();
  await expect(moves).toHaveCount(1);
  await expect(moves.first()).toContainText('Deposit');
  await expect(moves.first()).toContainText('+');

  // Verify opens ONE modal for that bet. A plinko ball on the new (active) pair: its server seed is
  // still hidden, so the modal shows the hash, the client seed and the nonce and says to rotate.
  const hidden = await post('/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' });
  await page.getByRole('group', { name: 'History' }).getByRole('button', { name: 'Bets' }).click();
  await page.getByRole('group', { name: 'Game' }).getByRole('button', { name: 'Plinko' }).click();
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: 'Verify' }).click();
  let modal = page.getByRole('dialog', { name: 'Verify this Plinko bet' });
  await expect(modal.getByTestId('verify-bet-hidden')).toContainText('Rotate your seed to reveal it');
  await expect(modal).toContainText(hidden.server_seed_hash);
  await expect(modal).toContainText(hidden.client_seed);
  await expect(modal.getByTestId('fair-calculator')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close' }).click();
  // The revealed plinko bet: its seeds, its result, and the plinko calculator alone with its board and the same slot.
  await rows.nth(1).getByRole('button', { name: 'Verify' }).click();
  modal = page.getByRole('dialog', { name: 'Verify this Plinko bet' });
  await expect(modal.getByTestId('verify-bet-commitment')).toHaveText('SHA-256 of the server seed matches the hash committed before the bet.');
  await expect(modal).toContainText(plinko.server_seed_hash);
  await expect(modal.getByTestId('verify-bet-result')).toHaveText(await rows.nth(1).locator('td[data-label="Result"]').innerText());
  await expect(modal.getByTestId('fair-calculator')).toHaveCount(1);
  await expect(modal.getByTestId('calc-nonce')).toHaveValue(String(plinko.nonce));
  await expect(modal.getByTestId('calc-plinko-rows')).toHaveValue('9');
  await expect(modal.getByTestId('calc-plinko-risk')).toHaveValue('high');
  await expect(modal.getByTestId('calc-plinko-slot')).toHaveText(String(plinko.slot));
  await expect(page).toHaveURL(/\/profile\/history/);
  await docShot(page, 'verify-bet-1440.png', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await docShot(page, 'verify-bet-390.png', { fullPage: false });
  await modal.getByRole('button', { name: 'Close' }).click();

  // On a phone the rows are cards: no header row, each value beside its column's name, nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/history?game=dice');
  await expect(rows).toHaveCount(HISTORY_PER_PAGE);
  await expect(page.locator('.history__table thead')).toBeHidden();
  const stake = rows.first().locator('td[data-label="Stake"]');
  expect(await stake.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Stake"');
  expect(await seriousAxeViolations(page, '/profile/history (phone)')).toEqual([]);
  expect(await phoneOverflowFailures(page, '/profile/history')).toEqual([]);
});
