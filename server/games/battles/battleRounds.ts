import { tellBetLinks, type SettledLink } from '../../journal/betLinks.ts';
import { SHOP_BOX_KIND } from '../../../core/protocol/boxKinds.ts';
import { battleSplitOrder, battleTieBreak } from '../../../core/fair/index.ts';
import { battleOutcome, battleStepAt, seatTotals, splitPrize, teamSeats } from '../../../core/games/battle.ts';
import { BATTLES_LIST_CHANNEL } from '../../../core/protocol/battle.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { battleChannel } from '../../../core/protocol/realtime.ts';
import { battleDetail, loadBattle, pacingOf, roundView, summaries, type BattleRow } from './battleViews.ts';
import type { Db } from '../../db/database.ts';
import { journalBattleEnded } from '../../journal/journal.ts';
import type { Bus } from '../../realtime/bus.ts';
import { announceDrop, recordDrop, type RecordedDrop } from '../../realtime/drops.ts';
import { boxImgUrl, itemImgUrl } from '../../boxes/catalog.ts';
import type { Clock } from '../../clock.ts';
import type { LeaderElection } from '../../realtime/leaderLock.ts';
import type { Log } from '../../log.ts';
import type { Battles } from './battles.ts';

// The rounds of running battles, paced by the server (docs/battles.md). Only the leader node runs
// the loop (leader.whileLeader). A battle's timeline is a list of steps (each round's
// start, then its end) at absolute times; the loop announces a step when its time has come by
// claiming it with one conditional update (`step = k → k + 1`), so each step is announced once
// even if two loops ever ran, and after a restart the loop simply goes on from the stored step.
// After the last step the battle ends in one transaction that claims `running → ended` and gives
// every item to the winners; each item a player (not a bot) receives is a drop of the live feed (game
// `battle`, with the box of its round; not for a private battle, which only its link shows), announced
// after that transaction commits. Time is the round games' clock (server/clock.ts), so tests can move it
// by hand.

/** Rolls as rounds × seats of item values (cents), for seatTotals. */
function valuesByRound(rolls: readonly { round: number; seat: number; value: number }[]): number[][] {
  const byRound: number[][] = [];
  for (const r of rolls) (byRound[r.round - 1] ??= [])[r.seat] = r.value;
  return byRound;
}

/** The boxes and items of a battle's rolls, for its drops (names as they are at the end; the price is the roll's value). */
async function battleDropCatalog(trx: Db, rolls: readonly { box_id: number; item_id: number }[]) {
  const boxIds = [...new Set(rolls.map((r) => r.box_id))];
  const itemIds = [...new Set(rolls.map((r) => r.item_id))];
  const boxes = boxIds.length === 0 ? [] : await trx.selectFrom('boxes').select(['id', 'slug', 'name']).where('id', 'in', boxIds).execute();
  const items = itemIds.length === 0 ? [] : await trx.selectFrom('items').select(['id', 'name', 'rarity', 'sale_price', 'photo']).where('id', 'in', itemIds).execute();
  return { boxes: new Map(boxes.map((b) => [b.id, b])), items: new Map(items.map((i) => [i.id, i])) };
}

/** What the rounds use: battles in the database, events on the bus, the clock that paces them. */
export interface BattleRoundDeps {
  db: Db;
  bus: Bus;
  clock: Clock;
  /** The waiting battles' side of the clock (battles.ts): expiry and refunds after a box's new version. */
  waiting?: Pick<Battles, 'sweepWaiting'>;
}

export function createBattleRounds(deps: BattleRoundDeps) {
  const { db, bus, clock } = deps;
  async function claimStep(b: BattleRow, step: number): Promise<boolean> {
    const claimed = await db.updateTable('battles').set({ step: step + 1 }).where('id', '=', b.id).where('step', '=', step).where('status', '=', 'running').executeTakeFirst();
    return claimed.numUpdatedRows === 1n;
  }

  async function publishStep(b: BattleRow, step: number): Promise<void> {
    const pacing = pacingOf(b)!;
    const { round, kind } = battleStepAt(pacing, step);
    if (kind === 'started') {
      bus.publish({ channel: battleChannel(b.id, b.link_key), event: 'battleRoundStarted', data: { id: b.id, round: await roundView(db, b, round, clock.now()), server_time: clock.now() } });
      return;
    }
    const rolls = await db.selectFrom('battle_rolls').select(['round', 'seat', 'value']).where('battle_id', '=', b.id).where('round', '<=', round).execute();
    const totals = seatTotals(valuesByRound(rolls), Math.max(...rolls.map((r) => r.seat)) + 1);
    bus.publish({ channel: battleChannel(b.id, b.link_key), event: 'battleRoundEnded', data: { id: b.id, round, totals: totals.map(centsToCoins), server_time: clock.now() } });
  }

  /** Ends a battle whose rounds are all over: exactly once (the status claim), in one transaction. */
  async function end(id: number): Promise<boolean> {
    const drops: RecordedDrop[] = [];
    let links: SettledLink[] = [];
    const ended = await db.transaction().execute(async (trx) => {
      const b = await trx.updateTable('battles').set({ status: 'ended', ended_at: new Date(clock.now()) }).where('id', '=', id).where('status', '=', 'running').returningAll().executeTakeFirst();
      if (!b) return false;
      const rolls = await trx.selectFrom('battle_rolls').innerJoin('battle_rounds', (j) => j.onRef('battle_rounds.battle_id', '=', 'battle_rolls.battle_id').onRef('battle_rounds.round', '=', 'battle_rolls.round')).select(['battle_rolls.round', 'battle_rolls.seat', 'battle_rolls.value', 'battle_rolls.item_id', 'battle_rolls.ticket', 'battle_rounds.box_id', 'battle_rounds.box_version_id']).where('battle_rolls.battle_id', '=', id).orderBy('battle_rolls.round').orderBy('battle_rolls.seat').execute();
      const seats = await trx.selectFrom('battle_seats').select(['seat', 'user_id']).where('battle_id', '=', id).orderBy('seat').execute();
      const totals = seatTotals(valuesByRound(rolls), seats.length);
      const outcome = battleOutcome(b.mode, b.crazy, totals, (tied) => battleTieBreak(b.server_seed, b.public_seed!, tied));
      const members = teamSeats(b.mode, outcome.winnerTeam);
      const receivers = splitPrize(rolls, battleSplitOrder(b.server_seed, b.public_seed!, members));
      const owner = new Map(seats.map((s) => [s.seat, s.user_id]));
      const catalog = await battleDropCatalog(trx, rolls);
      for (const [i, r] of rolls.entries()) {
        const to = receivers[i]!;
        const userId = owner.get(to) ?? null;
        // A bot's share stays with the house: no inventory row.
        const inv = userId === null ? null : await trx.insertInto('inventory_items').values({ user_id: userId, item_id: r.item_id, box_id: r.box_id, box_version_id: r.box_version_id, nonce: r.round, ticket: r.ticket }).returning('id').executeTakeFirstOrThrow();
        await trx.updateTable('battle_rolls').set({ awarded_seat: to, inventory_item_id: inv?.id ?? null }).where('battle_id', '=', id).where('round', '=', r.round).where('seat', '=', r.seat).execute();
        const box = catalog.boxes.get(r.box_id);
        const item = catalog.items.get(r.item_id);
        if (userId !== null && !b.private && box && item) {
          drops.push(
            await recordDrop(trx, {
              game: 'battle',
              userId,
              box: { slug: box.slug, kind: SHOP_BOX_KIND, name: box.name, imgUrl: boxImgUrl(box.slug) },
              item: { name: item.name, rarity: item.rarity, imgUrl: itemImgUrl(item), price: r.value, salePrice: item.sale_price },
            }),
          );
        }
      }
      await trx
        .updateTable('battles')
        .set({ winner_team: outcome.winnerTeam, outcome: JSON.stringify({ team_totals: outcome.teamTotals, seats: members, tie_break: outcome.tied.length > 1 }) })
        .where('id', '=', id)
        .execute();
      links = await journalBattleEnded(trx, id);
      return true;
    });
    if (!ended) return false;
    // Each winning seat's bet page, to its player alone (journal/betLinks.ts).
    tellBetLinks(bus, 'battle', links);
    for (const drop of drops) announceDrop(bus, drop);
    const b = (await loadBattle(db, id))!;
    const detail = await battleDetail(db, b, clock.now());
    bus.publish({ channel: battleChannel(id, b.link_key), event: 'battleEnded', data: { battle: detail } });
    if (!b.private) bus.publish({ channel: BATTLES_LIST_CHANNEL, event: 'battleEnded', data: { battle: (await summaries(db, [b]))[0]! } });
    return true;
  }

  /** Expires or refunds the waiting battles that are due, announces every step that is due and ends the battles that are over. */
  async function advance(now = clock.now()): Promise<void> {
    await deps.waiting?.sweepWaiting(now);
    const running = await db.selectFrom('battles').selectAll().where('status', '=', 'running').where('first_round_at', '<=', new Date(now)).execute();
    for (const b of running) {
      const pacing = pacingOf(b)!;
      const last = b.rounds_total * 2;
      let step = b.step;
      while (step < last && battleStepAt(pacing, step).at <= now) {
        if (!(await claimStep(b, step))) break; // another loop took it
        await publishStep(b, step);
        step += 1;
      }
      if (step >= last) await end(b.id);
    }
  }

  return { advance, end };
}

/**
 * Runs the loop on the leader every `tickMs` of the clock until the leader stops. Returns what stops
 * it for good; the app calls that before the database closes.
 */
export function runBattleRounds(deps: BattleRoundDeps & { leader: LeaderElection; log: Log }, tickMs: number): () => Promise<void> {
  const { clock, leader, log } = deps;
  const rounds = createBattleRounds(deps);
  let closed = false;
  let inFlight: Promise<void> = Promise.resolve();
  const stops = new Set<() => Promise<void>>();
  leader.whileLeader(() => {
    let stopped = false;
    let cancel: (() => void) | undefined;
    const tick = () => {
      if (stopped || closed) return;
      inFlight = rounds.advance(clock.now()).catch((error: unknown) => log.error({ err: error }, 'battle rounds'));
      void inFlight.then(() => {
        if (!stopped && !closed) cancel = clock.at(clock.now() + tickMs, tick);
      });
    };
    tick();
    const stop = async () => {
      stopped = true;
      cancel?.();
      await inFlight;
      stops.delete(stop);
    };
    stops.add(stop);
    return stop;
  });
  return async () => {
    closed = true;
    await Promise.all([...stops].map((stop) => stop()));
  };
}
