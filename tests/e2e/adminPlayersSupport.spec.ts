import { expect, test } from './helpers/fixtures.ts';
import { APP_LOADING } from './helpers/appLoading.ts';
import { closeDailyBonusWhenItOpens, signIn } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';

// The console's players and support (docs/operator-console.md, "Players" and "Support"): the admin
// finds a player by email, credits 5.00 with a reason and sees the ledger row; asks a credit above the
// approval threshold, cannot approve it itself and rejects it (Approvals); answers the player's
// ticket, whose page (a second browser context, the player's) shows the reply live but never the
// internal note; then locks the player, whose next call is 401.

test('console: find, adjust, answer a ticket live with a note kept internal, lock', async ({ browser, page, request, baseURL }) => {
  const playerContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1440, height: 900 } });
  const playerPage = await playerContext.newPage();
  await closeDailyBonusWhenItOpens(playerPage);
  const player = await signIn(playerPage, playerContext.request, baseURL!, 'consolesupport');
  const created = await playerContext.request.post('/api/support/tickets', {
    headers: player.headers,
    data: { subject: 'Bonus not credited', category: 'deposit', message: 'My deposit bonus did not arrive yesterday.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const ticketId = ((await created.json()) as { data: { id: number } }).data.id;
  await playerPage.goto(`/profile/support?ticket=${ticketId}`);
  const thread = playerPage.getByRole('article', { name: 'Ticket Bonus not credited' });
  await expect(thread.locator('.support-status')).toHaveText('Open');

  await closeDailyBonusWhenItOpens(page);
  await signInAdmin(page, request, baseURL!);
  await page.goto('/admin/players');
  await page.locator(APP_LOADING).waitFor({ state: 'detached', timeout: 30_000 });
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(player.email);
  await search.press('Enter');
  const found = page.getByTestId('player-row');
  await expect(found).toHaveCount(1);
  await found.getByRole('link').click();
  await expect(page.getByTestId('player-facts')).toContainText(player.email);

  const adjust = page.getByRole('form', { name: 'Adjust balance' });
  await adjust.getByLabel('Amount').fill('5.00');
  await adjust.getByLabel('Reason').fill('Goodwill for the missing bonus');
  await adjust.getByRole('button', { name: 'Credit' }).last().click();
  await expect(adjust.getByRole('status')).toHaveText('Credited 5.00.');
  await expect(page.getByTestId('player-facts')).toContainText('5.00');
  await page.getByRole('group', { name: 'Sections' }).getByRole('button', { name: 'Ledger' }).click();
  const ledgerRow = page.getByTestId('ledger-row').first();
  await expect(ledgerRow).toContainText('Adjustment by support');
  await expect(ledgerRow).toContainText('+5.00');
  await expect(ledgerRow).toContainText('adjustment:');
  // Its linked accounts (docs/risk.md): every journey's player signs in from this machine's address,
  // a weak link each, so there is a score and rows (how many grows as other journeys sign in).
  await page.getByRole('group', { name: 'Sections' }).getByRole('button', { name: 'Linked accounts' }).click();
  await expect(page.getByTestId('risk-score')).toHaveText(/^Risk score \d+ of 100 · no linked account in its cluster$/);
  await expect(page.getByTestId('link-row').first()).toContainText('Same sign-in address');
  // The alert queue (docs/risk.md, "Alerts") from the side bar: open alerts, or the empty queue's line.
  await page.getByRole('link', { name: 'Risk alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Risk alerts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('alert-row').first().or(page.getByText('No open alert.'))).toBeVisible();
  await page.goBack();

  // A credit above the approval threshold (1000 coins) waits for a second staff member: the one who
  // asked cannot approve it, and a rejection moves nothing.
  await page.getByRole('group', { name: 'Sections' }).getByRole('button', { name: 'Profile' }).click();
  // Marked as bonus (docs/bonuses.md, "Console bonus credits"): it waits with its wagering terms.
  await adjust.getByLabel('Amount').fill('1500.00');
  await adjust.getByLabel('Reason').fill('Large goodwill for the outage');
  await adjust.getByLabel('Credit as bonus').check();
  await adjust.getByLabel('Wager × the credit').fill('2');
  await adjust.getByRole('button', { name: 'Credit' }).last().click();
  await expect(adjust.getByRole('status')).toHaveText("The credit of 1500.00 waits for a second staff member's approval.");
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals' }).click();
  const waiting = page.getByTestId('approval-row').filter({ hasText: 'Large goodwill for the outage' });
  await expect(waiting).toContainText('1500.00 as bonus (wager 2×, 30 d)');
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toHaveText('You asked for this yourself: another staff member must approve it.');
  await waiting.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('status')).toHaveText('Rejected: no money moved.');
  await expect(waiting).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Support' }).click();
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/category=deposit/);
  await page.getByTestId('ticket-row').filter({ hasText: player.email }).getByRole('link', { name: /Bonus not credited/ }).click();
  await page.getByRole('form', { name: 'Add an internal note' }).getByLabel('Add an internal note').fill('Internal: bonus job failed on the 25th, see logs.');
  await page.getByRole('form', { name: 'Add an internal note' }).getByRole('button').click();
  await expect(page.getByTestId('ticket-note')).toContainText('bonus job failed');
  const reply = page.getByRole('form', { name: 'Reply to the player' });
  await reply.getByLabel('Reply to the player').fill('We credited 5.00 for the missing bonus. Sorry for the wait!');
  await reply.getByRole('button').click();
  await expect(page.getByTestId('ticket-status')).toHaveText('answered');

  // The player's page, untouched since it loaded: the reply arrives live; the note never does.
  await expect(playerPage.getByText('Support answered your ticket "Bonus not credited"')).toBeVisible();
  await expect(thread.locator('.support-message--operator')).toContainText('We credited 5.00 for the missing bonus.');
  await expect(thread.locator('.support-status')).toHaveText('Answered');
  await expect(thread).not.toContainText('bonus job failed');

  await page.getByRole('link', { name: new RegExp(player.email.replace(/[.+]/g, '\\$&')) }).click();
  const lock = page.getByRole('form', { name: 'Lock' });
  await lock.getByLabel('Lock reason').fill('Bonus abuse under review');
  await lock.getByRole('button', { name: 'Lock' }).click();
  await expect(lock.getByRole('status')).toHaveText('Locked; every session has ended.');
  await expect(lock).toContainText('Bonus abuse under review');
  const next = await playerContext.request.get('/api/profile', { headers: player.headers });
  expect(next.status()).toBe(401);
  await playerContext.close();
});
