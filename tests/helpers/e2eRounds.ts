// The e2e server's round games and known seeds (scripts/e2eServer.ts), shared with the journeys that
// plan around them (tests/e2e/helpers/knownCrash.ts, knownPairs.ts). No imports: the server script
// loads it before the app.

/**
 * FAIR_PAIR_SEED of the e2e server (test only, refused in production): a named player's pairs start
 * from SHA-256("<seed>:<name>:<pairs before>"), so a journey knows the outcome of that player's bets.
 */
export const E2E_PAIR_SEED = 'e2e-known-pairs';

/**
 * FAIR_CHAIN_SEED of the e2e server (test only, refused in production): its chains start from
 * SHA-256("<seed>:<game>"), so a journey computes every crash point in advance from the published
 * salt with core/fair, and knows which round to bet in instead of trying round after round.
 */
export const E2E_CHAIN_SEED = 'e2e-known-chain';

/**
 * The crash journeys' server (tests/e2e/crash.spec.ts, `journeyEnv`): a known chain and salt picked
 * so that its first 36 rounds all crash at or below 8.97× and one in at most seven flies 25 s or more
 * (4.48× and up: the late joiner's flight). On the shared chain such a journey waited for the rounds in
 * play, whose flights have no bound (a 100× round flies 77 s): four minutes a run. The wheel's salt
 * on the same seed's wheel chain is picked too: in its first 80 rounds (19 minutes of the server) no
 * four in a row land on grey or blue, so a round on a colour that pays 5× or more (green, purple,
 * Crazy; one in four by the layout) comes within four rounds, a minute (tests/e2e/bigWins.spec.ts).
 */
export const CRASH_JOURNEY_CHAIN = { FAIR_CHAIN_SEED: 'crash-journey-23519', FAIR_CRASH_SALT: 'crash-journey-salt', FAIR_WHEEL_SALT: 'crash-journey-wheel-286385', FAIR_CHAIN_LENGTH: '2000' };

/**
 * The round replays' server (tests/e2e/roundReplays.spec.ts, `journeyEnv`): a known chain and fixed
 * salts picked so that crash's first four rounds fly 3.1 s together and its fifth flies to 1.59× (its
 * window opens about 28 s after the server starts: time for the test to be ready, none to wait out),
 * and the wheel's third round lands on segment 34. A bet in those rounds replays the same every run.
 */
export const REPLAY_ROUNDS_CHAIN = { FAIR_CHAIN_SEED: 'replay-rounds-141207', FAIR_CRASH_SALT: 'replay-crash-salt', FAIR_WHEEL_SALT: 'replay-wheel-salt', FAIR_CHAIN_LENGTH: '100' };
/** The rounds of REPLAY_ROUNDS_CHAIN the replays bet in. */
export const REPLAY_ROUNDS = { crash: 5, wheel: 3 } as const;

/** Crash rounds: a short betting window and pause so journeys take seconds (docs/crash.md). */
export const E2E_CRASH_TIMINGS = { bettingMs: 4000, pendingMs: 500, pauseMs: 1500 };

/**
 * Wheel rounds (docs/wheel.md): a window long enough for a player to bet on two colours and cancel
 * one through the page (a second player bets through the API), not 15 s of waiting per round.
 */
export const E2E_WHEEL_TIMINGS = { bettingMs: 10_000, pendingMs: 500, spinMs: 2500, pauseMs: 1500 };
