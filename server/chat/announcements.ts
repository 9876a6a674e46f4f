import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Log } from '../log.ts';
import { repeatEvery } from '../repeat.ts';
import { GAMES, type GameId } from '../../core/games/catalog.ts';
import { CELEBRATION_THRESHOLDS } from '../../core/games/celebration.ts';
import { formatCentsIn } from '../../core/money/cents.ts';
import { VIP_RANKS, type VipTier } from '../../core/games/vip.ts';
import type { Locale } from '../../core/text/locales.ts';
import { formatDecimalIn } from '../../core/text/numbers.ts';
import { CHAT_ROOM_LOCALES, CHAT_ROOMS, chatChannel, type ChatMessage, type ChatRoom } from '../../core/protocol/chat.ts';
import { serverTranslator } from '../i18n/serverText.ts';
import type chatMessages from './i18n/en-US.json';
import { MESSAGE_COLUMNS, messageWire } from './chat.ts';

// System messages (docs/community.md, "System messages"): the server posts a big win (a settled bet
// of the journal paying at least the celebration's top tier, 100× the stake), a closed race's
// podium, a challenge's winner and a VIP rank-up whose bonus was paid into every room as messages
// of kind 'system', about a player (the winner) and under their name, each room's in its language
// (./i18n/<locale>.json; amounts as the language writes them, en-US's as formatCents). It reads the
// bets journal, the races, the challenges' winners and the rank-up bonuses after the fact, so no game's
// settlement, race's close or payment changed: every node looks once a second at the last minutes'
// events, claims each with `insert … on conflict do nothing` (chat_announcements,
// chat_race_announcements, chat_event_announcements) and posts only what it claimed, so any number
// of nodes announce each once.

/** The least multiplier announced: the celebration's top tier (core/games/celebration.ts). */
export const ANNOUNCE_MULTIPLIER = CELEBRATION_THRESHOLDS.multiplier.mega;
/** How far back a node looks (a node that was down longer does not announce old wins). */
const LOOK_BACK = '10 minutes';

/** The shop's texts in the chat, in each room's language (these and the rain's, server/chat/rain.ts). */
export const chatText = serverTranslator<typeof chatMessages>(new URL('./i18n/', import.meta.url));
/** A system message's text in a room's language. */
export type SystemText = (locale: Locale) => string;

export interface AnnouncerDeps {
  db: Db;
  bus: Bus;
  log: Log;
}

/**
 * Writes one system message about the player (null: about no player, a rain) into every room, each in
 * its room's language, `text(locale)` (in the claim's transaction); `bet` is the public id of the bet
 * it tells of (a big win), linked by the chat. Answers them in CHAT_ROOMS' order (`en` first).
 */
export async function postSystem(trx: Transaction<Database>, player: { id: number; name: string } | null, text: SystemText, bet: string | null = null): Promise<ChatMessage[]> {
  const rows = [];
  for (const room of CHAT_ROOMS) rows.push(await trx.insertInto('chat_messages').values({ room, user_id: player?.id ?? null, user_name: player?.name ?? 'Shop', body: text(CHAT_ROOM_LOCALES[room]), kind: 'system', bet_public_id: bet }).returning(MESSAGE_COLUMNS).executeTakeFirstOrThrow());
  return rows.map(messageWire);
}

/** Tells every open page of each room, after the claim's transaction committed. */
export function publishAll(bus: Bus, messages: readonly ChatMessage[]): void {
  for (const m of messages) bus.publish({ channel: chatChannel(m.room as ChatRoom), event: 'message', data: m });
}

/** A multiplier in a text: en-US as the spec writes it ("150.00"), the others with their decimal sign. */
function timesIn(locale: Locale, multiplier: number): string {
  return formatDecimalIn(locale, multiplier, 2);
}

/** "LuckyOne won 150.00 (150.00×) on Dice." (the game by its brand name in every language). */
export function bigWinText(locale: Locale, name: string, game: GameId, payoutCents: number, multiplier: number): string {
  return chatText(locale, 'bigWin', { name, amount: formatCentsIn(locale, payoutCents), multiplier: timesIn(locale, multiplier), game: GAMES[game].reportLabel });
}

/**
 * For each candidate: claims it in its own transaction (`claim` answers false when another node did),
 * writes its system message into every room, links the claim to the first message (`link`), then
 * tells the rooms after the commit. Answers the messages posted.
 */
async function claimAndPost<T>(
  deps: Pick<AnnouncerDeps, 'db' | 'bus'>,
  candidates: readonly T[],
  steps: {
    claim: (trx: Transaction<Database>, c: T) => Promise<boolean>;
    compose: (trx: Transaction<Database>, c: T) => Promise<{ player: { id: number; name: string }; text: SystemText; bet?: string }>;
    link: (trx: Transaction<Database>, c: T, messageId: number) => Promise<unknown>;
  },
): Promise<ChatMessage[]> {
  const posted: ChatMessage[] = [];
  for (const candidate of candidates) {
    const messages = await deps.db.transaction().execute(async (trx) => {
      if (!(await steps.claim(trx, candidate))) return [];
      const { player, text, bet } = await steps.compose(trx, candidate);
      const messages = await postSystem(trx, player, text, bet ?? null);
      await steps.link(trx, candidate, messages[0]!.id);
      return messages;
    });
    publishAll(deps.bus, messages);
    posted.push(...messages);
  }
  return posted;
}

/** Posts the big wins not announced yet; answers the messages posted by this call. */
export async function announceBigWins(deps: Pick<AnnouncerDeps, 'db' | 'bus'>): Promise<ChatMessage[]> {
  const wins = await sql<{ id: string; public_id: string; user_id: string; game: GameId; payout: string; multiplier: string; name: string }>`
    select b.id, b.public_id, b.user_id, b.game, b.payout, b.multiplier, u.name
    from bets b join users u on u.id = b.user_id
    where b.status = 'settled' and b.multiplier >= 100 and b.multiplier >= ${ANNOUNCE_MULTIPLIER} and b.stake > 0
      and b.settled_at > now() - ${LOOK_BACK}::interval
      and not exists (select 1 from chat_announcements a where a.bet_id = b.id)
    order by b.id limit 20`.execute(deps.db);
  return claimAndPost(deps, wins.rows, {
    claim: async (trx, win) => Boolean(await trx.insertInto('chat_announcements').values({ bet_id: Number(win.id) }).onConflict((oc) => oc.column('bet_id').doNothing()).returning('bet_id').executeTakeFirst()),
    compose: async (_trx, win) => ({ player: { id: Number(win.user_id), name: win.name }, text: (locale) => bigWinText(locale, win.name, win.game, Number(win.payout), Number(win.multiplier)), bet: win.public_id }),
    link: (trx, win, messageId) => trx.updateTable('chat_announcements').set({ message_id: messageId }).where('bet_id', '=', Number(win.id)).execute(),
  });
}

const PODIUM_SIZES = ['one', 'two', 'other'] as const;

/** "Daily race finished: 1. Ann 50.00, 2. Bo 25.00, 3. Cy 10.00." (the first three places, at least one). */
export function raceResultText(locale: Locale, race: string, podium: readonly { name: string; prize: number }[]): string {
  const [first = '', second = '', third = ''] = podium.slice(0, 3).map((p, i) => chatText(locale, 'racePlace', { place: i + 1, name: p.name, amount: formatCentsIn(locale, p.prize) }));
  return chatText(locale, 'raceFinished', { race, places: PODIUM_SIZES[Math.min(podium.length, 3) - 1]!, first, second, third });
}

/** Posts the podium of each race closed in the last minutes that paid a prize and was not announced yet. */
export async function announceRaceResults(deps: Pick<AnnouncerDeps, 'db' | 'bus'>): Promise<ChatMessage[]> {
  const races = await sql<{ id: string; name: string }>`
    select r.id, r.name from races r
    where r.closed_at > now() - ${LOOK_BACK}::interval
      and exists (select 1 from race_prizes p where p.race_id = r.id)
      and not exists (select 1 from chat_race_announcements a where a.race_id = r.id)
    order by r.id limit 20`.execute(deps.db);
  return claimAndPost(deps, races.rows, {
    claim: async (trx, race) => Boolean(await trx.insertInto('chat_race_announcements').values({ race_id: Number(race.id) }).onConflict((oc) => oc.column('race_id').doNothing()).returning('race_id').executeTakeFirst()),
    compose: async (trx, race) => {
      const podium = (await sql<{ user_id: string; name: string; prize: string }>`select p.user_id, u.name, p.prize from race_prizes p join users u on u.id = p.user_id where p.race_id = ${race.id} order by p.place limit 3`.execute(trx)).rows;
      return { player: { id: Number(podium[0]!.user_id), name: podium[0]!.name }, text: (locale) => raceResultText(locale, race.name, podium.map((p) => ({ name: p.name, prize: Number(p.prize) }))) };
    },
    link: (trx, race, messageId) => trx.updateTable('chat_race_announcements').set({ message_id: messageId }).where('race_id', '=', Number(race.id)).execute(),
  });
}

/** An event of chat_event_announcements: its key, the player it is about and its text in each language. */
interface ChatEvent {
  key: string;
  player: { id: number; name: string };
  text: SystemText;
}

/** Posts each event not announced yet under its key. */
function announceEvents(deps: Pick<AnnouncerDeps, 'db' | 'bus'>, events: readonly ChatEvent[]): Promise<ChatMessage[]> {
  return claimAndPost(deps, events, {
    claim: async (trx, e) => Boolean(await trx.insertInto('chat_event_announcements').values({ event: e.key }).onConflict((oc) => oc.column('event').doNothing()).returning('event').executeTakeFirst()),
    compose: async (_trx, e) => ({ player: e.player, text: e.text }),
    link: (trx, e, messageId) => trx.updateTable('chat_event_announcements').set({ message_id: messageId }).where('event', '=', e.key).execute(),
  });
}

/** "Ann completed the challenge Hit 50× on dice and won 25.00." (the challenge's name as the console wrote it). */
export function challengeWinText(locale: Locale, name: string, challenge: string, prizeCents: number): string {
  return chatText(locale, 'challengeWon', { name, challenge, amount: formatCentsIn(locale, prizeCents) });
}

/** Posts each challenge winner paid in the last minutes and not announced yet (one message a place). */
export async function announceChallengeWinners(deps: Pick<AnnouncerDeps, 'db' | 'bus'>): Promise<ChatMessage[]> {
  const { rows } = await sql<{ challenge_id: string; place: number; user_id: string; name: string; challenge: string; prize: string }>`
    select w.challenge_id, w.place, w.user_id, u.name, c.name as challenge, w.prize
    from challenge_winners w join challenges c on c.id = w.challenge_id join users u on u.id = w.user_id
    where w.paid_at > now() - ${LOOK_BACK}::interval and w.prize > 0
      and not exists (select 1 from chat_event_announcements a where a.event = 'challenge:' || w.challenge_id || ':' || w.place)
    order by w.paid_at, w.challenge_id, w.place limit 20`.execute(deps.db);
  return announceEvents(
    deps,
    rows.map((r) => ({ key: `challenge:${r.challenge_id}:${r.place}`, player: { id: Number(r.user_id), name: r.name }, text: (locale) => challengeWinText(locale, r.name, r.challenge, Number(r.prize)) })),
  );
}

/** "Ann reached Gold and took a 25.00 rank-up bonus." (the rank by its name, as the VIP page shows it). */
export function rankUpText(locale: Locale, name: string, tier: VipTier, bonusCents: number): string {
  return chatText(locale, 'rankUp', { name, rank: VIP_RANKS.find((r) => r.tier === tier)!.name, amount: formatCentsIn(locale, bonusCents) });
}

/** Posts each VIP rank-up bonus paid in the last minutes and not announced yet (docs/vip.md): a rank reached, its bonus taken. */
export async function announceRankUps(deps: Pick<AnnouncerDeps, 'db' | 'bus'>): Promise<ChatMessage[]> {
  const { rows } = await sql<{ user_id: string; tier: VipTier; amount: string; name: string }>`
    select b.user_id, b.tier, b.amount, u.name
    from vip_rank_bonuses b join users u on u.id = b.user_id
    where b.paid_at > now() - ${LOOK_BACK}::interval and b.amount > 0
      and not exists (select 1 from chat_event_announcements a where a.event = 'vip_rank:' || b.user_id || ':' || b.tier)
    order by b.paid_at, b.user_id limit 20`.execute(deps.db);
  return announceEvents(
    deps,
    rows.map((r) => ({ key: `vip_rank:${r.user_id}:${r.tier}`, player: { id: Number(r.user_id), name: r.name }, text: (locale) => rankUpText(locale, r.name, r.tier, Number(r.amount)) })),
  );
}

export function runAnnouncer(deps: AnnouncerDeps, intervalMs: number): () => void {
  const announcers = [announceBigWins, announceRaceResults, announceChallengeWinners, announceRankUps];
  return repeatEvery(
    async () => {
      for (const announce of announcers) await announce(deps);
    },
    intervalMs,
    deps.log,
    'chat announcer',
  );
}
