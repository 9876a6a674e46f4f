import { expect, test, type Locator, type Page } from './helpers/fixtures.ts';
import { bonusSeenToday, closeDailyBonusWhenItOpens, fundedPlayer, headerBalance, signIn, verifyEmail } from './helpers/players.ts';
import { signInAdmin } from './helpers/staff.ts';
import { shootBothSizes } from './helpers/screenshots.ts';
import { APP_LOADING } from './helpers/appLoading.ts';

// Chat journey (docs/community.md, "Chat"): two players write and read each other live; one
// reports the other's message, which is in the console's queue; the console admin (a moderator and
// more) deletes it from the panel and it is gone on both pages at once, then mutes the other
// player, whose next message is refused with the reason; a player ignores another and keeps
// ignoring them after a reload. The console's chat page (/admin/chat) shows the report and dismisses
// it, marks the deleted message, bans a player with a reason (their next message is refused), clears
// a player's last 24 h (gone from the open panel), picks the German room (its messages, its own slow
// mode) and pulls the kill switch.
// Rooms per language: the header's picker lists them by their language's own name; A and B move to
// Deutsch, where A's message reaches B live and not the moderator's English room; B's way back loads
// English again; A's other page opens the chat in the room A picked (kept on the device).
// Tips (docs/community.md, "Tips"): A tips B with `/tip name amount`; both are told and both
// balances move from the answer and the private channel; the Tip button opens the same form.
// Rain (docs/community.md, "Rain"): the admin turns it on, A's bet funds the pot from the edge, the
// shop announces it, both join from the banner and both read the shop's message that it was shared.
// Real server, real sockets, real Chromium.

async function openChat(page: Page): Promise<Locator> {
  await page.goto('/');
  // A click on the prerendered markup is lost: wait for the app first.
  await expect(page.locator(APP_LOADING)).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Chat' }).click();
  const panel = page.getByRole('complementary', { name: 'Chat' });
  await expect(panel.getByRole('list', { name: 'Messages' })).toBeVisible({ timeout: 30_000 }); // the panel's chunk and its last 50, on a loaded machine
  return panel;
}

async function say(panel: Locator, text: string) {
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
}

/**
 * A message that is to be posted: sent until the box empties. The room's slow mode refuses one sent
 * within its seconds of the player's last (a tip counts: the shop says it in the room), keeping the
 * text in the box under "Wait 2 s before your next message.": a player sends it again, and so does this.
 */
async function post(panel: Locator, text: string) {
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect(async () => {
    if ((await box.inputValue()) !== '') await panel.getByRole('button', { name: 'Send' }).click({ timeout: 5_000 });
    await expect(box).toHaveValue('', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

const message = (panel: Locator, text: string) => panel.getByRole('listitem').filter({ hasText: text });
const roomPicker = (panel: Locator) => panel.getByRole('combobox', { name: 'Chat room' });

test('two players chat live; report, delete, mute and ignore', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })));
  // Every page of these players has seen the daily bonus, the ones opened later too: a run on a slow
  // hour had it open over B's second page (A's public profile) 4 s after its load, and its Tip waited out the test.
  for (const context of contexts) await bonusSeenToday(context);
  const [pageA, pageB, pageM] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const p of [pageA!, pageB!, pageM!]) await closeDailyBonusWhenItOpens(p);
  const a = await fundedPlayer(pageA!, contexts[0]!.request, baseURL!, 40, 'chatA');
  const b = await signIn(pageB!, contexts[1]!.request, baseURL!, 'chatB');
  await Promise.all([verifyEmail(contexts[0]!.request, a.email), verifyEmail(contexts[1]!.request, b.email)]);
  const admin = await signInAdmin(pageM!, contexts[2]!.request, baseURL!);

  const panelA = await openChat(pageA!);
  const panelB = await openChat(pageB!);
  const panelM = await openChat(pageM!);
  // The header's online count: at least the three signed-in players here (the server's count of people).
  await expect.poll(async () => Number((await panelA.getByTestId('chat-online').textContent())?.match(/^(\d+) online$/)?.[1] ?? -1), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const first = `hello from A ${Date.now()}`;
  await post(panelA, first);
  await expect(message(panelB, first)).toBeVisible();
  await expect(message(panelM, first)).toBeVisible();
  const reply = `hi A, from B ${Date.now()}`;
  await post(panelB, reply);
  await expect(message(panelA, reply)).toBeVisible();
  await shootBothSizes(pageA!, 'chat');

  // A tips B by /tip: both are told, both balances move.
  const nameB = (await message(panelA, reply).locator('.chat__name').textContent())!;
  await expect(headerBalance(pageA!)).toContainText('40.00');
  await say(panelA, `/tip ${nameB} 5`);
  await expect(pageA!.getByText(`You tipped ${nameB} 5.00 coins.`)).toBeVisible();
  await expect(pageB!.getByText(/tipped you 5\.00 coins$/)).toBeVisible();
  await expect(headerBalance(pageA!)).toContainText('35.00');
  await expect(headerBalance(pageB!)).toContainText('5.00');
  await say(panelA, '/tip');
  await expect(panelA.getByRole('alert')).toHaveText('Write /tip name amount, for example /tip Ann 5.');
  // The Tip button beside B's message opens the same form, empty.
  await message(panelA, reply).hover();
  await message(panelA, reply).getByRole('button', { name: 'Tip' }).click();
  const tipForm = panelA.getByRole('form', { name: `Tip ${nameB}` });
  await expect(tipForm.getByRole('textbox', { name: 'Tip amount' })).toHaveValue('');
  await shootBothSizes(pageA!, 'chat-tip');
  await tipForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tipForm).toHaveCount(0);

  // A room per language, picked in the header: the panels opened English's (the pages' language).
  await expect(roomPicker(panelA)).toHaveValue('en');
  await expect(roomPicker(panelA).locator('option')).toHaveText(['English', 'Deutsch', 'Español', 'Português (Brasil)', 'Français', 'Türkçe']);
  await roomPicker(panelB).selectOption({ label: 'Deutsch' });
  await expect(message(panelB, reply)).toHaveCount(0);
  await roomPicker(panelA).selectOption({ label: 'Deutsch' });
  await expect(message(panelA, first)).toHaveCount(0);
  const german = `Hallo aus dem deutschen Raum ${Date.now()}`;
  await post(panelA, german);
  await expect(message(panelA, german)).toBeVisible();
  await expect(message(panelB, german)).toBeVisible(); // live on chat-de
  await expect(message(panelM, first)).toBeVisible();
  await expect(message(panelM, german)).toHaveCount(0); // not in English
  // B's way back: English's messages again, and not the German one.
  await roomPicker(panelB).selectOption({ label: 'English' });
  await expect(message(panelB, reply)).toBeVisible();
  await expect(message(panelB, german)).toHaveCount(0);

  // A's name in B's chat leads to A's public page (a page of its own in B's browser, the chat stays
  // open): A's figures from the server, a tip from the page, then a figure A hides on /profile shows
  // as hidden.
  const nameA = (await message(panelB, first).locator('.chat__name').textContent())!;
  await expect(message(panelB, first).getByRole('link', { name: nameA })).toHaveAttribute('href', `/players/${encodeURIComponent(nameA)}`);
  const profileB = await contexts[1]!.newPage();
  await profileB.goto(`/players/${encodeURIComponent(nameA)}`);
  const publicA = (await (await contexts[1]!.request.get(`/api/players/${encodeURIComponent(nameA)}`)).json()).data;
  const stats = profileB.getByTestId('player-stats');
  await expect(profileB.getByRole('heading', { name: nameA, level: 1 })).toBeVisible();
  await expect(stats).toContainText(`Wagered${publicA.stats.wagered.toFixed(2)}`);
  await expect(stats).toContainText(`Bets${publicA.stats.bets}`);
  await profileB.getByRole('button', { name: `Tip ${nameA}` }).click();
  const tipFromProfile = profileB.getByRole('form', { name: `Tip ${nameA}` });
  await tipFromProfile.getByRole('textbox', { name: 'Tip amount' }).fill('1');
  await tipFromProfile.getByRole('button', { name: 'Send tip' }).click();
  await expect(profileB.getByText(`You tipped ${nameA} 1.00 coins.`)).toBeVisible();
  await expect(headerBalance(pageA!)).toContainText('36.00');
  const settingsA = await contexts[0]!.newPage();
  await settingsA.goto('/profile');
  const wageredBox = settingsA.getByRole('region', { name: 'Public profile' }).getByRole('checkbox', { name: 'Wagered' });
  await expect(wageredBox).toBeChecked();
  // The room A picked is kept on this device: A's other page opens the chat in Deutsch.
  await settingsA.getByRole('button', { name: 'Chat', exact: true }).click();
  const panelSettings = settingsA.getByRole('complementary', { name: 'Chat' });
  await expect(roomPicker(panelSettings)).toHaveValue('de');
  await expect(message(panelSettings, german)).toBeVisible();
  await panelSettings.getByRole('button', { name: 'Close chat' }).click();
  await wageredBox.uncheck();
  await expect.poll(async () => (await (await contexts[1]!.request.get(`/api/players/${encodeURIComponent(nameA)}`)).json()).data.stats.wagered).toBeNull();
  await profileB.reload();
  await expect(stats).toContainText('WageredHidden');
  // Streamer mode on A's /profile: A's balance, name and email read "Hidden" on A's screen at once
  // and after a reload (kept on the server); off again, they show.
  const streamer = settingsA.getByRole('region', { name: 'Streamer mode' }).getByRole('checkbox', { name: 'Streamer mode' });
  await streamer.check();
  const privateFigures = async () => [await headerBalance(settingsA).textContent(), await settingsA.locator('.profile-main__name').textContent(), await settingsA.locator('.profile-main__email').textContent()];
  await expect.poll(privateFigures).toEqual(['Hidden', 'Hidden', 'Hidden verified']);
  await settingsA.reload();
  await expect(streamer).toBeChecked();
  await expect.poll(privateFigures).toEqual(['Hidden', 'Hidden', 'Hidden verified']);
  await expect(settingsA.locator('.header__user')).toHaveAttribute('aria-label', 'Profile');
  await streamer.uncheck();
  await expect(headerBalance(settingsA)).toContainText('36.00');
  await expect(settingsA.locator('.profile-main__name')).toHaveText(nameA);
  await expect(settingsA.locator('.profile-main__email')).toHaveText(`${a.email} verified`);
  await Promise.all([profileB.close(), settingsA.close()]);
  // A back in English (and kept so for the reload further down).
  await roomPicker(panelA).selectOption({ label: 'English' });
  await expect(message(panelA, first)).toBeVisible();

  // The notifications centre (docs/community.md, "Notifications"): B's bell counts A's 5.00 tip and,
  // live, A's mention; its panel words both as the server stored them; Mark all as read ends the
  // count; /profile/notifications lists the same, read.
  const bellB = pageB!.getByRole('button', { name: /^Notifications/ });
  await expect(bellB).toHaveAccessibleName('Notifications, 1 unread');
  await post(panelA, `@${nameB} look at this`);
  await expect(bellB).toHaveAccessibleName('Notifications, 2 unread');
  // A phone's header has no bell: the count is on the bottom bar's Profile.
  await pageB!.setViewportSize({ width: 390, height: 844 });
  await expect(bellB).toBeHidden();
  await expect(pageB!.getByRole('navigation', { name: 'Mobile' }).getByTestId('unread-badge')).toHaveText('2');
  await pageB!.setViewportSize({ width: 1440, height: 900 });
  await bellB.click();
  const bellPanel = pageB!.getByRole('dialog', { name: 'Notifications' });
  const rows = bellPanel.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${nameA} mentioned you`);
  await expect(rows.nth(0)).toContainText(`@${nameB} look at this`);
  await expect(rows.nth(1)).toContainText('Tip received+5.00 coins');
  await shootBothSizes(pageB!, 'notifications');
  await bellPanel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bellB).toHaveAccessibleName('Notifications');
  await expect(pageB!.getByTestId('unread-badge')).toHaveCount(0);
  await expect(bellPanel.getByRole('link', { name: 'All notifications' })).toHaveAttribute('href', '/profile/notifications');
  await pageB!.keyboard.press('Escape');
  await expect(bellPanel).toHaveCount(0);
  const listB = await contexts[1]!.newPage();
  await listB.goto('/profile/notifications');
  await expect(listB.locator('.notifications-page').getByRole('listitem')).toHaveCount(2);
  await expect(listB.locator('.notifications__item--unread')).toHaveCount(0);
  await listB.close();

  // Rain: on, with all of the edge into the pot; A's 10.00 dice bet (1 % edge) puts 0.10 into it.
  // The admin sets it in the console's Rain form: a window under the server's 10 s is refused with its
  // reason and nothing changes; then saved, read back through the API.
  const rainSettings = { enabled: true, edge_share_pct: 100, interval_minutes: 1, window_seconds: 30, require_verified: true, min_wagered_7d: 0, min_deposited_14d: 0, captcha: false, min_pot: 0.01, wagering_multiple: 1, bonus_days: 7 };
  const request = contexts[2]!.request;
  const settingsPage = await contexts[2]!.newPage();
  await settingsPage.goto('/admin/chat');
  const rainForm = settingsPage.getByRole('form', { name: 'Rain' });
  await expect(rainForm.getByRole('textbox', { name: 'Every (minutes)' })).toHaveValue('30');
  await rainForm.getByRole('checkbox', { name: 'Rain on' }).check();
  await rainForm.getByRole('textbox', { name: 'Share of the house edge (%)' }).fill('100');
  await rainForm.getByRole('textbox', { name: 'Every (minutes)' }).fill('1');
  await rainForm.getByRole('textbox', { name: 'Least pot (coins)' }).fill('0.01');
  await rainForm.getByRole('textbox', { name: 'Join window (seconds)' }).fill('5');
  await rainForm.getByRole('button', { name: 'Save' }).click();
  await expect(rainForm.getByRole('status')).toHaveText(/10/);
  await expect(rainForm.getByRole('textbox', { name: 'Join window (seconds)' })).toHaveAttribute('aria-invalid', 'true');
  expect((await (await request.get('/api/admin/chat/rain-settings', { headers: admin.headers })).json()).data.enabled).toBe(false);
  await rainForm.getByRole('textbox', { name: 'Join window (seconds)' }).fill('30');
  await rainForm.getByRole('button', { name: 'Save' }).click();
  await expect(rainForm.getByRole('status')).toHaveText('Saved: the leader node runs the next rain by it.');
  expect((await (await request.get('/api/admin/chat/rain-settings', { headers: admin.headers })).json()).data).toEqual(rainSettings);
  await settingsPage.close();
  try {
    expect((await contexts[0]!.request.post('/api/dice/bet', { headers: a.headers, data: { amount: 10, target: 50, direction: 'under' } })).ok()).toBe(true);
    await expect(message(panelB, 'It\'s raining!').last()).toContainText(/It's raining! \d+\.\d\d coins to share: join in the chat within 30 s\./, { timeout: 30_000 });
    for (const panel of [panelA, panelB]) {
      const rain = panel.getByRole('region', { name: 'Rain' });
      await expect(rain).toContainText('The pot is split equally among everyone who joined');
      await rain.getByRole('button', { name: 'Join the rain' }).click();
      await expect(rain.getByRole('status')).toHaveText('You are in.');
    }
    await shootBothSizes(pageB!, 'chat-rain');
    for (const panel of [panelA, panelB]) await expect(message(panel, 'The rain shared').last()).toContainText(/The rain shared \d+\.\d\d coins among 2 players\./, { timeout: 60_000 });
    await expect(panelA.getByRole('region', { name: 'Rain' })).toHaveCount(0);
  } finally {
    await request.put('/api/admin/chat/rain-settings', { headers: admin.headers, data: { ...rainSettings, enabled: false } });
  }

  // B reports A's message; it is in the console's queue.
  await message(panelB, first).hover();
  await message(panelB, first).getByRole('button', { name: 'Report' }).click();
  await expect(pageB!.getByText('Thank you: a moderator will look at the message.')).toBeVisible();
  // The console's chat page has it in the queue; the moderator dismisses this one report.
  const consolePage = await contexts[2]!.newPage();
  await consolePage.goto('/admin/chat');
  const reportRow = consolePage.getByTestId('chat-report-row').filter({ hasText: first });
  await expect(reportRow).toBeVisible();
  await reportRow.getByRole('button', { name: 'Dismiss' }).click();
  await expect(consolePage.locator('.admin__main').getByRole('status')).toHaveText('Report dismissed.');
  await expect(reportRow).toHaveCount(0);

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
  await expect(panelB.getByRole('alert')).toHaveText(/^You are muted in chat until \d\d\.\d\d\.\d\d, \d\d:\d\d UTC\.$/);

  // A ignores B: B's messages leave A's page, and stay away after a reload.
  await message(panelA, reply).hover();
  await message(panelA, reply).getByRole('button', { name: 'Ignore' }).click();
  await expect(message(panelA, reply)).toHaveCount(0);
  const again = await openChat(pageA!);
  await expect(message(again, reply)).toHaveCount(0);
  await expect(message(panelM, reply)).toBeVisible();

  // The console: the deleted message is kept and marked; A is banned with a reason and refused.
  await consolePage.reload();
  const status = consolePage.locator('.admin__main').getByRole('status');
  await expect(consolePage.getByTestId('chat-message-row').filter({ hasText: first })).toContainText('Deleted');
  await consolePage.getByTestId('chat-message-row').filter({ hasText: first }).getByRole('button').first().click(); // the author's name
  const playerForm = consolePage.getByRole('form', { name: 'Player' });
  await playerForm.getByRole('textbox', { name: 'Reason' }).fill('Spam');
  await playerForm.getByRole('button', { name: 'Ban from chat' }).click();
  await expect(status).toHaveText('Banned from chat.');
  await say(panelA, 'still here?');
  await expect(panelA.getByRole('alert')).toHaveText('You are banned from chat.');
  // Clearing B's last 24 h takes B's reply off the open panel.
  await consolePage.getByTestId('chat-message-row').filter({ hasText: reply }).getByRole('button').first().click();
  await playerForm.getByRole('button', { name: 'Clear last 24 h' }).click();
  await expect(status).toHaveText('1 message cleared.');
  await expect(message(panelM, reply)).toHaveCount(0);
  // The console's room picker: Deutsch's messages, and slow mode set there is Deutsch's alone.
  await consolePage.getByRole('group', { name: 'Chat room' }).getByRole('button', { name: 'Deutsch (de)' }).click();
  await expect(consolePage.getByRole('heading', { name: 'Room de' })).toBeVisible();
  await expect(consolePage.getByTestId('chat-message-row').filter({ hasText: german })).toBeVisible();
  await expect(consolePage.getByTestId('chat-message-row').filter({ hasText: first })).toHaveCount(0);
  // Slow mode and the kill switch, each set and undone.
  const slow = consolePage.getByRole('textbox', { name: /^Slow mode/ });
  await slow.fill('30');
  await slow.press('Enter');
  await expect(status).toHaveText('Slow mode: one message per 30 s.');
  const slowOf = async (room: string) => (await (await request.get(`/api/chat/${room}`)).json()).data.slow_mode_seconds as number;
  expect([await slowOf('de'), await slowOf('en')]).toEqual([30, 0]);
  await slow.fill('0');
  await slow.press('Enter');
  await expect(status).toHaveText('Slow mode off.');
  await consolePage.getByRole('button', { name: 'Close the chat' }).click();
  await expect(consolePage.getByTestId('chat-switch')).toHaveText('The chat is closed for everyone.');
  await consolePage.getByRole('button', { name: 'Open the chat' }).click();
  await expect(consolePage.getByTestId('chat-switch')).toHaveText('The chat is open.');
  for (const c of contexts) await c.close();
});
