import { expect, test, type APIResponse } from './helpers/fixtures.ts';
import { activeChain, chainHashes } from './helpers/knownCrash.ts';
import { closeDailyBonusWhenItOpens, fundedApiPlayer } from './helpers/players.ts';
import { openStill } from './helpers/pageChecks.ts';
import { REPLAY_ROUNDS, REPLAY_ROUNDS_CHAIN } from '../helpers/e2eRounds.ts';
import { chooseFullMotion } from './helpers/motion.ts';
import { crashPoint, wheelResult } from '../../core/fair/hashChain.ts';
import { WHEEL_COLORS, WHEEL_SEGMENTS, wheelColorAt } from '../../core/games/wheel.ts';

// A crash or wheel bet's replay lands on the same final frame on every run (docs/transparency.md,
// "Replay"), photographed like the instant games' in visual.spec.ts (project `visual`). A round
// game's outcome is the round a bet joins, so this file runs on a server of its own on
// REPLAY_ROUNDS_CHAIN (tests/helpers/e2eRounds.ts): a known chain with fixed salts, on which crash's
// fifth round always flies to 1.59× and the wheel's third always lands on segment 34. The player bets
// in those two rounds through the API as each opens (crash with an auto cash-out at 1.30×, the wheel
// on a colour it does not land on: a loss throws no confetti) and each bet page's replay is photographed.

test.use({ journeyEnv: REPLAY_ROUNDS_CHAIN });

test.beforeEach(async ({ page }) => {
  await closeDailyBonusWhenItOpens(page);
  await chooseFullMotion(page);
});

async function placed(call: Promise<APIResponse>) {
  const res = await call;
  expect(res.ok(), await res.text()).toBe(true);
}

test("a round's replay at 1440×900: crash and wheel", async ({ page, request }) => {
  test.setTimeout(180_000);
  const { headers } = await fundedApiPlayer(request, 35, 'replay-rounds');
  const [crashChain, wheelChain] = [await activeChain(request, 'crash'), await activeChain(request, 'wheel')];
  // The planned rounds, recomputed from the published chains: the pictures below are theirs.
  expect(crashPoint(chainHashes(crashChain)[crashChain.length - REPLAY_ROUNDS.crash]!, crashChain.salt)).toBe(1.59);
  const segment = wheelResult(chainHashes(wheelChain)[wheelChain.length - REPLAY_ROUNDS.wheel]!, wheelChain.salt, WHEEL_SEGMENTS);
  expect(segment).toBe(34);
  const color = WHEEL_COLORS.find((c) => c !== wheelColorAt(segment))!;

  /** Bets as soon as round `n` of `game` is created: its betting window opens with it. */
  const betIn = async (game: 'crash' | 'wheel', n: number, bet: () => Promise<APIResponse>) => {
    let newest = 0;
    await expect.poll(async () => (newest = (await activeChain(request, game)).played), { timeout: 90_000, intervals: [100] }).toBeGreaterThanOrEqual(n);
    expect(newest, `${game} round ${n} had not gone by when the test was ready`).toBe(n);
    await placed(bet());
  };
  await Promise.all([
    betIn('crash', REPLAY_ROUNDS.crash, () => request.post('/api/crash/bet', { headers, data: { amount: 1, auto_cashout: 1.3 } })),
    betIn('wheel', REPLAY_ROUNDS.wheel, () => request.post('/api/wheel/bet', { headers, data: { amount: 1, color } })),
  ]);
  const bets = async () => (await (await request.get('/api/profile/bets', { headers })).json()).data as { game: string; public_id: string; result: string }[];
  // Both settled: the crash bet cashed out, the wheel's lost.
  await expect.poll(async () => (await bets()).map((b) => `${b.game}: ${b.result}`).sort(), { timeout: 60_000 }).toEqual(['crash: Cashed out at 1.30×', expect.stringMatching(/^wheel: .*, lost$/)]);
  for (const bet of await bets()) {
    await openStill(page, `/bets/${bet.public_id}`);
    await page.getByTestId('bet-replay').click();
    await expect(page.getByTestId('bet-replay-outcome')).toContainText('the same as the stored result', { timeout: 30_000 });
    const stage = page.getByTestId('bet-replay-scene');
    await expect(stage).toHaveAttribute('data-scene-phase', 'finished');
    await page.addStyleTag({ content: '.header { visibility: hidden !important; }' });
    await expect(stage).toHaveScreenshot(`replay-${bet.game}-1440x900.png`, { timeout: 30_000 });
  }
});
