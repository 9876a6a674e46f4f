import { describe, expect, it } from 'vitest';
import { CrashScene, type CrashPlay, type CrashRoundView } from '../../scenes/crash/CrashScene.ts';
import { crashMsToReach } from '../../core/games/crash.ts';
import { mountScene } from './sceneHarness.ts';

// The crash scene's live form of play(): the viewer's bet plays until its outcome is drawn, the one
// moment the page shows the bet's balance (src/features/scenes/sceneHold.ts; the hook's side is
// tests/src/useCrashBetting.test.ts). Its own cash-out marker drawn (the number reached it), its
// round's crash, a newer round or an abort settle it; another player's marker does not. The clock
// is the test's: each setRound draws the moment it is at.

const LAUNCH = 1_000_000;
const bet = { roundId: 9, key: 42 };

function round(over: Partial<CrashRoundView> = {}): CrashRoundView {
  return { roundId: 9, status: 'in_progress', startsAt: LAUNCH, launchedAt: LAUNCH, crashPoint: null, cashOuts: [], ...over };
}

async function liveScene(motion = 1) {
  let now = LAUNCH;
  const scene = new CrashScene({ now: () => now });
  const mounted = await mountScene<CrashPlay>(scene, { width: 760, height: 420, motion });
  scene.setRound(round({ status: 'starting', launchedAt: null }));
  let settled = false;
  const played = mounted.host.play({ bet }).then(() => void (settled = true));
  /** Sets the clock to the moment the curve shows `multiplier` and draws that round state. */
  const at = (multiplier: number, view: CrashRoundView) => {
    now = LAUNCH + crashMsToReach(Math.round(multiplier * 100));
    scene.setRound(view);
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { scene, mounted, played, at, flush, settled: () => settled };
}

describe('crash scene: the viewer’s bet as a play', () => {
  it('settles when its own cash-out marker is drawn, not at another player’s', async () => {
    const t = await liveScene();
    const cashOuts = [
      { key: 7, name: 'other', multiplier: 1.2 },
      { key: 42, name: 'me', multiplier: 1.5, mine: true },
    ];
    t.at(1.3, round({ cashOuts }));
    await t.flush();
    expect(t.settled(), 'another player’s marker').toBe(false);
    expect(t.mounted.host.phase).toBe('running');
    t.at(1.49, round({ cashOuts }));
    await t.flush();
    expect(t.settled(), 'the number has not reached the cash-out').toBe(false);
    t.at(1.5, round({ cashOuts }));
    await t.played;
    expect(t.mounted.host.phase).toBe('finished');
    t.mounted.dispose();
  });

  it('settles at its round’s crash (a lost bet) and when a newer round comes (its end missed)', async () => {
    const lost = await liveScene();
    lost.at(1.8, round());
    await lost.flush();
    expect(lost.settled()).toBe(false);
    lost.at(2, round({ status: 'ended', crashPoint: 2 }));
    await lost.played;
    lost.mounted.dispose();

    const missed = await liveScene();
    // An older round's state says nothing about this bet; a newer one ends it.
    missed.at(1, round({ roundId: 8, status: 'ended', crashPoint: 3 }));
    await missed.flush();
    expect(missed.settled()).toBe(false);
    missed.at(1, round({ roundId: 10, status: 'starting', launchedAt: null }));
    await missed.played;
    missed.mounted.dispose();
  });

  it('reduced motion: the cash-out counts as drawn when the number reaches it', async () => {
    const t = await liveScene(0);
    const cashOuts = [{ key: 42, name: 'me', multiplier: 1.5, mine: true }];
    t.at(1.4, round({ cashOuts }));
    await t.flush();
    expect(t.settled()).toBe(false);
    t.at(1.6, round({ cashOuts }));
    await t.played;
    t.mounted.dispose();
  });

  it('settles when the page leaves (the host aborts its plays)', async () => {
    const t = await liveScene();
    t.at(1.1, round());
    t.mounted.dispose();
    await t.played;
  });
});
