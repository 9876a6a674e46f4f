import { randomBytes, timingSafeEqual } from 'node:crypto';
import { battlePublicSeed, battleRolls, pickByTicket, ticketRanges } from '../../../core/fair/index.ts';
import { battleLayout, seatCost, seatTeam, teamSeats, type BattleMode } from '../../../core/games/battle.ts';
import { BATTLES_LIST_CHANNEL, type BattleBoxPick, type BattleCancelReason, type BattleEventName } from '../../../core/protocol/battle.ts';
import { battleChannel } from '../../../core/protocol/realtime.ts';
import { findBox } from '../../boxes/catalog.ts';
import { versionItems } from '../../boxes/boxVersions.ts';
import { activePair, newClientSeed, newSeedCommitment } from '../../fair/seedPairs.ts';
import { fieldError, HttpError, notFound } from '../../http/errors.ts';
import { InsufficientFunds, type Trx, type Wallet, type WalletTx } from '../../wallet/wallet.ts';
import { journalBattleRefunded, journalBet } from '../../journal/journal.ts';
import type { Db } from '../../db/database.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { Clock } from '../../clock.ts';
import { BOTS } from './bots.ts';
import { battleDetail, loadBattle, summaries, type BattleRow } from './battleViews.ts';
import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';

// Creating, joining, filling with bots and canceling a battle (docs/battles.md). Each is ONE
// wallet transaction that first locks the battle's row (`for update`), so joins, bots and a cancel
// of one battle take turns: the last seat goes to exactly one of them, a cancel refunds exactly the
// stakes that were taken. The last seat filled starts the battle in that same transaction: the
// public seed is fixed from the seats' client seeds and every roll is written. Events go out only
// after the commit. A waiting battle ends without playing when it expires or when its box is
// published anew (the stakes return: `refundWaiting`), so a battle only ever plays the box version
// the shop sells when its last seat fills, the one the operator's RTP check covers.

/** The refusals' texts (the client toasts `data.msg`). */
export const BATTLE_REFUSALS = {
  balance: 'Not enough balance to join this battle.',
  full: 'This battle is full.',
  teamFull: 'This team is full.',
  already: 'You are already in this battle.',
  started: 'This battle has already started.',
  canceled: 'This battle was canceled.',
  notCreator: 'Only the creator of this battle can do that.',
  seats: 'There are not enough open seats for that many bots.',
  boxChanged: 'This battle was canceled: its box changed before the battle started. Every stake was returned.',
  expired: 'This battle expired before its seats were filled. Every stake was returned.',
} as const;

/** What a join, bots or cancel of a canceled battle answers, by why it was canceled. */
const CANCELED_REFUSALS: Record<BattleCancelReason, string> = { creator: BATTLE_REFUSALS.canceled, expired: BATTLE_REFUSALS.expired, box_changed: BATTLE_REFUSALS.boxChanged };

export const BATTLE_MESSAGES = {
  created: 'Battle created.',
  joined: 'You joined the battle.',
  bots: 'Bots added.',
  canceled: 'Battle canceled. Every stake was returned.',
} as const;

export function battleRefusal(msg: string): HttpError {
  return new HttpError(422, { message: msg, data: { msg } });
}

export interface BattleSettings {
  roundMs: number;
  spinMs: number;
  startDelayMs: number;
  /** How long a battle waits for its seats before it expires (BATTLE_EXPIRE_MS). */
  expireMs: number;
}

/**
 * Whether a caller reaches the battle: a public battle is open to all; a private one only with its
 * link's key (or to its creator), and to anyone else it is an unknown battle, so its number alone
 * tells nothing (docs/battles.md).
 */
export function reachesBattle(battle: Pick<BattleRow, 'private' | 'link_key' | 'creator_id'>, key: string | undefined, userId?: number): boolean {
  if (!battle.private) return true;
  if (userId !== undefined && battle.creator_id === userId) return true;
  if (!battle.link_key || key === undefined || key.length !== battle.link_key.length) return false;
  return timingSafeEqual(Buffer.from(key), Buffer.from(battle.link_key));
}

/** The caller's way in: the link key it sent and who it is. */
export interface BattleAccess {
  userId: number;
  key?: string;
}

/** What battles use: stakes through the wallet, events on the bus, times from the round games' clock. */
export interface BattleDeps {
  db: Db;
  wallet: Wallet;
  bus: Bus;
  clock: Clock;
}

type Announce = Array<{ event: BattleEventName; battleId: number; list: boolean }>;

export function createBattles(deps: BattleDeps, settings: BattleSettings) {
  const { db, wallet, bus, clock } = deps;
  /** Publishes after commit: the battle's own channel always, the list channel for public battles. */
  async function announce(events: Announce): Promise<void> {
    for (const { event, battleId, list } of events) {
      const battle = await loadBattle(db, battleId);
      if (!battle) continue;
      const data = event === 'battleStarted' || event === 'battleEnded' ? { battle: await battleDetail(db, battle, clock.now()) } : { battle: (await summaries(db, [battle]))[0]! };
      bus.publish({ channel: battleChannel(battleId, battle.link_key), event, data });
      if (list && !battle.private) bus.publish({ channel: BATTLES_LIST_CHANNEL, event, data: { battle: (await summaries(db, [battle]))[0]! } });
    }
  }

  async function lockBattle(trx: Trx, id: number, access: BattleAccess): Promise<BattleRow> {
    const battle = await trx.selectFrom('battles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!battle || !reachesBattle(battle, access.key, access.userId)) throw notFound('Battle not found.');
    return battle;
  }

  function assertWaiting(battle: BattleRow): void {
    if (battle.status === 'canceled') throw battleRefusal(CANCELED_REFUSALS[battle.canceled_reason ?? 'creator']);
    if (battle.status !== 'waiting') throw battleRefusal(BATTLE_REFUSALS.started);
  }

  async function takenSeats(trx: Trx, id: number) {
    return trx.selectFrom('battle_seats').select(['seat', 'user_id', 'bot_id', 'client_seed']).where('battle_id', '=', id).orderBy('seat').execute();
  }

  /**
   * Whether a round of the battle plays a box version that is no longer its box's current one. Share-
   * locks the battle's boxes first: a publish in flight holds its box row until it commits, so this
   * waits for it and then reads the new version.
   */
  async function playsOldVersion(trx: Trx, id: number): Promise<boolean> {
    const rounds = await trx
      .selectFrom('battle_rounds as r')
      .innerJoin('boxes as b', 'b.id', 'r.box_id')
      .select(['r.box_version_id as played', 'b.version_id as current'])
      .where('r.battle_id', '=', id)
      .forShare('b')
      .execute();
    return rounds.some((r) => Number(r.played) !== Number(r.current));
  }

  /** Ends a waiting battle as canceled, crediting every player's stake back once (the status claim). */
  async function refundWaiting(tx: WalletTx, battle: BattleRow, reason: BattleCancelReason): Promise<void> {
    const claimed = await tx.trx
      .updateTable('battles')
      .set({ status: 'canceled', canceled_reason: reason, ended_at: new Date(clock.now()) })
      .where('id', '=', battle.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return;
    for (const seat of await takenSeats(tx.trx, battle.id)) {
      if (seat.user_id === null) continue;
      await tx.credit({ userId: seat.user_id, amount: battle.seat_cost, reason: 'battle_refund', reference: `battle:${battle.id}` });
    }
    await journalBattleRefunded(tx.trx, battle.id);
  }

  /**
   * A seat taken in a battle whose box was published anew since it was created would start it on a
   * version the shop no longer sells (and whose items may be worth more now): the battle is refunded
   * instead, and the caller is told so after the commit.
   */
  async function refundIfBoxChanged(tx: WalletTx, battle: BattleRow): Promise<boolean> {
    if (!(await playsOldVersion(tx.trx, battle.id))) return false;
    await refundWaiting(tx, battle, 'box_changed');
    return true;
  }

  async function boxChangedRefusal(id: number): Promise<never> {
    await announce([{ event: 'battleCanceled', battleId: id, list: true }]);
    throw battleRefusal(BATTLE_REFUSALS.boxChanged);
  }

  function openSeats(mode: BattleMode, taken: readonly { seat: number }[], team?: number): number[] {
    const all = team === undefined ? Array.from({ length: battleLayout(mode).seats }, (_, s) => s) : teamSeats(mode, team);
    const used = new Set(taken.map((t) => t.seat));
    return all.filter((s) => !used.has(s));
  }

  async function stake(tx: WalletTx, battle: BattleRow, userId: number, seat: number): Promise<void> {
    try {
      await tx.debit({ userId, amount: battle.seat_cost, reason: 'battle_stake', reference: `battle:${battle.id}` });
    } catch (error) {
      if (error instanceof InsufficientFunds) throw battleRefusal(BATTLE_REFUSALS.balance);
      throw error;
    }
    // The seat's journal row, open until the battle ends or is refunded.
    await journalBet(tx, { game: 'battle', userId, stake: battle.seat_cost, refId: battle.id, refSeat: seat });
  }

  /** The last seat is filled: fix the public seed, write every roll, set the round clock. */
  async function start(trx: Trx, battle: BattleRow): Promise<void> {
    const seats = await takenSeats(trx, battle.id);
    const publicSeed = battlePublicSeed(seats.map((s) => s.client_seed));
    // Each round plays the box version it was created with (an edit since then makes a new
    // version, which this battle never sees).
    const rounds = await trx.selectFrom('battle_rounds').select(['round', 'box_version_id']).where('battle_id', '=', battle.id).orderBy('round').execute();
    const itemsByVersion = new Map<number, Awaited<ReturnType<typeof versionItems>>>();
    const rolls: Array<{ battle_id: number; round: number; seat: number; ticket: number; item_id: number; value: number }> = [];
    for (const round of rounds) {
      if (!itemsByVersion.has(round.box_version_id)) itemsByVersion.set(round.box_version_id, await versionItems(trx, round.box_version_id));
      const items = itemsByVersion.get(round.box_version_id)!;
      const ranges = ticketRanges(items.map((i) => i.odds_units));
      const tickets = battleRolls(battle.server_seed, publicSeed, round.round, seats.length);
      tickets.forEach((ticket, seat) => {
        const item = items[pickByTicket(ticket, ranges)]!;
        rolls.push({ battle_id: battle.id, round: round.round, seat, ticket, item_id: item.id, value: item.price });
      });
    }
    await trx.insertInto('battle_rolls').values(rolls).execute();
    await trx
      .updateTable('battles')
      .set({ status: 'running', public_seed: publicSeed, first_round_at: new Date(clock.now() + settings.startDelayMs) })
      .where('id', '=', battle.id)
      .where('status', '=', 'waiting')
      .execute();
  }

  async function afterSeat(trx: Trx, battle: BattleRow): Promise<boolean> {
    const count = (await takenSeats(trx, battle.id)).length;
    if (count < battleLayout(battle.mode).seats) return false;
    await start(trx, battle);
    return true;
  }

  async function resolveBoxes(picks: BattleBoxPick[]) {
    const rounds: Array<{ boxId: number; versionId: number; price: number }> = [];
    for (const pick of picks) {
      const box = await findBox(db, SHOP_BOX_KIND, pick.slug);
      if (!box || box.version_id === null) throw fieldError('boxes', `The box ${pick.slug} does not exist.`);
      for (let n = 0; n < pick.quantity; n++) rounds.push({ boxId: box.id, versionId: box.version_id, price: box.price });
    }
    return rounds;
  }

  return {
    settings,

    /** The new battle's id, and its link key when it is private. */
    async create(userId: number, body: { boxes: BattleBoxPick[]; mode: BattleMode; crazy: boolean; private: boolean }): Promise<{ id: number; key: string | null }> {
      const rounds = await resolveBoxes(body.boxes);
      const { seats } = battleLayout(body.mode);
      const pair = await activePair(db, userId);
      // Random; named after the creator's pair only for the known-seed test mode (server/fair/seedPairs.ts).
      const known = `battle:${pair.server_seed_hash}:${pair.nonce}`;
      const { serverSeed, serverSeedHash } = newSeedCommitment(known);
      const key = body.private ? randomBytes(16).toString('hex') : null;
      const id = await wallet.transaction(async (tx) => {
        const battle = await tx.trx
          .insertInto('battles')
          .values({
            creator_id: userId,
            mode: body.mode,
            crazy: body.crazy,
            private: body.private,
            link_key: key,
            seat_cost: seatCost(rounds.map((r) => r.price)),
            rounds_total: rounds.length,
            server_seed: serverSeed,
            server_seed_hash: serverSeedHash,
            bot_seeds: JSON.stringify(Array.from({ length: seats }, (_, seat) => newClientSeed(`${known}:bot:${seat}`))),
            round_ms: settings.roundMs,
            spin_ms: settings.spinMs,
            expires_at: new Date(clock.now() + settings.expireMs),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx.trx.insertInto('battle_rounds').values(rounds.map((r, i) => ({ battle_id: battle.id, round: i + 1, box_id: r.boxId, box_version_id: r.versionId, price: r.price }))).execute();
        await tx.trx.insertInto('battle_seats').values({ battle_id: battle.id, seat: 0, team: 0, user_id: userId, client_seed: pair.client_seed }).execute();
        await stake(tx, battle, userId, 0);
        return battle.id;
      });
      await announce([{ event: 'battleCreated', battleId: id, list: true }]);
      return { id, key };
    },

    async join(access: BattleAccess, id: number, team?: number): Promise<void> {
      const { userId } = access;
      const pair = await activePair(db, userId);
      const started = await wallet.transaction(async (tx) => {
        const battle = await lockBattle(tx.trx, id, access);
        assertWaiting(battle);
        if (await refundIfBoxChanged(tx, battle)) return 'boxChanged' as const;
        const taken = await takenSeats(tx.trx, id);
        if (taken.some((s) => s.user_id === userId)) throw battleRefusal(BATTLE_REFUSALS.already);
        if (team !== undefined && team >= battleLayout(battle.mode).teams) throw battleRefusal('There is no such team.');
        const open = openSeats(battle.mode, taken, team);
        if (!open.length) throw battleRefusal(team === undefined || battleLayout(battle.mode).teamSize === 1 ? BATTLE_REFUSALS.full : BATTLE_REFUSALS.teamFull);
        const seat = open[0]!;
        await tx.trx.insertInto('battle_seats').values({ battle_id: id, seat, team: seatTeam(battle.mode, seat), user_id: userId, client_seed: pair.client_seed }).execute();
        await stake(tx, battle, userId, seat);
        return afterSeat(tx.trx, battle);
      });
      if (started === 'boxChanged') return boxChangedRefusal(id);
      await announce([{ event: 'playerJoined', battleId: id, list: true }, ...(started ? [{ event: 'battleStarted' as const, battleId: id, list: true }] : [])]);
    },

    async addBots(userId: number, id: number, bots: number, team?: number): Promise<void> {
      const started = await wallet.transaction(async (tx) => {
        const battle = await lockBattle(tx.trx, id, { userId });
        if (battle.creator_id !== userId) throw battleRefusal(BATTLE_REFUSALS.notCreator);
        assertWaiting(battle);
        if (await refundIfBoxChanged(tx, battle)) return 'boxChanged' as const;
        if (team !== undefined && team >= battleLayout(battle.mode).teams) throw battleRefusal('There is no such team.');
        const taken = await takenSeats(tx.trx, id);
        const open = openSeats(battle.mode, taken, team);
        if (open.length < bots) throw battleRefusal(BATTLE_REFUSALS.seats);
        const seatedBots = new Set(taken.map((t) => t.bot_id));
        const cast = BOTS.filter((b) => !seatedBots.has(b.id));
        // The house pays a bot's seat: its stake never leaves the house account (docs/battles.md).
        const seeds = battle.bot_seeds;
        await tx.trx
          .insertInto('battle_seats')
          .values(open.slice(0, bots).map((seat, i) => ({ battle_id: id, seat, team: seatTeam(battle.mode, seat), bot_id: cast[i]!.id, client_seed: seeds[seat]! })))
          .execute();
        return afterSeat(tx.trx, battle);
      });
      if (started === 'boxChanged') return boxChangedRefusal(id);
      await announce([{ event: 'playerJoined', battleId: id, list: true }, ...(started ? [{ event: 'battleStarted' as const, battleId: id, list: true }] : [])]);
    },

    async cancel(userId: number, id: number): Promise<void> {
      await wallet.transaction(async (tx) => {
        const battle = await lockBattle(tx.trx, id, { userId });
        if (battle.creator_id !== userId) throw battleRefusal(BATTLE_REFUSALS.notCreator);
        assertWaiting(battle);
        await refundWaiting(tx, battle, 'creator');
      });
      await announce([{ event: 'battleCanceled', battleId: id, list: true }]);
    },

    /**
     * The battle clock's sweep (the leader's loop, battleRounds.ts): every waiting battle whose time is
     * up expires, and every one whose box was published anew since its creation is refunded. Each in
     * its own transaction under the battle's row lock, so a join at the same moment either fills the
     * battle first (then it is no longer waiting) or finds it canceled; a stake is returned once.
     */
    async sweepWaiting(now: number): Promise<void> {
      const due = await db
        .selectFrom('battles')
        .select('id')
        .where('status', '=', 'waiting')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', new Date(now)),
            eb.exists(eb.selectFrom('battle_rounds as r').innerJoin('boxes as b', 'b.id', 'r.box_id').select('r.round').whereRef('r.battle_id', '=', 'battles.id').whereRef('r.box_version_id', '<>', 'b.version_id')),
          ]),
        )
        .orderBy('id')
        .execute();
      for (const { id } of due) {
        const canceled = await wallet.transaction(async (tx) => {
          const battle = await tx.trx.selectFrom('battles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
          if (!battle || battle.status !== 'waiting') return false;
          if (await refundIfBoxChanged(tx, battle)) return true;
          if (!battle.expires_at || battle.expires_at.getTime() > now) return false;
          await refundWaiting(tx, battle, 'expired');
          return true;
        });
        if (canceled) await announce([{ event: 'battleCanceled', battleId: id, list: true }]);
      }
    },

    announce,
  };
}

export type Battles = ReturnType<typeof createBattles>;
