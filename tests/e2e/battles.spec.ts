import { expect, type APIRequestContext, type Page } from './helpers/fixtures.ts';
import { test } from './helpers/ownPages.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';
import { coinsShown, expectShownMatchesHistory } from './helpers/shownVsHistory.ts';
import { docShot } from './helpers/screenshots.ts';
import { holdSockets } from './helpers/heldSocket.ts';

// Box battles in real Chromium against the built product (rounds paced fast by scripts/e2eServer.ts):
// two players and a bot play a 1v1v1 of two boxes to the end and both browsers see the same rounds;
// Join in the lobby takes the seat at once; a round counts on the page when its reels land (the
// seat cards say what the live region says); the winner's inventory holds every item; Back to
// Battle brings a player back; after the end Verify, Recreate and Copy; crazy mode picks the lowest
// total and a private battle opens only by its link, whose invite copies; with reduced motion each
// round's items show at once.

// This file is about motion: it plays the scenes in full (the journeys' default is reduced, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

interface Detail {
  status: string;
  winner: { seats: number[] } | null;
  seats: { seat: number; total: number; user: { id: number } | null }[];
  rounds: { round: number; results: { ticket: number; item: { id: number } }[] }[];
}

async function cheapBoxes(request: APIRequestContext, n: number) {
  return ((await (await request.get('/api/boxes?sort=price_asc&per_page=10')).json()).data as { slug: string; name: string }[]).slice(0, n);
}

async function detail(request: APIRequestContext, id: number): Promise<Detail> {
  return (await (await request.get(`/api/battles/${id}`)).json()).data;
}

const roundsText = (page: Page) => page.locator('.battle-rounds').innerText();

interface BattleMoment {
  header: string;
  said: string;
  seats: string[];
  /** The result panel (the winners) shows. */
  result: boolean;
  /** The scene's phase (data-scene-phase) in that moment. */
  phase: string;
}

/** Installs the battle log on the page (once): see recordBattle. */
function installBattleLog() {
  const w = window as unknown as { battleLog?: BattleMoment[] };
  if (w.battleLog) return;
  const log: BattleMoment[] = (w.battleLog = []);
  const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
  const read = () => {
    const moment = {
      header: text('[data-testid="battle-round"]'),
      said: text('[data-testid="battle-announcer"]'),
      seats: [...document.querySelectorAll('.battle-seat__total')].map((e) => e.textContent ?? ''),
      result: document.querySelector('[data-testid="battle-result"]') !== null,
      phase: document.querySelector<HTMLElement>('[data-testid="battle-scene"]')?.dataset.scenePhase ?? '',
    };
    const last = log.at(-1);
    if (!last || last.header !== moment.header || last.said !== moment.said || last.result !== moment.result) log.push(moment);
  };
  new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true });
  read();
}

/**
 * Records on the page, from now on and from the start of every later load, every change of the
 * header, the live region and the result with the seat cards' totals and the scene's phase of that
 * same moment: a round is 2.5 s here, which a loaded machine can pass between two checks, and an
 * announcement and the seat cards must agree in the commit that changes them.
 */
async function recordBattle(page: Page) {
  await page.addInitScript(installBattleLog);
  await page.evaluate(installBattleLog);
}

const battleLog = (page: Page) => page.evaluate(() => (window as unknown as { battleLog: BattleMoment[] }).battleLog);

/** The winners showed only once the scene had played the battle's end. */
async function expectWinnersAfterScene(page: Page) {
  const shown = (await battleLog(page)).find((m) => m.result);
  expect(shown?.phase).toBe('finished');
}

const coins = (text: string) => text.match(/\d+\.\d\d/g) ?? [];

/** Every round of `of` was shown, and announced when it landed with the totals the seat cards showed in that moment; answers those moments. */
async function expectRoundsLanded(page: Page, of: number): Promise<BattleMoment[]> {
  const log = await battleLog(page);
  // The header names the round the scene plays, in order, up to the last. A round whose event came
  // together with the next one's (a busy page) is not spun, by design (sceneView plays the last round
  // started): the header then goes straight to the later round, as one clean-clone run saw. Every
  // round is still said, with the totals the seat cards showed (below).
  const shown = log.map((m) => /^Round (\d+) \/ (\d+)$/.exec(m.header)).flatMap((m) => (m ? [Number(m[1])] : []));
  expect(shown.at(-1)).toBe(of);
  expect(shown).toEqual([...shown].sort((x, y) => x - y));
  const landings = log.filter((m, i) => /^Round \d+ of \d+:/.test(m.said) && m.said !== log[i - 1]?.said);
  expect(landings.map((m) => m.said.slice(0, m.said.indexOf(':')))).toEqual(Array.from({ length: of }, (_, r) => `Round ${r + 1} of ${of}`));
  // The last round may be said together with the end ("Round 2 of 2: … Battle over. … won …"): its totals are the round's part.
  for (const m of landings) expect(coins(m.said.split(' Battle over.')[0]!)).toEqual(m.seats.flatMap(coins));
  return landings;
}

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

  // B finds it in the live list and joins there: one press takes the seat and opens the battle.
  await b.goto('/battles');
  await expect(b.locator(`[data-battle="${id}"]`)).toContainText('2 rounds');
  await b.locator(`[data-battle="${id}"]`).getByRole('button', { name: 'Join' }).click();
  // B's own answer, not A's event (which can come first), is what saves the current battle.
  await expect(b.getByText('You joined the battle.')).toBeVisible();
  await b.waitForURL(`**/battles/${id}`);
  await expect(a.getByTestId('battle-round')).toContainText('(2/3)');

  // B steps away: Back to Battle in the header brings it back (and is not shown on the battle's page).
  await b.goto('/boxes');
  await b.getByTestId('back-to-battle').click();
  await b.waitForURL(`**/battles/${id}`);
  await expect(b.getByTestId('battle-round')).toContainText('(2/3)');
  await expect(b.getByTestId('back-to-battle')).toHaveCount(0);

  // A fills the last seat with a bot: the battle starts for both, round by round; the canvas has a name.
  await Promise.all([a, b].map(recordBattle));
  await a.getByRole('button', { name: 'Add bot' }).click();
  await expect(a.getByRole('img', { name: /^Battle reels, one per seat: \w+, \w+, .+ \(bot\)$/ })).toHaveCount(1);
  for (const page of [a, b]) await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'ended', { timeout: 30_000 });
  // Both saw every round; each counted when its reels landed: the live region and the seat cards agree.
  // The winners show once the scene has shown them (its frames are slow on a loaded machine).
  for (const page of [a, b]) {
    await expect(page.getByTestId('battle-result')).toBeVisible({ timeout: 30_000 });
    await expectRoundsLanded(page, 2);
    await expectWinnersAfterScene(page);
  }
  await expect(a.getByTestId('battle-announcer')).toContainText('Battle over.');
  // The header says it is over (no red "Round 2 / 2" left standing).
  await expect(a.getByTestId('battle-round')).toHaveText('Ended · 2 rounds');
  await expect(a.locator('.battle-round')).toHaveCount(2);
  expect(await roundsText(a)).toBe(await roundsText(b));
  const d = await detail(request, id);
  // The saved current battle is cleared at the end: no Back to Battle anywhere. The lobby's row of
  // the ended battle names its winner and prize, and B's net result (what B received − the seat cost).
  await b.goto('/battles');
  await expect(b.locator('.header')).toBeVisible();
  await expect(b.getByTestId('back-to-battle')).toHaveCount(0);
  const ended = (await (await request.get('/api/battles?status=ended&per_page=50')).json()).data.find((x: { id: number }) => x.id === id) as { cost: number; winner: { prize: number; shares: { seat: number; value: number }[] } };
  const row = b.locator(`[data-battle="${id}"]`);
  await expect(row.getByTestId('battle-row-winner')).toContainText(`won ${ended.winner.prize.toFixed(2)}`);
  const bId = (await (await request.get('/api/profile', { headers: playerB.headers })).json()).data.id as number;
  const bSeat = d.seats.find((s) => s.user?.id === bId)!.seat;
  const bNet = Math.round((ended.winner.shares.find((x) => x.seat === bSeat)?.value ?? 0) * 100 - ended.cost * 100) / 100;
  await expect(row.getByTestId('battle-row-net')).toHaveText(`· you ${bNet < 0 ? '−' : '+'}${Math.abs(bNet).toFixed(2)}`);

  const winner = d.seats[d.winner!.seats[0]!]!;
  const items = d.rounds.flatMap((r) => r.results.map((x) => x.item.id)).sort();
  // The winner's inventory holds every item (a bot's win stays with the house: no player gets any).
  for (const p of [playerA, playerB]) {
    const me = (await (await request.get('/api/profile', { headers: p.headers })).json()).data.id as number;
    const inventory = (await (await request.get('/api/profile/inventory?per_page=50', { headers: p.headers })).json()).data as { item: { id: number } }[];
    expect(inventory.map((i) => i.item.id).sort()).toEqual(winner.user?.id === me ? items : []);
  }
  await docShot(a, 'battle-ended-1440.png');

  // After the end: Verify opens the battle calculator with the revealed seeds and every round's tickets.
  // A page opened on an ended battle shows the winners once its scene has played the end.
  await a.goto(`/battles/${id}`);
  await expect(a.getByTestId('battle-result')).toBeVisible({ timeout: 30_000 });
  await expectWinnersAfterScene(a);
  await a.getByTestId('battle-result').getByRole('link', { name: 'Verify' }).click();
  await a.waitForURL(/\/provably-fair\?/);
  const calculator = a.locator('#battle');
  for (const round of d.rounds) await expect(calculator.locator('tbody tr').nth(round.round - 1)).toHaveText(new RegExp(`^${round.round}\\s*${round.results.map((r) => r.ticket).join('\\s*')}$`));
  await a.goBack();
  // Copy: the create page filled in with this battle, to change before creating.
  await a.getByRole('button', { name: 'Copy' }).click();
  await a.waitForURL('**/battles/create');
  await expect(a.getByRole('radio', { name: '1v1v1', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(a.getByTestId('battle-rounds')).toHaveText('2');
  await expect(a.getByLabel(`${first!.name} quantity`)).toHaveText('1');
  // Recreate: the same battle again at once, through the normal create call.
  await b.goto(`/battles/${id}`);
  await b.getByRole('button', { name: 'Recreate' }).click();
  await b.waitForURL((url) => /\/battles\/\d+$/.test(url.pathname) && url.pathname !== `/battles/${id}`);
  const again = Number(new URL(b.url()).pathname.split('/').pop());
  await expect(b.getByTestId('battle-round')).toContainText('Waiting for players (1/3)');
  const copy = (await (await request.get(`/api/battles/${again}`)).json()).data as { mode: string; creator_id: number; boxes: { slug: string; quantity: number }[] };
  expect(copy).toMatchObject({ mode: '1v1v1', boxes: [{ slug: first!.slug, quantity: 1 }, { slug: second!.slug, quantity: 1 }] });
});

test('a private crazy battle: reachable only by its link, which the invite button copies; played out before its page had a socket, it is loaded again on its channel\'s subscription; the lowest total wins', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const player = await fundedPlayer(page, request, baseURL!, 200, 'crazy');
  await closeDailyBonusWhenItOpens(page);
  const [box] = await cheapBoxes(request, 1);
  const created = await (await request.post('/api/battles/create', { headers: player.headers, data: { boxes: [{ slug: box!.slug, quantity: 2 }], mode: '1v1', crazy: true, private: true } })).json();
  const { id, key } = created.data as { id: number; key: string };
  // Its number alone leads nowhere, in the page as in the API.
  await page.goto(`/battles/${id}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 30_000 });
  expect((await request.get(`/api/battles/${id}`)).status()).toBe(404);
  // The page's socket is held until the battle has been played out on the server: its start, rounds
  // and end are published before the page subscribes to the battle's keyed channel.
  const connectSocket = await holdSockets(page);
  await page.goto(`/battles/${id}?key=${key}`);
  await expect(page.getByTestId('battle-invite')).toContainText("Only players with this battle's link");
  // A waiting battle says until when it stays open (then it expires and the stakes come back).
  await expect(page.getByTestId('battle-note')).toContainText(/^Open until .+: if its seats are not filled by then, the battle expires and every stake is returned\.$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy invite link' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/battles/${id}?key=${key}`);
  const bot = await request.post(`/api/battles/${id}/add-bots`, { headers: player.headers, data: { bots: 1 } });
  expect(bot.ok(), await bot.text()).toBe(true);
  const read = async () => (await (await request.get(`/api/battles/${id}?key=${key}`)).json()).data as Detail;
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('ended');
  await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'waiting');
  connectSocket();
  await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'ended', { timeout: 30_000 });
  const d = await read();
  const totals = d.seats.map((s) => s.total);
  const winnerSeat = d.winner!.seats[0]!;
  expect(totals[winnerSeat]).toBe(Math.min(...totals));
  await expect(page.locator(`.battle-seat[data-seat="${winnerSeat}"]`)).toHaveClass(/is-winner/, { timeout: 30_000 });
  // What the result showed the player (the prize, theirs when it says the items are in their
  // inventory, else nothing) is the payout of the seat in the player's history.
  const result = page.getByTestId('battle-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  const prizeShown = coinsShown(await result.locator('h2 .coins').textContent());
  const mine = (await result.getByRole('link', { name: 'your inventory' }).count()) > 0;
  await expectShownMatchesHistory(request, player.headers, { game: 'battle', id, payout: mine ? prizeShown : 0 });
});

// A 3v3 with five bots on a phone: the team's items are split, so the result card and the live region give each
// winner its own share as the server settled it, the player's history pays that share, and a
// spectator's page says no "you".
test('reduced motion: each round shows its items at once; a 3v3 on a phone, one team per row, gives each seat its own share', async ({ ownPage, request, baseURL }) => {
  test.setTimeout(90_000);
  const page = await ownPage({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
  const player = await fundedPlayer(page, request, baseURL!, 200, 'calm');
  await closeDailyBonusWhenItOpens(page);
  const [box] = await cheapBoxes(request, 1);
  const id = (await (await request.post('/api/battles/create', { headers: player.headers, data: { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '3v3' } })).json()).data.id as number;
  await page.goto(`/battles/${id}`);
  await recordBattle(page);
  await page.getByRole('button', { name: 'Fill with bots' }).click();
  // The round counts as soon as the scene has drawn its final frame, while it still runs: the seat cards with it.
  await expect(page.locator('.battle-page')).toHaveAttribute('data-status', 'ended', { timeout: 30_000 });
  await expect(page.getByTestId('battle-scene')).toHaveAttribute('data-scene-phase', 'finished');
  expect((await expectRoundsLanded(page, 1))[0]!.header).toBe('Round 1 / 1');
  await expectWinnersAfterScene(page);
  await expect(page.getByTestId('battle-round')).toHaveText('Ended · 1 round');
  // One team per row: seats 0–2 side by side on one row, 3–5 on the next; every name whole, at 12 px or more.
  const seatBoxes = await page.locator('.battle-seat').evaluateAll((els) =>
    els.map((el) => {
      const who = el.querySelector<HTMLElement>('.battle-seat__who')!;
      return { top: Math.round(el.getBoundingClientRect().top), font: parseFloat(getComputedStyle(who).fontSize), cut: who.scrollWidth > who.clientWidth + 1 };
    }),
  );
  expect(new Set(seatBoxes.slice(0, 3).map((x) => x.top)).size).toBe(1);
  expect(new Set(seatBoxes.slice(3).map((x) => x.top)).size).toBe(1);
  expect(seatBoxes[3]!.top).toBeGreaterThan(seatBoxes[0]!.top);
  for (const x of seatBoxes) expect(x).toMatchObject({ cut: false });
  expect(Math.min(...seatBoxes.map((x) => x.font))).toBeGreaterThanOrEqual(12);
  // The reels are two rows of three too: the canvas (420 px) is half again the phone's single row of reels (280 px).
  expect((await page.getByTestId('battle-scene').boundingBox())!.height).toBeGreaterThanOrEqual(420);

  const ended = (await (await request.get(`/api/battles/${id}`)).json()).data as { cost: number; winner: { seats: number[]; shares: { seat: number; value: number }[] } };
  const coins = (v: number) => v.toFixed(2);
  const received = ended.winner.shares.find((x) => x.seat === 0)?.value ?? 0;
  const result = page.getByTestId('battle-result');
  const shares = result.getByTestId('battle-shares').locator('li');
  await expect(shares).toHaveText(ended.winner.shares.map((x) => new RegExp(`^${x.seat === 0 ? 'You receive' : '.+ receives'} ${coins(x.value)}`)));
  const net = Math.round(received * 100 - ended.cost * 100) / 100;
  await expect(result.getByTestId('battle-my-result')).toContainText(`Net result: ${net < 0 ? '−' : '+'}${coins(Math.abs(net))} against the ${coins(ended.cost)} seat cost.`);
  await expect(result).not.toContainText('Every item');
  await expect(page.getByTestId('battle-announcer')).toContainText(ended.winner.seats.includes(0) ? `You receive ${coins(received)}` : 'You receive 0.00.');
  const bet = ((await (await request.get('/api/profile/bets?game=battle', { headers: player.headers })).json()).data as { id: string; payout: number }[]).find((b) => b.id === `battle:${id}`);
  expect(bet?.payout).toBe(received);
  await docShot(page, 'battle-ended-390.png', { fullPage: false });

  // A spectator (a guest, no seat) sees the same shares by name, and no "you".
  const guest = await ownPage({ reducedMotion: 'reduce' });
  await closeDailyBonusWhenItOpens(guest);
  await guest.goto(`/battles/${id}`);
  await expect(guest.getByTestId('battle-shares').locator('li')).toHaveText(ended.winner.shares.map((x) => new RegExp(` receives ${coins(x.value)}`)));
  await expect(guest.getByTestId('battle-result')).not.toContainText(/\byou\b/i);
  await expect(guest.getByTestId('battle-my-result')).toHaveCount(0);
});
