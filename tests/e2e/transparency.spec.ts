import { expect, test, type APIRequestContext, type Locator, type Page } from './helpers/fixtures.ts';
import { closeDailyBonusWhenItOpens, fundedPlayer } from './helpers/players.ts';
import type { MinesBoard } from '../../core/protocol/mines.ts';
import { WHEEL_COLOR_LABELS, wheelColorAt, wheelMultiplier } from '../../core/games/wheel.ts';
import { formatMultiplier } from '../../scenes/crash/crashChart.ts';
import { truncate } from '../../scenes/kit/cardSheet.ts';
import type { BattleDetail } from '../../core/protocol/battle.ts';
import { allowFor, expectRoundWas, plannedCrashRound, untilBettingOpens, untilWindowNear } from './helpers/knownCrash.ts';
import { CRASH_JOURNEY_CHAIN } from '../helpers/e2eRounds.ts';

// From a bet in the player's history to its public page (docs/transparency.md): the name hidden by
// default and shown once the player ticks the history's setting, the seed shown once the pair is rotated, and Verify recomputing the roll in the browser
// with core's fairness code, Replay playing the recomputed roll in the dice scene and the share
// link being the page's address; then /transparency lists dice with the bet counted.

test.setTimeout(120_000);

// The crash journeys' server (CRASH_JOURNEY_CHAIN): the crash replay's planned round flies in seconds
// and comes soon, where the shared chain's rounds in play kept it waiting a minute.
test.use({ journeyEnv: CRASH_JOURNEY_CHAIN });

/** Rotates the player's seed pair: the bets played on it are revealed. */
async function revealSeeds(request: APIRequestContext, headers: Record<string, string>) {
  expect((await request.post('/api/fair/seeds/rotate', { headers, data: {} })).ok()).toBe(true);
}

/** The player's newest bet (of `game`): its public page, Replay pressed; the replay's stage. */
async function replayNewestBet(page: Page, request: APIRequestContext, headers: Record<string, string>, game: string): Promise<Locator> {
  const row = (await (await request.get('/api/profile/bets', { headers })).json()).data[0];
  expect(row.game).toBe(game);
  await page.goto(`/bets/${row.public_id}`);
  await page.getByTestId('bet-replay').click();
  return page.getByTestId('bet-replay-scene');
}

/** What the scene draws now, in its own words (SceneHost's sceneShown: the pixels cannot say it). */
const sceneShown = (stage: Locator) => stage.evaluate((el) => (el as HTMLElement & { sceneShown?: () => unknown }).sceneShown?.());

test('a dice bet opens its public page from the history, verifies in the browser and counts on /transparency', async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'public-bet');
  await closeDailyBonusWhenItOpens(page);
  const placed = await request.post('/api/dice/bet', { headers, data: { amount: 1, target: 50, direction: 'over' } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const bet = (await placed.json()).data;
  expect((await request.post('/api/fair/seeds/rotate', { headers, data: {} })).ok()).toBe(true);

  await page.goto('/profile/history');
  await page.getByTestId('bet-history-row').first().getByRole('link', { name: 'Dice' }).click();
  await expect(page).toHaveURL(/\/bets\/[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dice bet by a hidden player');
  const address = page.url();

  // The player shows their name: the same page now says who played.
  await page.goBack();
  const setting = page.waitForResponse((r) => r.url().endsWith('/api/profile/bet-name') && r.request().method() === 'PUT');
  await page.getByLabel("Show my name on my bets' public pages").check();
  expect((await setting).ok()).toBe(true);
  await page.getByTestId('bet-history-row').first().getByRole('link', { name: 'Dice' }).click();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Dice bet by public-b\d+$/);

  await page.getByTestId('bet-verify').click();
  const result = page.getByTestId('bet-verify-result');
  await expect(result).toContainText('matches the hash committed before the bet');
  await expect(page.getByTestId('bet-verify-outcome')).toHaveText(`Roll ${bet.roll.toFixed(2)}`);

  // Share: the link offered is the page's own address.
  await expect(page.getByTestId('bet-share-link')).toHaveValue(address);
  // Replay: the roll recomputed from the seeds plays in the dice scene, lands, and is the bet's.
  await page.getByTestId('bet-replay').click();
  const stage = page.getByTestId('bet-replay-scene');
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 30_000 });
  // The scene's own final frame: the roll on its marker and the verdict the dice page shows for it.
  expect(await sceneShown(stage)).toBe(`${bet.roll.toFixed(2)} ${bet.win ? `WIN ×${bet.multiplier.toFixed(2)}` : 'LOSE'}`);
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(new RegExp(`^Roll ${bet.roll.toFixed(2)} · ${bet.win ? 'won' : 'no win'}.* — the same as the stored result\\.$`));

  await page.getByRole('link', { name: /Transparency/ }).first().click();
  await expect(page).toHaveURL(/\/transparency$/);
  await expect(page.getByTestId('transparency-table').getByRole('row', { name: /Dice/ })).toBeVisible();
});

test("an upgrade's public page replays its dial from the revealed seeds and lands on the bet's ticket", async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'upgrade-replay');
  await closeDailyBonusWhenItOpens(page);
  // Balance put in for a catalog item: about a 30 % chance.
  const target = (await (await request.get('/api/upgrade/items?min_price=20&limit=1')).json()).data[0];
  const placed = await request.post('/api/upgrade', { headers, data: { inventory_ids: [], amount: Math.round(target.price * 30) / 100, target_item_id: target.id } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const upgrade = (await placed.json()).data as { roll: number; win: boolean; chance: number };
  await revealSeeds(request, headers);

  const stage = await replayNewestBet(page, request, headers, 'upgrade');
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished', { timeout: 30_000 });
  // The dial's own final frame: the verdict and where the needle stopped, as the upgrade page shows them.
  const percent = (upgrade.roll - 1) / 1000;
  expect(await sceneShown(stage)).toBe(`${upgrade.win ? 'WIN' : 'LOSE'} ROLL ${percent.toFixed(2)}`);
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(
    `Ticket ${upgrade.roll} (${percent.toFixed(2)} % on the dial) · chance ${upgrade.chance.toFixed(3)} % · ${upgrade.win ? 'upgraded' : 'no win'} — the same as the stored result.`,
  );
});

test("a Mines board's public page replays the player's tiles over the mines recomputed from the revealed seeds and lands on the game's final board", async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'mines-replay');
  await closeDailyBonusWhenItOpens(page);
  const mines = async (action: string, data: object = {}): Promise<MinesBoard> => {
    const res = await request.post(`/api/mines/${action}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data;
  };
  // Three mines, up to three tiles in a set order: the board ends on a mine or is cashed out.
  let board = await mines('bet', { amount: 1, mines: 3 });
  for (const tile of [12, 0, 24]) if (board.status === 'open') board = await mines('reveal', { tile });
  if (board.status === 'open') board = await mines('cashout');
  await revealSeeds(request, headers);

  const stage = await replayNewestBet(page, request, headers, 'mines');
  const gems = board.status === 'lost' ? board.revealed.length - 1 : board.revealed.length;
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(
    `Mines on tiles ${board.mine_tiles!.join(', ')} · ${gems} ${gems === 1 ? 'gem' : 'gems'}${board.status === 'lost' ? ', then a mine · no win' : ' · cashed out'} — the same as the stored result.`,
    { timeout: 30_000 },
  );
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished');
  // The board's own final frame, as the Mines page drew the game's last answer: the player's tiles
  // bright, every other tile turned over dimmed.
  const finalBoard = Array.from({ length: 25 }, (_, tile) => {
    const face = board.mine_tiles!.includes(tile) ? 'mine' : 'gem';
    return board.revealed.includes(tile) ? face : `${face}-dim`;
  });
  expect(await sceneShown(stage)).toEqual(finalBoard);
  // Replay again plays the board once more (from a new board) and lands on the same final frame.
  await page.getByTestId('bet-replay').click();
  await expect(page.getByTestId('bet-replay-outcome')).toBeVisible({ timeout: 30_000 });
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished');
  expect(await sceneShown(stage)).toEqual(finalBoard);
});

test("a wheel bet's public page replays its round's spin from the round's revealed hash and lands on the round's segment", async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'wheel-replay');
  await closeDailyBonusWhenItOpens(page);
  // The round loop runs on its own: the server takes the bet once a betting window is open.
  let roundId = 0;
  const placeBet = async () => {
    const res = await request.post('/api/wheel/bet', { headers, data: { amount: 1, color: 'grey' } });
    if (res.ok()) roundId = (await res.json()).data.bet.round_id;
    return res.status();
  };
  await expect.poll(placeBet, { timeout: 60_000 }).toBe(200);
  // The round ends: the bet is settled and the round's hash revealed.
  let row: { public_id: string; game: string; result: string } | undefined;
  await expect
    .poll(async () => (row = (await (await request.get('/api/profile/bets', { headers })).json()).data[0]).result, { timeout: 60_000 })
    .toMatch(/^Bet Grey, (won|lost)$/);
  // The segment the game landed on, as its recent rounds list it.
  const games = (await (await request.get('/api/wheel/recent-games?limit=10')).json()).data as { id: number; segment: number }[];
  const game = games.find((g) => g.id === roundId)!;
  const color = wheelColorAt(game.segment);
  const won = color === 'grey';
  expect(row!.result).toBe(`Bet Grey, ${won ? 'won' : 'lost'}`);

  const stage = await replayNewestBet(page, request, headers, 'wheel');
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(
    `Segment ${game.segment}: ${WHEEL_COLOR_LABELS[color]} ×${wheelMultiplier(color)} · bet on Grey · ${won ? 'won' : 'no win'} — the same as the stored result.`,
    { timeout: 30_000 },
  );
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished');
  // The wheel's own final frame: the segment under its pointer and the multiplier on its hub, as /wheel shows them.
  expect(await sceneShown(stage)).toBe(`${game.segment} ×${wheelMultiplier(color)}`);
});

test("a crash bet's public page replays its round's flight from the round's revealed hash, to its crash point with the bet's cash-out", async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 100, 'crash-replay');
  await closeDailyBonusWhenItOpens(page);
  // A round known in advance (the e2e server's chain) that passes the auto cash-out and crashes soon
  // after, so both its flight and its replay take seconds; /crash, whose page says when its window
  // is open, opens shortly before it.
  let round = await plannedCrashRound(request, { minPoint: 1.2, maxPoint: 2.5 });
  allowFor(round);
  await untilWindowNear(request, round, 8_000);
  await page.goto('/crash');
  round = await untilBettingOpens(page, request, round);
  const placed = await request.post('/api/crash/bet', { headers, data: { amount: 1, auto_cashout: 1.2 } });
  expect(placed.status(), await placed.text()).toBe(200);
  await expectRoundWas(request, (await placed.json()).data.bet.round_id, round);
  await expect.poll(async () => (await (await request.get('/api/profile/bets', { headers })).json()).data[0].result, { timeout: 30_000 }).toBe('Cashed out at 1.20×');

  const stage = await replayNewestBet(page, request, headers, 'crash');
  const point = formatMultiplier(round.crashPoint);
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(`Crashed at ${point} · cashed out at 1.20x · won — the same as the stored result.`, { timeout: 30_000 });
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished');
  // The chart's own final frame, as /crash draws a round's end: the crash point, and the bet's marker (a hidden player's).
  expect(await sceneShown(stage)).toEqual([`${point} CRASHED`, 'This bet 1.20x']);
});

test("a battle seat's public page replays the battle's rounds from its revealed seeds and lands on the battle's final frame", async ({ page, request, baseURL }) => {
  const { headers } = await fundedPlayer(page, request, baseURL!, 200, 'battle-replay');
  await closeDailyBonusWhenItOpens(page);
  const boxes = ((await (await request.get('/api/boxes?sort=price_asc&per_page=10')).json()).data as { slug: string }[]).slice(0, 2);
  const created = await request.post('/api/battles/create', { headers, data: { boxes: boxes.map((b) => ({ slug: b.slug, quantity: 1 })), mode: '1v1' } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = (await created.json()).data.id as number;
  expect((await request.post(`/api/battles/${id}/add-bots`, { headers, data: { bots: 1 } })).ok()).toBe(true);
  // The battle ends (its seeds revealed) after its two rounds.
  let battle: BattleDetail | undefined;
  await expect.poll(async () => (battle = (await (await request.get(`/api/battles/${id}`)).json()).data as BattleDetail).status, { timeout: 30_000 }).toBe('ended');
  const d = battle!;
  const winners = d.winner!.seats;

  const stage = await replayNewestBet(page, request, headers, 'battle');
  const names = d.rounds.map((r, i) => `${i === 0 ? 'Round' : 'round'} ${r.round}: ${[...r.results].sort((a, b) => a.seat - b.seat).map((x) => x.item.name).join(' / ')}`).join('; ');
  const tie = d.winner!.tie_break ? ` (tie-break over ${d.winner!.tied.map((t) => `Seat ${t + 1}`).join(' and ')})` : '';
  await expect(page.getByTestId('bet-replay-outcome')).toHaveText(
    `${names} · Seat ${d.winner!.team + 1} won${tie} · this bet's seat 1: ${winners.includes(0) ? 'won' : 'no win'} — the same as the stored result.`,
    { timeout: 30_000 },
  );
  await expect(stage).toHaveAttribute('data-scene-phase', 'finished');
  // The reels' own final frame, as the battle page ends: the last round's items, every seat's total, the winners (and a tie's coin).
  const last = d.rounds.at(-1)!.results;
  const seats = d.seats.map((s) => `${last.find((r) => r.seat === s.seat)!.item.name} ${s.total.toFixed(2)}${winners.includes(s.seat) ? ' WIN' : ''}`);
  const coin = d.winner!.tie_break ? [`Coin ${truncate(['This bet', 'Seat 2'][d.winner!.team]!, 8)}`] : [];
  expect(await sceneShown(stage)).toEqual([`Round ${d.rounds_total} / ${d.rounds_total}`, ...seats, ...coin]);
});
