import { expect, test } from './helpers/fixtures.ts';
import { startPostgresServer, type PostgresServer } from './helpers/postgresServer.ts';
import { shootBothSizes } from './helpers/screenshots.ts';
import { closeDailyBonusWhenItOpens, signIn } from './helpers/players.ts';

// Support journey (docs/community.md): a player opens a ticket on /profile/support/create, the
// operator answers with `npm run ops -- support reply`, and the player sees the answer arrive
// live (realtime notice) on /profile/support and answers back. Runs on a PostgreSQL server
// (tests/e2e/helpers/postgresServer.ts) so the ops command can share the database.

let server: PostgresServer;
test.beforeAll(async () => {
  server = await startPostgresServer();
});
test.afterAll(async () => {
  await server?.close();
});

test('a ticket is created, answered by the ops command and read by the player', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await closeDailyBonusWhenItOpens(page);
  await signIn(page, context.request, server.baseURL, 'support');
  await page.goto('/profile/support');
  await expect(page.getByText('You have no tickets yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New ticket' }).click();

  const form = page.getByRole('form', { name: 'New support ticket' });
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await expect(form.getByText('The subject must be at least 3 characters.')).toBeVisible();
  await form.getByLabel('Subject').fill('Parcel <b>not</b> arrived');
  await form.getByLabel('Category').selectOption('delivery');
  await form.getByLabel('Message').fill('I requested a delivery last week.\nThe tracking number is still missing.');
  await shootBothSizes(page, 'support-create');
  // Pressing Create ticket blurs Message, which still shows its message from the failed submit: its
  // check waits for the release (src/forms/afterPress.ts), else the message clears, the button moves
  // up from under the pointer and the release is no click (the delivery form's trace in a clean-clone
  // run showed it; this journey's try that never showed its ticket had no trace kept). The answer is
  // awaited on its own, so that a click lost and a page that does not show the ticket fail apart.
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/support/tickets');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  expect((await created).status()).toBe(200);

  const thread = page.getByRole('article', { name: 'Ticket Parcel <b>not</b> arrived' });
  await expect(thread).toBeVisible();
  await expect(thread.locator('.support-status')).toHaveText('Open');
  const id = new URL(page.url()).searchParams.get('ticket')!;
  expect(await server.ops('support', 'list', '--status', 'open')).toContain(`${id}\topen\tdelivery`);

  await server.ops('support', 'reply', '--id', id, '--message', 'Your parcel left our warehouse today.\nTracking: 1Z999.');
  // No reload: the realtime notice brings the answer.
  await expect(page.getByText('Support answered your ticket "Parcel <b>not</b> arrived"')).toBeVisible();
  await expect(thread.locator('.support-message--operator')).toContainText('Tracking: 1Z999.');
  await expect(thread.locator('.support-status')).toHaveText('Answered');

  await thread.getByLabel('Your message').fill('Thank you, it has arrived!');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.locator('.support-message--player').last()).toHaveText(/Thank you, it has arrived!/);
  await expect(thread.locator('.support-status')).toHaveText('Open');
  await shootBothSizes(page, 'support');

  await server.ops('support', 'close', '--id', id);
  await page.reload();
  await expect(page.getByText('This ticket is closed.')).toBeVisible();
  await context.close();
});
