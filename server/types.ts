import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Bus } from './realtime/bus.ts';
import type { Wallet } from './wallet/wallet.ts';
import type { SeedPairCache } from './fair/seedPairCache.ts';
import type { OpenableBoxes } from './boxes/openableBoxes.ts';
import type { TokenOwners } from './accounts/tokenOwners.ts';
import type { HashChains } from './fair/hashChains.ts';
import type { AccountServices } from './accounts/services.ts';
import type { PaymentGateways } from './payments/gateways.ts';
import type { KycProvider } from './kyc/provider.ts';
import type { SandboxKyc } from './kyc/sandboxProvider.ts';
import type { Battles } from './games/battles/battles.ts';
import type { Clock } from './clock.ts';
import type { Crash } from './games/crash/crashGame.ts';
import type { Wheel } from './games/wheel/wheelGame.ts';
import type { RegisteredRoute } from './http/responseContract.ts';
import type { GameSettings } from './gameSettings/gameSettings.ts';
import type { KillSwitches } from './killSwitches/killSwitches.ts';
import type { NodeHeartbeat } from './reports/nodeHeartbeat.ts';
import type { Metrics } from './metrics/metrics.ts';

// The services every route can reach as decorators on the Fastify instance.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: 'pglite' | 'postgres';
    bus: Bus;
    wallet: Wallet;
    /** Active seed pairs of recent players, for instant bets settled in one statement. */
    seedPairs: SeedPairCache;
    /** The boxes this process opens, as last read (server/boxes/openableBoxes.ts). */
    openableBoxes: OpenableBoxes;
    /** Hash chains of the round games (crash, wheel): one segment cache per app. */
    hashChains: HashChains;
    /** Settings, rate limiter, captcha and mailer of the accounts area. */
    accounts: AccountServices;
    /** The adapter serving each deposit method and the callback verifiers. */
    payments: PaymentGateways;
    /** The KYC provider (docs/kyc.md); null where none may serve (production without the sandbox allowed). */
    kyc: KycProvider | null;
    /** The same provider while it is the sandbox: its upload page's calls exist only then. */
    kycSandbox: SandboxKyc | null;
    /** onRequest hook of a route: 401 `{"message":"Unauthenticated."}` unless a live bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Who recently seen bearer tokens belonged to (server/plugins/auth.ts). */
    tokenOwners: TokenOwners;
    /** Box battles: create, join, bots, cancel (server/games/battles). */
    battles: Battles;
    /** The server's clock of the round games (server/clock.ts). */
    clock: Clock;
    /** The clock of the weekly leaderboard and the daily cashback (docs/rewards.md). */
    rewardsClock: Clock;
    /** Crash rounds, bets and cash-outs (server/games/crash/crashGame.ts). */
    crash: Crash;
    /** Crazy Wheel rounds, bets and cancels (server/games/wheel/wheelGame.ts). */
    wheel: Wheel;
    /** This node's Prometheus metrics (server/metrics/metrics.ts, docs/operations.md). */
    metrics: Metrics;
    /** The game settings as this node currently knows them (server/gameSettings/gameSettings.ts). */
    gameSettings: GameSettings;
    /** The kill switches as this node currently knows them (server/killSwitches/killSwitches.ts). */
    killSwitches: KillSwitches;
    /** This node's heartbeat on the console's live board (server/reports/nodeHeartbeat.ts). */
    nodeHeartbeat: NodeHeartbeat;
    /** Every route as registered, with its schemas (server/http/responseContract.ts). */
    registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The bearer token's user, or null (server/plugins/auth.ts); `authenticate` requires it. */
    userId: number | null;
    /** SHA-256 of the bearer token sent, or null. */
    tokenHash: string | null;
    /** Whether userId was read from the database for this request (see tokenCheckedBySettlement). */
    tokenConfirmed: boolean;
    /** The session (token family) of a confirmed token, or null. */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's one settling statement checks the bearer token itself, so a token seen alive
     * before skips the separate lookup (server/plugins/auth.ts).
     */
    tokenCheckedBySettlement?: boolean;
  }
}

export {};
