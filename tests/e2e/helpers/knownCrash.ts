import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { crashPoint } from '../../../core/fair/hashChain.ts';
import { crashMsToReach, crashPointHundredths } from '../../../core/games/crash.ts';
import { CRASH_JOURNEY_CHAIN, E2E_CHAIN_SEED, E2E_CRASH_TIMINGS, REPLAY_ROUNDS_CHAIN } from '../../helpers/e2eRounds.ts';

// Crash rounds known in advance. The e2e server's chains start from E2E_CHAIN_SEED
// (FAIR_CHAIN_SEED, test only): h₀ = SHA-256("<seed>:<game>"), hᵢ₊₁ = SHA-256(hᵢ), and game n uses
// h_{L−n} (docs/fairness.md). The chain recomputed here must end at the published terminating hash,
// and each round's crash point is core's crashPoint(hash, published salt). A round takes its game
// number when it is created and the next one is created only after it ended, so the chain's
// `played` count is the number of the newest round. A journey picks the round it needs (one that
// flies long enough) before betting, instead of trying round after round until one does. The wheel's
// rounds are planned from its chain the same way (activeChain, chainHashes: helpers/knownWheel.ts).

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export interface PublishedChain {
  game: 'crash' | 'wheel';
  terminating_hash: string;
  salt: string;
  length: number;
  played: number;
  active: boolean;
}

export interface KnownCrashRound {
  /** The round's number in the chain. */
  game: number;
  hash: string;
  crashPoint: number;
  /** Launch to crash, ms. */
  flightMs: number;
  /** Ms until this round has crashed at the latest (the rounds before it at their full length). */
  overInMs: number;
  /** What the journey asked of it (plannedCrashRound): a round planned again must meet it too. */
  need: RoundNeed;
}

export interface RoundNeed {
  minPoint?: number;
  minFlightMs?: number;
  /** A round that crashes at or below this (a short flight to play again). */
  maxPoint?: number;
}

/** The game's active chain as GET /api/fair/chains publishes it: its terminating hash, salt, length and rounds played. */
export async function activeChain(request: APIRequestContext, game: PublishedChain['game']): Promise<PublishedChain> {
  const res = await request.get('/api/fair/chains');
  expect(res.ok(), await res.text()).toBe(true);
  const chain = ((await res.json()).data as PublishedChain[]).find((c) => c.game === game && c.active);
  expect(chain, `the ${game} chain is published`).toBeDefined();
  return chain!;
}

const activeCrashChain = (request: APIRequestContext) => activeChain(request, 'crash');

/** Recomputed chains by their terminating hash (crash's and the wheel's). */
const known = new Map<string, string[]>();

/**
 * h₀ … h_L of the active chain of its game, recomputed from the seed (100 000 hashes: a fraction of
 * a second); game n's hash is at index L − n.
 */
export function chainHashes(chain: PublishedChain): string[] {
  let hashes = known.get(chain.terminating_hash);
  if (!hashes) {
    // The shared chain, or the crash journeys' own (CRASH_JOURNEY_CHAIN): the one whose end is published
    // (the second is computed only when the first is not it).
    const chainOf = (seed: string) => {
      const hashes = [sha256Hex(`${seed}:${chain.game}`)];
      for (let i = 0; i < chain.length; i++) hashes.push(sha256Hex(hashes[i]!));
      return hashes;
    };
    for (const seed of [E2E_CHAIN_SEED, CRASH_JOURNEY_CHAIN.FAIR_CHAIN_SEED, REPLAY_ROUNDS_CHAIN.FAIR_CHAIN_SEED]) {
      const candidate = chainOf(seed);
      if (candidate[chain.length] === chain.terminating_hash) {
        hashes = candidate;
        break;
      }
    }
    expect(hashes, 'the e2e server plays a known chain (FAIR_CHAIN_SEED, scripts/e2eServer.ts)').toBeDefined();
    known.set(chain.terminating_hash, hashes!);
  }
  return hashes!;
}

/** Round `game` of `chain`: its hash, crash point and flight. */
function knownRound(chain: PublishedChain, game: number): Omit<KnownCrashRound, 'overInMs' | 'need'> {
  const hash = chainHashes(chain)[chain.length - game]!;
  const point = crashPoint(hash, chain.salt);
  return { game, hash, crashPoint: point, flightMs: crashMsToReach(crashPointHundredths(point)) };
}

/** A round's length besides its flight at the least: window, launch and pause. */
const ROUND_LEAST_MS = E2E_CRASH_TIMINGS.bettingMs + E2E_CRASH_TIMINGS.pendingMs + E2E_CRASH_TIMINGS.pauseMs;
/** A round's length besides its flight at the most: the server's own work rounded up. */
const ROUND_WITHOUT_FLIGHT_MS = ROUND_LEAST_MS + 300;
/** How far ahead a journey looks for its round. */
const LOOK_AHEAD = 40;

/**
 * The round to bet in: the first of the rounds not created yet that reaches `minPoint`, crashes at
 * or below `maxPoint` and flies at least `minFlightMs` (a later one could only end later: the rounds
 * fly one after the other).
 */
export async function plannedCrashRound(request: APIRequestContext, need: RoundNeed): Promise<KnownCrashRound> {
  const chain = await activeCrashChain(request);
  // The round in play is known too: at most its whole length is left.
  let over = await roundInPlayOverInMs(request, chain);
  for (let game = chain.played + 1; game <= Math.min(chain.length, chain.played + LOOK_AHEAD); game++) {
    const round = knownRound(chain, game);
    over += ROUND_WITHOUT_FLIGHT_MS + round.flightMs;
    if (round.crashPoint >= (need.minPoint ?? 1) && round.crashPoint <= (need.maxPoint ?? Infinity) && round.flightMs >= (need.minFlightMs ?? 0)) return { ...round, overInMs: over, need };
  }
  throw new Error(`no round within the next ${LOOK_AHEAD} reaches ${JSON.stringify(need)}`);
}

/** Ms until the round in play (the newest of the chain) has ended at the latest; 0 before the first. */
export async function roundInPlayOverInMs(request: APIRequestContext, chain?: PublishedChain): Promise<number> {
  chain ??= await activeCrashChain(request);
  return chain.played > 0 ? ROUND_WITHOUT_FLIGHT_MS + knownRound(chain, chain.played).flightMs : 0;
}

/**
 * Waits, reading the published chain only, until the planned round's betting window is at most about
 * `leadMs` away (at least `leadMs` unless it already is nearer): a journey opens its /crash pages then,
 * for the rounds before its own would be drawn for nothing (a scene at 15 frames a second until the
 * viewer acts, at every frame after: bigWins' crash cash-out took 62 s of processor with its page open
 * from the start, 51 s opened near its round, alone on a quiet machine). Its pages' work must fit in
 * `leadMs`; a window seen too late is planned again by untilBettingOpens.
 */
export async function untilWindowNear(request: APIRequestContext, planned: KnownCrashRound, leadMs: number): Promise<void> {
  const chain = await activeCrashChain(request);
  // The newest round whose start leaves the rounds after it, before the planned one, `leadMs` or more
  // (each at least its window, launch, pause and flight).
  let newest = planned.game - 1;
  for (let ahead = 0; ahead < leadMs && newest > chain.played; newest--) ahead += ROUND_LEAST_MS + knownRound(chain, newest).flightMs;
  if (newest <= chain.played) return;
  await expect.poll(async () => (await activeCrashChain(request)).played, { ...waitFor(planned), intervals: [250] }).toBeGreaterThanOrEqual(newest);
}

/** The planned round's wait on top of the test's limit (a crash or a wheel round). */
export function allowFor(round: { overInMs: number }) {
  test.info().setTimeout(test.info().timeout + round.overInMs);
}

/** Limit for waiting on a planned round: when it is over at the latest, plus a loaded machine's slack. */
export const waitFor = (round: { overInMs: number }) => ({ timeout: round.overInMs + 60_000 });

/**
 * What a journey needs left of a betting window when it sees it open: the page's clicks and their
 * answers on a loaded machine (the window is 4 s, E2E_CRASH_TIMINGS; with 2 s left, one clean-clone
 * run's click was answered after the window closed). A window seen later is planned again.
 */
const WINDOW_LEFT_MS = 3000;

/**
 * Waits until `page` shows the betting window of the planned round with WINDOW_LEFT_MS of it left,
 * and returns the round to bet in. When the journey's own page work outlasted that window (two pages
 * filled on a loaded machine) or the page saw it too late, the next round that meets the same need
 * is planned then and waited for (the test's limit grows by its wait), at most twice. The journey
 * never bets in a round it did not plan.
 */
export async function untilBettingOpens(page: Page, request: APIRequestContext, planned: KnownCrashRound): Promise<KnownCrashRound> {
  const stage = page.getByTestId('crash-scene');
  /** The newest round of the chain while the page shows a betting window, with that window's ms left (the server's clock is this machine's). */
  const whileBetting = async () => {
    if ((await stage.getAttribute('data-round-status')) !== 'starting') return { newest: 0, leftMs: 0 };
    const endsAt = Number(await stage.getAttribute('data-betting-ends-at'));
    return { newest: (await activeCrashChain(request)).played, leftMs: endsAt - Date.now() };
  };
  return untilPlannedWindow(planned, whileBetting, WINDOW_LEFT_MS, (round) => plannedCrashRound(request, round.need));
}

/**
 * The wait for a planned round's betting window, crash's and the wheel's (helpers/knownWheel.ts):
 * `whileBetting` reads the chain's newest round while the page shows a betting window, and the ms
 * left of it (newest 0 while it shows none). Returns the planned round once the page shows its window
 * with `leastMs` left; when it saw the window too late, `planAgain` plans the next round that meets
 * the same need and that one is waited for (the test's limit grows by its wait), at most twice.
 */
export async function untilPlannedWindow<R extends { game: number; overInMs: number }>(
  planned: R,
  whileBetting: () => Promise<{ newest: number; leftMs: number }>,
  leastMs: number,
  planAgain: (missed: R) => Promise<R>,
): Promise<R> {
  let round = planned;
  for (let missed = 0; ; missed++) {
    let seen = { newest: 0, leftMs: 0 };
    await expect.poll(async () => (seen = await whileBetting()).newest, { ...waitFor(round), intervals: [100] }).toBeGreaterThanOrEqual(round.game);
    if (seen.newest === round.game && seen.leftMs >= leastMs) return round;
    expect(missed, `the page shows a planned round’s betting window in time (it showed ${seen.newest}'s with ${seen.leftMs} ms left, not ${round.game}'s)`).toBeLessThan(2);
    round = await planAgain(round);
    allowFor(round);
  }
}

/** The ended round `roundId` (bet in by the journey) was the planned one: its revealed hash and crash point. */
export async function expectRoundWas(request: APIRequestContext, roundId: number, round: KnownCrashRound): Promise<void> {
  const ended = async () => {
    const games = (await (await request.get('/api/crash/recent-games?limit=20')).json()).data as { id: number; hash: string; crash_point: number }[];
    return games.find((g) => g.id === roundId) ?? null;
  };
  await expect.poll(ended, waitFor(round)).toMatchObject({ hash: round.hash, crash_point: round.crashPoint });
}
