// The server Playwright starts: the built product on a fresh data directory (its database from the
// migrated image, below), seeded like a first `npm start`, removed again when the run ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { identityProviderEnvForPort } from '../tests/helpers/identityProviderEnv.ts';
import { DEFAULT_PUSH_SERVICES } from '../server/config.ts';
import { E2E_CHAIN_SEED, E2E_CRASH_TIMINGS, E2E_PAIR_SEED, E2E_WHEEL_TIMINGS } from '../tests/helpers/e2eRounds.ts';
import { TEST_PGLITE_SHARED_BUFFERS } from '../tests/helpers/testConfig.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO ??= 'true';
process.env.PGLITE_SHARED_BUFFERS ??= TEST_PGLITE_SHARED_BUFFERS; // a journey server's data is small
// The journeys sign up and sign in many players from 127.0.0.1; production keeps the per-address
// defaults (10 sign-ups an hour, 20 password attempts a minute; tests/security/loginThrottle.test.ts
// holds them). Two workers sign in more than 20 players in some minutes, and the 21st would be
// refused.
process.env.REGISTER_ADDRESS_MAX_ATTEMPTS ??= '10000';
process.env.LOGIN_ADDRESS_MAX_ATTEMPTS ??= '10000';
// Accounts journeys read mails from the outbox (its path is written where the test can find it by
// port) and sign in through a local identity provider the test starts on the server's port + 1000.
const port = process.env.PORT ?? '3100';
writeFileSync(path.join(tmpdir(), `shop-e2e-${port}-outbox.txt`), path.join(dir, 'outbox'));
process.env.PUBLIC_URL ??= `http://127.0.0.1:${port}`; // links in mails and the social return address
const idpPort = Number(port) + 1000;
for (const [key, value] of Object.entries(identityProviderEnvForPort(idpPort))) process.env[key] ??= value;
// Web push: the push services of browsers, and a local one the push journey starts on the server's port + 2000.
process.env.PUSH_SERVICES ??= [...DEFAULT_PUSH_SERVICES, `http://127.0.0.1:${Number(port) + 2000}`].join(',');
// Short battle rounds keep the battle journeys brief (docs/battles.md, pacing).
process.env.BATTLE_ROUND_MS ??= '2500';
process.env.BATTLE_SPIN_MS ??= '1800';
process.env.BATTLE_START_DELAY_MS ??= '1000';
// Crash rounds run with a shorter betting window and pause so journeys take seconds, and a short
// chain so the first round starts at once (a 10M-hash chain takes seconds to generate).
process.env.CRASH_BETTING_MS ??= String(E2E_CRASH_TIMINGS.bettingMs);
process.env.CRASH_PENDING_MS ??= String(E2E_CRASH_TIMINGS.pendingMs);
process.env.CRASH_PAUSE_MS ??= String(E2E_CRASH_TIMINGS.pauseMs);
// Wheel rounds too: a window long enough for one player to bet twice and cancel through the page (the
// other bets through the API), a round every 14.5 s.
process.env.WHEEL_BETTING_MS ??= String(E2E_WHEEL_TIMINGS.bettingMs);
process.env.WHEEL_PENDING_MS ??= String(E2E_WHEEL_TIMINGS.pendingMs);
process.env.WHEEL_SPIN_MS ??= String(E2E_WHEEL_TIMINGS.spinMs);
process.env.WHEEL_PAUSE_MS ??= String(E2E_WHEEL_TIMINGS.pauseMs);
// Chains from a known seed (test only): the crash journeys compute each round's crash point in
// advance and bet in a round that flies long enough, instead of trying round after round.
process.env.FAIR_CHAIN_SEED ??= E2E_CHAIN_SEED;
process.env.FAIR_CHAIN_LENGTH ??= '100000';
// Seed pairs from a known seed and the player's name (test only): a named player who sets a client
// seed plays the same bets on every run (the visual sweep's replay baselines).
process.env.FAIR_PAIR_SEED ??= E2E_PAIR_SEED;
// The journeys close a leaderboard week and a cashback day by moving the rewards' clock ahead: the
// offset in ms is written to this file, found by port (server/rewards/offsetClock.ts).
process.env.REWARDS_CLOCK_OFFSET_FILE ??= path.join(tmpdir(), `shop-e2e-${port}-clock.txt`);
writeFileSync(process.env.REWARDS_CLOCK_OFFSET_FILE, '0');
process.env.LEADERBOARD_CHECK_MS ??= '500';
const cleanup = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
// The embedded database starts from the tests' migrated image (tests/helpers/pgliteImage.ts, made
// once per set of migrations, usually by the Vitest run before) instead of running initdb and every
// migration: a start took 16 s of processor and 11.8 s until ready, from the image 10 s and 7–8 s
// (quiet machine), and a Playwright run starts seven. The seeding that follows is a first start's;
// the start from nothing is `npm test`'s build stage (scripts/freshStart.ts).
const { main } = await import('../server/main.ts');
const { migratedImage } = await import('../tests/helpers/pgliteImage.ts');
const app = await main(process.env.DATABASE_URL ? {} : { databaseImage: await migratedImage() });
// The console's first admin, made as `npm run ops -- staff grant` makes one, with two-factor
// sign-in on under a key the operator journeys know (tests/helpers/e2eStaff.ts).
const { createConsoleAdmin } = await import('../tests/helpers/e2eStaffFixture.ts');
await createConsoleAdmin(app);
