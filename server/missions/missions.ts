import { sql } from 'kysely';
import { gamesOfKind, type GameId } from '../../core/games/catalog.ts';
import { MISSION_BONUS_TERMS, MISSIONS, missionById, type MissionDef, type MissionId } from '../../core/games/missions.ts';
import { grantBonus } from '../bonuses/grants.ts';
import { msgError, notFound } from '../http/errors.ts';
import { rewardRestrictions } from '../responsible/playGate.ts';
import type { Db } from '../db/database.ts';
import type { Trx, Wallet } from '../wallet/wallet.ts';
import type { MissionTables } from './schema.ts';

// Missions and badges (docs/rewards.md, "Missions"). Whether a mission is done is read, every time,
// from the bets journal and the few account facts it names (a limit set, a seed pair revealed): no
// counter is kept, so nothing can drift. A done mission is a badge; its reward is bonus money
// (server/bonuses, `mission_reward`) paid once per player and mission by the primary key of
// `mission_rewards`. Nothing is shown or paid to a player on a break, and a player whose loss limit
// is reached is shown no mission still to do (no nudge to play).

const missions = (db: Db | Trx) => db.withTables<MissionTables>();
const BATTLE_GAMES = gamesOfKind('battle');
const OPENING_GAMES = gamesOfKind('box');

/** The ids of the missions a player has done, from the journal and the account facts. */
export async function doneMissions(db: Db | Trx, userId: number): Promise<Set<MissionId>> {
  const { rows } = await sql<{ won: GameId[] | null; verified: boolean; limit_set: boolean; battled: boolean; custom_opened: boolean }>`
    select
      (select array_agg(distinct b.game) from bets b where b.user_id = ${userId} and b.status = 'settled' and b.payout > b.stake) as won,
      exists (select 1 from bets b join seed_pairs s on s.id = b.seed_pair_id where b.user_id = ${userId} and b.status = 'settled' and s.revealed_at is not null) as verified,
      exists (select 1 from play_limits l where l.user_id = ${userId}) as limit_set,
      exists (select 1 from bets b where b.user_id = ${userId} and b.status = 'settled' and b.game in (${sql.join(BATTLE_GAMES)})) as battled,
      exists (select 1 from bets b join inventory_items i on i.id = b.ref_id join boxes x on x.id = i.box_id
        where b.user_id = ${userId} and b.status = 'settled' and b.game in (${sql.join(OPENING_GAMES)}) and x.type = 'custom') as custom_opened`.execute(db);
  const r = rows[0]!;
  const done = new Set<MissionId>((r.won ?? []).map((g) => `first_win:${g}` as const));
  if (r.verified) done.add('verify_bet');
  if (r.limit_set) done.add('set_limit');
  if (r.battled) done.add('complete_battle');
  if (r.custom_opened) done.add('open_custom_box');
  return done;
}

/** A player's badges: the missions done, in the missions' order (readable by any profile, own or public). */
export async function playerBadges(db: Db, userId: number): Promise<{ id: MissionId; title: string }[]> {
  const done = await doneMissions(db, userId);
  return MISSIONS.filter((m) => done.has(m.id)).map((m) => ({ id: m.id, title: m.title }));
}

export interface MissionState extends MissionDef {
  done: boolean;
  claimed: boolean;
}

/**
 * What the missions page shows a player at `now`: on a break, no mission (paused); with a loss limit
 * reached, only the missions done (to claim or as badges), none still to do.
 */
export async function missionsOf(db: Db, userId: number, now: Date): Promise<{ paused: boolean; limitReached: boolean; missions: MissionState[] }> {
  const { onBreak, lossLimitReached } = await rewardRestrictions(db, userId, now);
  if (onBreak) return { paused: true, limitReached: lossLimitReached, missions: [] };
  const [done, paid] = await Promise.all([doneMissions(db, userId), missions(db).selectFrom('mission_rewards').select('mission').where('user_id', '=', userId).execute()]);
  const claimed = new Set(paid.map((p) => p.mission));
  const all = MISSIONS.map((m) => ({ ...m, done: done.has(m.id), claimed: claimed.has(m.id) }));
  return { paused: false, limitReached: lossLimitReached, missions: lossLimitReached ? all.filter((m) => m.done) : all };
}

export const MISSIONS_PAUSED = 'Missions are paused during your break.';

/**
 * Pays a done mission's reward as a bonus grant, once: one wallet transaction checks the break and
 * the journal, then inserts the `mission_rewards` row (primary key player + mission) and grants
 * only when that insert went in; a parallel claim waits on the row and finds it.
 */
export async function claimMission(wallet: Wallet, userId: number, id: string, now: Date): Promise<{ amount: number; balance: number }> {
  const mission = missionById(id);
  if (!mission) throw notFound('Unknown mission');
  return wallet.transaction(async (tx) => {
    if ((await rewardRestrictions(tx.trx, userId, now)).onBreak) throw msgError(422, MISSIONS_PAUSED);
    if (!(await doneMissions(tx.trx, userId)).has(mission.id)) throw msgError(422, 'Mission not completed yet');
    const inserted = await missions(tx.trx).insertInto('mission_rewards').values({ user_id: userId, mission: mission.id, amount: mission.reward }).onConflict((oc) => oc.doNothing()).returning('mission').executeTakeFirst();
    if (!inserted) throw msgError(422, 'Mission reward already claimed');
    const balance = await grantBonus(tx, { userId, amount: mission.reward, deposit: 0, source: 'mission', reference: `mission:${userId}:${mission.id}`, promoCodeId: null, terms: MISSION_BONUS_TERMS });
    return { amount: mission.reward, balance };
  });
}
