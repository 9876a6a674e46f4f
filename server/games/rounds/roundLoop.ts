import { initialRoundState, step, type RoundEffect, type RoundMachineState, type RoundTimes, type RoundTimings } from '../../../core/games/roundMachine.ts';
import { sql } from 'kysely';
import type { RoundState, RoundStatus } from '../../../core/protocol/realtime.ts';
import type { Clock } from '../../clock.ts';
import type { GameHash, HashChains } from '../../fair/hashChains.ts';
import { refundOpenBets } from './roundBets.ts';
import type { GameSockets, RoundSnapshots } from '../../realtime/gameSockets.ts';
import type { LeaderElection } from '../../realtime/leaderLock.ts';
import type { Db } from '../../db/database.ts';
import type { Wallet } from '../../wallet/wallet.ts';
import type { Log } from '../../log.ts';
import type { RoundGame } from './schema.ts';

// The loop that runs one round game on the leader node: it feeds the pure state machine of
// core/games/roundMachine.ts with the clock and carries out its effects (round rows, status
// changes by conditional updates, ticks). A game plugs in with RoundRules: what its chain hash
// decides, what happens at each status and tick, how an interrupted round is settled.
//
// Restart rule (docs/crash.md): when a node becomes the leader, before its first round, it ends
// every unfinished round of the game. A round that never reached `in_progress` is voided and
// every open bet refunded; an `in_progress` round is settled by the game's rule from its fixed
// outcome. Each bet moves out of `open` by one conditional update, so none is paid twice, and it
// happens at once, well within 10 s of the new leader starting.

export interface RoundRow {
  id: number;
  game: RoundGame;
  /** The game's own count of its rounds (1, 2, 3, …): what players see as "Round #n"; `id` is shared by every game. */
  number: number;
  status: RoundStatus;
  hash: string;
  outcome: Record<string, unknown>;
  run_ms: number;
  betting_ends_at: Date | null;
  starts_at: Date | null;
  launched_at: Date | null;
  ended_at: Date | null;
  /** Ended by the restart rule before launch: bets refunded, outcome unplayed. */
  voided: boolean;
}

export interface RoundRules {
  game: RoundGame;
  timings: RoundTimings;
  /** What the round's chain hash decides, and how long its `in_progress` lasts. */
  decide(hash: GameHash): { outcome: Record<string, unknown>; runMs: number };
  /** After a status was stored (`new` included): load state, settle, announce. */
  onStatus(round: RoundRow, status: RoundStatus, times: RoundTimes | null): Promise<void>;
  /** A tick while `in_progress` (and once at the end, elapsed ≥ run_ms, before `ended`). */
  onTick(round: RoundRow, elapsed: number): Promise<void>;
  /** Restart rule for a round found `in_progress`: settle every open bet and end it. */
  settleInterrupted(round: RoundRow, now: number): Promise<void>;
}

/** What a round loop uses: rounds in the database, hashes from the chains, refunds through the wallet. */
export interface RoundLoopDeps {
  db: Db;
  wallet: Wallet;
  hashChains: HashChains;
  log: Log;
}

export const roundColumns = ['id', 'game', 'number', 'status', 'hash', 'outcome', 'run_ms', 'betting_ends_at', 'starts_at', 'launched_at', 'ended_at', 'voided'] as const;

/** A status change this node expected to make was already made elsewhere. */
class RoundLost extends Error {}

export function createRoundLoop(deps: RoundLoopDeps, rules: RoundRules, clock: Clock) {
  const { db, wallet, hashChains, log } = deps;
  let state: RoundMachineState = initialRoundState(clock.now());
  let round: RoundRow | null = null;
  let cancelTimer: (() => void) | null = null;
  let running = false;
  let work: Promise<void> = Promise.resolve();

  async function createRound(): Promise<RoundRow> {
    const now = new Date(clock.now());
    // The chain is generated (once) outside the round's transaction: PGlite has one connection.
    await hashChains.ensure(rules.game);
    return db.transaction().execute(async (trx) => {
      const taken = await hashChains.nextGameHash(rules.game, trx);
      const { outcome, runMs } = rules.decide(taken);
      return (await trx
        .insertInto('rounds')
        .values({
          game: rules.game,
          // The game's next number: only the leader makes rounds, one unfinished round per game, and
          // (game, number) is unique, so two leaders could not both take it.
          number: sql<number>`(select coalesce(max(number), 0) + 1 from rounds where game = ${rules.game})`,
          status: 'new',
          chain_id: taken.chainId,
          game_number: taken.gameNumber,
          hash: taken.hash,
          outcome: JSON.stringify(outcome),
          run_ms: runMs,
          created_at: now,
        })
        .returning(roundColumns)
        .executeTakeFirstOrThrow()) as RoundRow;
    });
  }

  async function storeStatus(effect: Extract<RoundEffect, { type: 'status' }>): Promise<RoundRow> {
    const date = (ms: number | null) => (ms === null ? null : new Date(ms));
    const row = await db
      .updateTable('rounds')
      .set({ status: effect.status, betting_ends_at: date(effect.times.bettingEndsAt), starts_at: date(effect.times.startsAt), launched_at: date(effect.times.launchedAt), ended_at: date(effect.times.endedAt) })
      .where('id', '=', effect.roundId)
      .where('status', '=', effect.from)
      .returning(roundColumns)
      .executeTakeFirst();
    if (!row) throw new RoundLost(`round ${effect.roundId} is no longer ${effect.from}`);
    return row as RoundRow;
  }

  async function execute(effect: RoundEffect): Promise<void> {
    if (effect.type === 'create') {
      round = await createRound();
      await rules.onStatus(round, 'new', null);
      advanceWith(step(state, { type: 'created', roundId: round.id, runMs: Number(round.run_ms) }, clock.now(), rules.timings));
      return;
    }
    if (effect.type === 'status') {
      round = await storeStatus(effect);
      await rules.onStatus(round, effect.status, effect.times);
      return;
    }
    await rules.onTick(round!, effect.elapsed);
  }

  // Effects of one step may lead to another (create → created); they run in order.
  const queue: RoundEffect[] = [];
  function advanceWith(next: { state: RoundMachineState; effects: RoundEffect[] }) {
    state = next.state;
    queue.push(...next.effects);
  }

  async function catchUp(): Promise<void> {
    for (;;) {
      if (!running) return;
      advanceWith(step(state, { type: 'wake' }, clock.now(), rules.timings));
      if (queue.length === 0) break;
      while (queue.length) await execute(queue.shift()!);
    }
    if (running && state.wakeAt !== null) {
      cancelTimer?.();
      cancelTimer = clock.at(state.wakeAt, () => schedule());
    }
  }

  function schedule(): Promise<void> {
    work = work.then(async () => {
      try {
        await catchUp();
      } catch (error) {
        queue.length = 0;
        if (!running) return;
        log.error({ game: rules.game, err: error }, 'round loop failed: ending the round by the restart rule');
        cancelTimer?.();
        // Whatever failed, the round is ended by the rule a new leader applies, then play resumes.
        cancelTimer = clock.at(clock.now() + 1000, () => void restart());
      }
    });
    return work;
  }

  async function restart() {
    work = work.then(async () => {
      try {
        await recover();
      } catch (error) {
        log.error({ game: rules.game, err: error }, 'round recovery failed');
      }
      state = initialRoundState(clock.now());
    });
    return schedule();
  }

  /** The restart rule: ends every unfinished round of this game. */
  async function recover(): Promise<void> {
    const unfinished = (await db.selectFrom('rounds').select(roundColumns).where('game', '=', rules.game).where('status', '<>', 'ended').orderBy('id').execute()) as RoundRow[];
    for (const row of unfinished) {
      const now = clock.now();
      if (row.status === 'in_progress') {
        await rules.settleInterrupted(row, now);
      } else {
        await refundOpenBets(wallet, row.id, rules.game, { voided: true });
        const ended = await db
          .updateTable('rounds')
          .set({ status: 'ended', voided: true, ended_at: new Date(now), open_stake: 0 })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .returning(roundColumns)
          .executeTakeFirst();
        if (ended) await rules.onStatus(ended as RoundRow, 'ended', null);
      }
      log.warn({ game: rules.game, round: row.id, status: row.status }, 'unfinished round ended by the restart rule');
    }
  }

  // Both the app's shutdown and the leader's end call stop: the second call shares the first's wait.
  let stopping: Promise<void> | null = null;
  function stop(): Promise<void> {
    stopping ??= (async () => {
      running = false;
      cancelTimer?.();
      cancelTimer = null;
      // A step in flight finishes (each is one transaction). The first chain's generation (minutes
      // on a fresh database) is given up by the shutdown (hashChains.close()); should one still be
      // running, it is not waited for beyond this bound: its insert simply fails once the database closes.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
    })();
    return stopping;
  }

  return {
    /** Starts on the leader: the restart rule first, then rounds. Returns the stop function. */
    start(): () => Promise<void> {
      running = true;
      stopping = null;
      void restart();
      return stop;
    },
    stop,
    /** Resolves once the work due at the clock's current time is done (tests with a manual clock). */
    async idle(): Promise<void> {
      let seen: Promise<void>;
      do {
        seen = work;
        await seen;
      } while (seen !== work);
    },
    get state() {
      return state;
    },
    get round() {
      return round;
    },
  };
}

export type RoundLoop = ReturnType<typeof createRoundLoop>;

/** What a round game hands the engine to be run. */
export interface RoundGameService<G extends RoundGame> {
  game: G;
  loop: RoundLoop;
  /** Off: no rounds are played (the game's `*_ENABLED`); sockets still get snapshots. */
  enabled: boolean;
  /** The state a (re)connecting socket receives first. */
  snapshot(): Promise<RoundSnapshots[G]>;
  /** Releases what the game holds besides its loop (event batcher, bus subscriptions). */
  release(): void;
}

/**
 * Plugs a round game into the realtime layer: its snapshot serves the sockets and its rounds run
 * on the leader node (the restart rule first, each time this node becomes leader). Returns what
 * stops the loop and releases the game; the app calls it before the database closes.
 */
export function startRoundGame<G extends RoundGame>(realtime: { games: GameSockets; leader: LeaderElection }, service: RoundGameService<G>): () => Promise<void> {
  realtime.games.setSnapshot(service.game, service.snapshot);
  if (service.enabled) realtime.leader.whileLeader(() => service.loop.start());
  return async () => {
    await service.loop.stop();
    service.release();
  };
}

/** Seconds-free ms of a stored time (pg and PGlite both answer Date). */
export function ms(date: Date | null): number | null {
  return date === null ? null : new Date(date).getTime();
}

/** A round game's newest round (whatever its status), for the snapshot a (re)connecting socket gets. */
export async function latestRound(db: Db, game: RoundGame): Promise<RoundRow | undefined> {
  return (await db.selectFrom('rounds').select(roundColumns).where('game', '=', game).orderBy('id', 'desc').executeTakeFirst()) as RoundRow | undefined;
}

/** The fields every round game's state carries (core/protocol/realtime.ts RoundState); the hash only once the round has ended. */
export function roundStateOf(round: RoundRow, now: number): RoundState {
  return {
    round_id: round.id,
    round_number: Number(round.number),
    status: round.status,
    betting_ends_at: ms(round.betting_ends_at),
    starts_at: ms(round.starts_at),
    launched_at: ms(round.launched_at),
    ended_at: ms(round.ended_at),
    hash: round.status === 'ended' ? round.hash : null,
    server_time: now,
  };
}

/** The state of a game that has played no round yet. */
export const noRoundState = (now: number): RoundState => ({ round_id: 0, round_number: 0, status: 'ended', betting_ends_at: null, starts_at: null, launched_at: null, ended_at: null, hash: null, server_time: now });

/** A round game's last `limit` ended rounds that were played out (not voided), newest first: the history strip. */
export function endedRounds(db: Db, game: RoundGame, limit: number) {
  return db.selectFrom('rounds').select(['id', 'number', 'outcome', 'hash']).where('game', '=', game).where('status', '=', 'ended').where('voided', '=', false).orderBy('id', 'desc').limit(limit).execute();
}
