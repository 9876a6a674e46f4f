import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { levelOf } from '../../core/games/levels.ts';
import { rankOfLevel } from '../../core/games/vip.ts';
import { PUBLIC_STATS, type PublicStat } from '../../core/protocol/publicStats.ts';
import type { PublicProfile } from '../../core/protocol/profiles.ts';
import { isPlay } from '../history/play.ts';
import { nameMatches } from '../players/nameMatches.ts';
import { playerBadges } from '../missions/missions.ts';

// A player's public profile (docs/community.md, "Public profiles"): name, avatar, level and rank,
// when they joined, and four figures of their play from the bets journal (the one record of play):
// what they wagered and how many bets they placed (play: open and settled), their best multiplier
// on a settled bet of at least 1.00 coin that paid (as the leaderboard and the races count it), and
// their biggest single payout. Each figure is public unless the player hides it (then null on the
// wire). The missions done are its badges. A player is found by name as a tip finds them
// (case-insensitive, the first account of a shared name), so a tip from the profile goes to the
// player it shows.

/** The least stake of a bet whose multiplier counts as a best multiplier (cents): as races and the leaderboard count it. */
export const BEST_MULTIPLIER_MIN_STAKE = 100;

/** The player behind a name, as tips find them; null when nobody has it. */
export async function playerByName(db: Db, name: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'avatar_url', 'wagered', 'created_at', 'public_hidden'])
    .where(nameMatches(name))
    .orderBy('id')
    .executeTakeFirst();
  return row ?? null;
}

export async function publicProfile(db: Db, name: string): Promise<PublicProfile | null> {
  const player = await playerByName(db, name);
  if (!player) return null;
  const hidden = new Set<PublicStat>(player.public_hidden.filter((s): s is PublicStat => (PUBLIC_STATS as readonly string[]).includes(s)));
  const { rows } = await sql<{ wagered: string | null; bets: string; best: string | null; biggest: string | null }>`
    select sum(b.stake) filter (where ${isPlay('b')}) as wagered,
      count(*) filter (where ${isPlay('b')} and b.stake > 0) as bets,
      max(b.multiplier) filter (where b.status = 'settled' and b.payout > 0 and b.stake >= ${BEST_MULTIPLIER_MIN_STAKE}) as best,
      max(b.payout) filter (where b.status = 'settled') as biggest
    from bets b where b.user_id = ${player.id}`.execute(db);
  const sums = rows[0]!;
  const shown = <T>(stat: PublicStat, value: T): T | null => (hidden.has(stat) ? null : value);
  const level = levelOf(Number(player.wagered)).level;
  const rank = rankOfLevel(level);
  return {
    name: player.name,
    avatar: player.avatar_url,
    level,
    rank: { tier: rank.tier, name: rank.name },
    joined_at: new Date(player.created_at),
    stats: {
      wagered: shown('wagered', centsToCoins(Number(sums.wagered ?? 0))),
      bets: shown('bets', Number(sums.bets)),
      best_multiplier: shown('best_multiplier', sums.best === null ? 0 : Math.floor(Number(sums.best) * 100) / 100),
      biggest_win: shown('biggest_win', centsToCoins(Number(sums.biggest ?? 0))),
    },
    badges: await playerBadges(db, player.id),
  };
}

export async function hiddenStats(db: Db, userId: number): Promise<PublicStat[]> {
  const row = await db.selectFrom('users').select('public_hidden').where('id', '=', userId).executeTakeFirstOrThrow();
  return PUBLIC_STATS.filter((s) => row.public_hidden.includes(s));
}

/** Sets what the player hides (in PUBLIC_STATS' order, each once); answers it. */
export async function setHiddenStats(db: Db, userId: number, hidden: readonly PublicStat[]): Promise<PublicStat[]> {
  const next = PUBLIC_STATS.filter((s) => hidden.includes(s));
  await db.updateTable('users').set({ public_hidden: sql<string[]>`${next}::text[]` }).where('id', '=', userId).execute();
  return next;
}

/** Turns the player's streamer mode on or off (docs/community.md, "Streamer mode"); answers it as stored. */
export async function setStreamerMode(db: Db, userId: number, on: boolean): Promise<boolean> {
  const row = await db.updateTable('users').set({ streamer_mode: on }).where('id', '=', userId).returning('streamer_mode').executeTakeFirstOrThrow();
  return row.streamer_mode;
}
