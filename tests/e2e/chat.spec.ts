import { expect, test, type Locator, type Page } from '@playwright/test';
import { closeDailyBonusWhenItOpens, signIn, verifyEmail } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';
import { shootBothSizes } from './helpers/screenshots.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Chat journey (docs/community.md, "Chat"): two players write and read each other live; one
// reports the other's message, which is in the console's queue; the console admin (a moderator and
// more) deletes it from the panel and it is gone on both pages at once, then mutes the other
// player, whose next message is refused with the reason; a player ignores another and keeps
// ignoring them after a reload. Real server, real sockets, real Chromium.

async function openChat(page: Page): Promise<Locator> {
  await page.goto('/');
  // A click on the prerendered markup is lost: wait for the app first.
  await expect(page.locator(APP_LOADING)).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Chat' }).click();
  const panel = page.getByRole('complementary', { name: 'Chat' });
  await expect(panel.getByRole('list', { name: 'Messages' })).toBeVisible();
  return panel;
}

async function say(panel: Locator, text: string) {
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
}

const message = (panel: Locator, text: string) => panel.getByRole('listitem').filter({ hasText: text });

test('two players chat live; report, delete, mute and ignore', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })));
  const [pageA, pageB, pageM] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const p of [pageA!, pageB!, pageM!]) await closeDailyBonusWhenItOpens(p);
  const a = await signIn(pageA!, contexts[0]!.request, baseURL!, 'chatA');
  const b = await signIn(pageB!, contexts[1]!.request, baseURL!, 'chatB');
  await Promise.all([verifyEmail(contexts[0]!.request, a.email), verifyEmail(contexts[1]!.request, b.email)]);
  const admin = await signInAdmin(pageM!, contexts[2]!.request, baseURL!);

  const panelA = await openChat(pageA!);
  const panelB = await openChat(pageB!);
  const panelM = await openChat(pageM!);
  const first = `hello from A ${Date.now()}`;
  await say(panelA, first);
  await expect(message(panelB, first)).toBeVisible();
  await expect(message(panelM, first)).toBeVisible();
  const reply = `hi A, from B ${Date.now()}`;
  await say(panelB, reply);
  await expect(message(panelA, reply)).toBeVisible();
  await shootBothSizes(pageA!, 'chat');

  // B reports A's message; it is in the console's queue.
  await message(panelB, first).hover();
  await message(panelB, first).getByRole('button', { name: 'Report' }).click();
  await expect(pageB!.getByText('Thank you: a moderator will look at the message.')).toBeVisible();
  const queue = await (await contexts[2]!.request.get('/api/admin/chat/reports', { headers: admin.headers })).json();
  expect(queue.data.map((r: { message: { text: string } }) => r.message.text)).toContain(first);

  // The moderator deletes it: gone on every page at once.
  await message(panelM, first).hover();
  await message(panelM, first).getByRole('button', { name: 'Delete' }).click();
  await expect(message(panelA, first)).toHaveCount(0);
  await expect(message(panelB, first)).toHaveCount(0);

  // The moderator mutes B; B's next message is refused with the reason.
  await message(panelM, reply).hover();
  await message(panelM, reply).getByRole('button', { name: 'Mute 10 min' }).click();
  await expect(pageM!.getByText(/^Muted until /)).toBeVisible();
  await say(panelB, 'can I still talk?');
  await expect(panelB.getByRole('alert')).toHaveText(/^You are muted in chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);

  // A ignores B: B's messages leave A's page, and stay away after a reload.
  await message(panelA, reply).hover();
  await message(panelA, reply).getByRole('button', { name: 'Ignore' }).click();
  await expect(message(panelA, reply)).toHaveCount(0);
  const again = await openChat(pageA!);
  await expect(message(again, reply)).toHaveCount(0);
  await expect(message(panelM, reply)).toBeVisible();
  for (const c of contexts) await c.close();
});
