import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { wheelResult } from '../../../core/fair/hashChain.ts';
import { WHEEL_SEGMENTS, wheelColorAt, type WheelColor } from '../../../core/games/wheel.ts';
import { E2E_WHEEL_TIMINGS } from '../../helpers/e2eRounds.ts';
import { activeChain, chainHashes, untilPlannedWindow, waitFor } from './knownCrash.ts';

// Wheel rounds known in advance, from the wheel's chain as crash's are from its own
// (helpers/knownCrash.ts): round n (the chain's game n) lands on core's wheelResult(h_{L−n}, the
// published salt, 54). A journey picks the next round whose colour it needs and bets on that colour
// in that round's window, instead of betting round after round until the colour comes.

export interface KnownWheelRound {
  /** The round's number in the chain (its "Round #n" on the wheel's first chain). */
  game: number;
  segment: number;
  color: WheelColor;
  /** Ms until this round has ended at the latest (the rounds before it at their full length). */
  overInMs: number;
  /** The colours the journey asked for (plannedWheelRound): a round planned again must land on one too. */
  wanted: (color: WheelColor) => boolean;
}

/** A round's whole length (window, closed bets, spin, pause) and the server's own work rounded up. */
const ROUND_MS = E2E_WHEEL_TIMINGS.bettingMs + E2E_WHEEL_TIMINGS.pendingMs + E2E_WHEEL_TIMINGS.spinMs + E2E_WHEEL_TIMINGS.pauseMs + 300;
/** How far ahead a journey looks for its round. */
const LOOK_AHEAD = 20;

/** The first of the rounds not created yet that lands on a colour `wanted` takes. */
export async function plannedWheelRound(request: APIRequestContext, wanted: (color: WheelColor) => boolean): Promise<KnownWheelRound> {
  const chain = await activeChain(request, 'wheel');
  const hashes = chainHashes(chain);
  // The round in play has at most its whole length left.
  let over = chain.played > 0 ? ROUND_MS : 0;
  for (let game = chain.played + 1; game <= Math.min(chain.length, chain.played + LOOK_AHEAD); game++) {
    over += ROUND_MS;
    const segment = wheelResult(hashes[chain.length - game]!, chain.salt, WHEEL_SEGMENTS);
    if (wanted(wheelColorAt(segment))) return { game, segment, color: wheelColorAt(segment), overInMs: over, wanted };
  }
  throw new Error(`no wheel round within the next ${LOOK_AHEAD} lands on a wanted colour`);
}

/** What a journey needs left on the page's countdown when it sees the window open: one click and its answer on a loaded machine. */
const SECONDS_LEFT = 3;

/**
 * Waits until `page` (on /wheel) shows the betting window of the planned round with SECONDS_LEFT on
 * its countdown (whole seconds to the spin), and returns the round to bet in; a window seen too late
 * plans the next round that lands on a wanted colour (knownCrash.ts, untilPlannedWindow). The
 * journey never bets in a round it did not plan.
 */
export async function untilWheelBettingOpens(page: Page, request: APIRequestContext, planned: KnownWheelRound): Promise<KnownWheelRound> {
  const stage = page.getByTestId('wheel-scene');
  /** The newest round of the chain while the page shows a betting window, with the countdown's seconds in ms. */
  const whileBetting = async () => {
    const left = await stage.evaluate((el) =>
      el.dataset.roundStatus === 'starting' ? Number(document.querySelector('[data-testid="wheel-countdown"] .wheel-countdown__seconds')?.textContent ?? 0) : -1,
    );
    if (left < 0) return { newest: 0, leftMs: 0 };
    return { newest: (await activeChain(request, 'wheel')).played, leftMs: left * 1000 };
  };
  return untilPlannedWindow(planned, whileBetting, SECONDS_LEFT * 1000, (round) => plannedWheelRound(request, round.wanted));
}

/** The ended round `roundId` (bet in by the journey) was the planned one: its number and segment. */
export async function expectWheelRoundWas(request: APIRequestContext, roundId: number, round: KnownWheelRound): Promise<void> {
  const ended = async () => {
    const games = (await (await request.get('/api/wheel/recent-games?limit=20')).json()).data as { id: number; number: number; segment: number }[];
    return games.find((g) => g.id === roundId) ?? null;
  };
  await expect.poll(ended, waitFor(round)).toMatchObject({ number: round.game, segment: round.segment });
}
