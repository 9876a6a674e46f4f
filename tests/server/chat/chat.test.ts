import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { connected, listen, nextEvent, nextEvents, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';
import { CHAT_MSG, CHAT_ROOM_LOCALES, CHAT_ROOMS, chatRoomOf, type ChatMessage, type ChatRoom } from '../../../core/protocol/chat.ts';
import { LOCALES } from '../../../core/text/locales.ts';
import { formatCents, formatCentsIn } from '../../../core/money/cents.ts';
import { CHAT_TEXT_ERRORS } from '../../../core/chat/messageText.ts';
import { announceBigWins, announceChallengeWinners, announceRaceResults, announceRankUps, bigWinText, challengeWinText, raceResultText, rankUpText } from '../../../server/chat/announcements.ts';
import { defaultSwitchMessage } from '../../../core/protocol/killSwitches.ts';

// Chat (docs/community.md, "Chat") on one app and real pusher-js: a room's last 50, a message live
// on the room's channel, every gate to write, the text rules, moderation gone for everyone at
// once and audited, reports and ignores; a room per language (a message stays in its room, the shop's
// messages go into every room in its language); and the abuse cases: a flood, a 1 MB body, markup
// and control characters, spoofed rooms and channels, client events on the socket, a banned player.

type Player = Awaited<ReturnType<typeof createPlayer>>;
let app: FastifyInstance;
let port: number;
let moderator: Player;
let admin: Player;
beforeAll(async () => {
  app = await createTestApp();
  port = await listen(app);
  moderator = await createStaff(app, 'moderator');
  admin = await createStaff(app, 'admin');
}, 180_000);
afterAll(() => app.close());

const post = (p: Player | null, text: string, room = 'en') => app.inject({ method: 'POST', url: `/api/chat/${room}/messages`, headers: p?.headers ?? {}, payload: { text } });
const roomOf = async (p: Player | null, room = 'en') => {
  const res = await app.inject({ method: 'GET', url: `/api/chat/${room}`, headers: p?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** Lets the player post again now (the 3 s rule is tested on its own). */
const rested = (p: Player) => sql`delete from chat_posters where user_id = ${p.id}`.execute(app.db);
const staffCall = (p: Player, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: p.headers, ...(payload ? { payload } : {}) });
const auditOf = (action: string) => app.db.selectFrom('audit_log').select(['actor_id', 'target_id']).where('action', '=', action).execute();

describe('chat', () => {
  it('delivers a message live to another page and keeps the last 50 for a page that opens later', async () => {
    const alice = await createPlayer(app, { name: 'AliceChat' });
    const pusher = pusherClient(port);
    try {
      await connected(pusher);
      const channel = pusher.subscribe('chat-en');
      expect(await subscribed(channel)).toEqual({ result: 'ok' });
      const live = nextEvent<ChatMessage>(channel, 'message');
      const res = await post(alice, '  hello @BobChat and all  ');
      expect(res.statusCode, res.body).toBe(200);
      const sent = res.json().data as ChatMessage;
      expect(sent).toMatchObject({ room: 'en', user_id: alice.id, user_name: 'AliceChat', text: 'hello @BobChat and all' });
      expect(await live).toEqual(sent);
    } finally {
      pusher.disconnect();
    }
    // 54 more (written straight to the table: posting is tested above and below).
    await sql`insert into chat_messages (room, user_id, user_name, body) select 'en', ${alice.id}, 'AliceChat', 'line ' || i from generate_series(0, 53) i order by i`.execute(app.db);
    const guest = await roomOf(null);
    expect(guest.messages).toHaveLength(50);
    expect(guest.messages.at(-1).text).toBe('line 53');
    expect(guest.messages[0].text).toBe('line 4');
    expect(guest.standing).toEqual({ can_read: true, can_write: false, reason: CHAT_MSG.guest });
    expect((await post(null, 'I am a guest')).statusCode).toBe(401);
  });

  it('keeps each room\'s messages in it: posted in de, live on chat-de and not on chat-en', async () => {
    const hans = await createPlayer(app, { name: 'HansChat' });
    const ann = await createPlayer(app, { name: 'AnnRooms' });
    const pusher = pusherClient(port);
    try {
      await connected(pusher);
      const [de, en] = [pusher.subscribe('chat-de'), pusher.subscribe('chat-en')];
      expect(await Promise.all([subscribed(de), subscribed(en)])).toEqual([{ result: 'ok' }, { result: 'ok' }]);
      const onEn: ChatMessage[] = [];
      en.bind('message', (m: ChatMessage) => m.kind === 'player' && onEn.push(m));
      const liveDe = nextEvent<ChatMessage>(de, 'message');
      const res = await post(hans, 'Hallo zusammen', 'de');
      expect(res.statusCode, res.body).toBe(200);
      const sent = res.json().data as ChatMessage;
      expect(sent).toMatchObject({ room: 'de', user_id: hans.id, text: 'Hallo zusammen' });
      expect(await liveDe).toEqual(sent);
      // A message posted in en after it: when it arrives on chat-en, the de one would have come first.
      const liveEn = nextEvent<ChatMessage>(en, 'message');
      const english = (await post(ann, 'hello en')).json().data as ChatMessage;
      expect(await liveEn).toEqual(english);
      expect(onEn).toEqual([english]);
      expect((await roomOf(null, 'de')).messages.map((m: ChatMessage) => m.id)).toContain(sent.id);
      expect((await roomOf(null, 'en')).messages.map((m: ChatMessage) => m.id)).not.toContain(sent.id);
      expect((await roomOf(null, 'de')).messages.map((m: ChatMessage) => m.id)).not.toContain(english.id);
      // The console reads the room it is asked for.
      const consoleDe = (await staffCall(moderator, 'GET', '/api/admin/chat/rooms/de')).json().data;
      expect(consoleDe.room).toBe('de');
      expect(consoleDe.messages.map((m: ChatMessage) => m.id)).toContain(sent.id);
      expect(consoleDe.messages.map((m: ChatMessage) => m.id)).not.toContain(english.id);
    } finally {
      pusher.disconnect();
    }
  });

  it('has a room per language: each language\'s room and each room\'s language', () => {
    expect(CHAT_ROOMS).toEqual(['en', 'de', 'es', 'pt', 'fr', 'tr']);
    expect(LOCALES.map(chatRoomOf)).toEqual(['en', 'de', 'es', 'pt', 'fr', 'tr']);
    for (const room of CHAT_ROOMS) expect(chatRoomOf(CHAT_ROOM_LOCALES[room])).toBe(room);
  });

  it('keeps @name mentions as the mentioned players\' ids', async () => {
    const bob = await createPlayer(app, { name: 'MentionBob' });
    const carol = await createPlayer(app);
    const res = await post(carol, 'gg @mentionbob and @nobody-here');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mentions).toEqual([bob.id]);
  });

  it('lets one message through per 3 s per player, also when many arrive at once', async () => {
    const p = await createPlayer(app);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(p, `burst ${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Wait [1-3] s before your next message\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await sql`update chat_posters set last_at = now() - interval '3 seconds' where user_id = ${p.id}`.execute(app.db);
    expect((await post(p, 'after the pause')).statusCode).toBe(200);
  });

  it('refuses markup, control characters, links off the list, banned phrases and too long texts, storing nothing', async () => {
    const p = await createPlayer(app);
    const settings = (await staffCall(admin, 'GET', '/api/admin/chat/settings')).json().data;
    const set = await staffCall(admin, 'PUT', '/api/admin/chat/settings', { ...settings, allowed_hosts: ['example.com'], banned_phrases: ['Free Money'], max_length: 40 });
    expect(set.statusCode, set.body).toBe(200);
    const cases: [string, string][] = [
      ['<script>alert(1)</script>', CHAT_TEXT_ERRORS.markup],
      ['<img src=x onerror=alert(1)>', CHAT_TEXT_ERRORS.markup],
      ['tom &amp; jerry', CHAT_TEXT_ERRORS.markup],
      ['bell\u0007', CHAT_TEXT_ERRORS.control],
      ['evil\u202etxt.exe', CHAT_TEXT_ERRORS.control],
      ['zero\u200bwidth', CHAT_TEXT_ERRORS.control],
      ['go to https://scam.io/win', CHAT_TEXT_ERRORS.link],
      ['visit scam.io now', CHAT_TEXT_ERRORS.link],
      ['get FREE money here', CHAT_TEXT_ERRORS.banned],
      ['x'.repeat(41), CHAT_TEXT_ERRORS.tooLong(40)],
      ['   ', CHAT_TEXT_ERRORS.empty],
    ];
    const before = await app.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [text, error] of cases) {
      const res = await post(p, text);
      expect(res.statusCode, text).toBe(422);
      expect(res.json().errors.text, text).toEqual([error]);
    }
    const after = await app.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await post(p, 'see https://docs.example.com/rules')).statusCode).toBe(200);
    expect((await staffCall(admin, 'PUT', '/api/admin/chat/settings', settings)).statusCode).toBe(200);
    expect(await auditOf('chat.settings')).toHaveLength(2);
  });

  it('refuses a 1 MB body before parsing it, and a room that does not exist', async () => {
    const p = await createPlayer(app);
    const huge = await post(p, 'x'.repeat(1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    for (const room of ['xx', '..%2fadmin', 'en%00', 'private-users.1', 'de-DE', 'DE', 'it', 'en-US']) {
      const res = await post(p, 'hi', room);
      expect([404, 422], room).toContain(res.statusCode);
      const read = await app.inject({ method: 'GET', url: `/api/chat/${room}` });
      expect([404, 422], room).toContain(read.statusCode);
      expect((await staffCall(moderator, 'GET', `/api/admin/chat/rooms/${room}`)).statusCode, room).toBeGreaterThanOrEqual(404);
    }
    expect((await app.inject({ method: 'GET', url: '/api/chat/it' })).json().errors.room).toEqual([CHAT_MSG.noRoom]);
    // The six rooms, each readable and each with its own slow mode.
    for (const room of CHAT_ROOMS) {
      const state = await roomOf(null, room);
      expect(state).toMatchObject({ room, channel: `chat-${room}`, slow_mode_seconds: 0 });
      expect((await staffCall(moderator, 'GET', `/api/admin/chat/rooms/${room}`)).json().data).toMatchObject({ room, slow_mode_seconds: 0 });
    }
    expect((await post(p, 'still fine')).statusCode).toBe(200);
  });

  it('holds the gates: verified email, level, wagered in the last N days, and the kill switch', async () => {
    const unverified = await createPlayer(app, { verified: false });
    expect((await post(unverified, 'hi')).json().message).toBe(CHAT_MSG.unverified);
    expect((await roomOf(unverified)).standing).toEqual({ can_read: true, can_write: false, reason: CHAT_MSG.unverified });
    const settings = (await staffCall(admin, 'GET', '/api/admin/chat/settings')).json().data;
    const p = await createPlayer(app);
    expect((await staffCall(admin, 'PUT', '/api/admin/chat/settings', { ...settings, min_level: 2 })).statusCode).toBe(200);
    expect((await post(p, 'hi')).json().message).toBe(CHAT_MSG.level(2));
    await sql`update users set wagered = 10000 where id = ${p.id}`.execute(app.db);
    expect((await post(p, 'level 2 now')).statusCode).toBe(200);
    await rested(p);
    expect((await staffCall(admin, 'PUT', '/api/admin/chat/settings', { ...settings, min_wagered: 5, wagered_days: 7 })).statusCode).toBe(200);
    const refused = await post(p, 'hi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHAT_MSG.wagered('5.00', 7));
    expect((await staffCall(moderator, 'PUT', '/api/admin/chat/settings', settings)).statusCode).toBe(403);
    expect((await staffCall(admin, 'PUT', '/api/admin/chat/settings', settings)).statusCode).toBe(200);
    expect((await staffCall(moderator, 'PUT', '/api/admin/chat/switch', { enabled: false })).statusCode).toBe(200);
    // The chat page's switch is the chat's kill switch (docs/operator-console.md, "Kill switches").
    const closed = await post(p, 'hi');
    expect(closed.statusCode).toBe(503);
    expect(closed.json().message).toBe(defaultSwitchMessage('chat'));
    expect((await roomOf(p)).standing).toEqual({ can_read: true, can_write: false, reason: defaultSwitchMessage('chat') });
    expect((await staffCall(moderator, 'PUT', '/api/admin/chat/switch', { enabled: true })).statusCode).toBe(200);
    expect((await post(p, 'open again')).statusCode).toBe(200);
    const switched = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'kill_switches.update').where('target_id', '=', 'chat').orderBy('id').execute();
    expect(switched.map((a) => [a.actor_id, a.after])).toEqual([
      [moderator.id, { enabled: false, message: null }],
      [moderator.id, { enabled: true, message: null }],
    ]);
  });

  it('closes the chat for a player on a break: no messages, no writing, and the reason', async () => {
    const p = await createPlayer(app);
    await app.db.insertInto('responsible_gaming').values({ user_id: p.id, exclusion_kind: 'cool_off', excluded_from: new Date(), excluded_until: new Date(Date.now() + 86_400_000) }).execute();
    const state = await roomOf(p);
    expect(state.messages).toEqual([]);
    expect(state.standing.can_read).toBe(false);
    expect(state.standing.reason).toMatch(/^The chat is closed while you are on a break\. You are on a cool-off until /);
    const res = await post(p, 'hi');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(state.standing.reason);
  });

  it('moderates: delete is gone for everyone at once, mute, ban, clear, slow mode, all audited', async () => {
    const p = await createPlayer(app, { name: 'Rowdy' });
    const q0 = await createPlayer(app);
    const pusher = pusherClient(port);
    try {
      await connected(pusher);
      const channel = pusher.subscribe('chat-en');
      await subscribed(channel);
      const id = (await post(p, 'something rude')).json().data.id as number;
      const gone = nextEvent<{ ids: number[] }>(channel, 'deleted');
      expect((await staffCall(moderator, 'DELETE', `/api/admin/chat/messages/${id}`)).statusCode).toBe(200);
      expect(await gone).toEqual({ ids: [id] });
      expect((await roomOf(null)).messages.map((m: ChatMessage) => m.id)).not.toContain(id);
      expect((await staffCall(moderator, 'DELETE', `/api/admin/chat/messages/${id}`)).statusCode).toBe(404);
      expect(await auditOf('chat.delete')).toContainEqual({ actor_id: moderator.id, target_id: String(id) });

      // The console's room: the switches and the last messages, the deleted one kept and marked.
      const consoleRoom = (await staffCall(moderator, 'GET', '/api/admin/chat/rooms/en')).json().data;
      expect(consoleRoom).toMatchObject({ room: 'en', enabled: true, slow_mode_seconds: 0 });
      expect(consoleRoom.messages[0]).toMatchObject({ id, user_id: p.id, text: 'something rude', deleted: true });
      expect((await staffCall(q0, 'GET', '/api/admin/chat/rooms/en')).statusCode).toBe(403);

      expect((await staffCall(moderator, 'POST', `/api/admin/chat/players/${p.id}/mute`, { minutes: 10, reason: 'Insults' })).statusCode).toBe(200);
      const muteRow = await app.db.selectFrom('audit_log').select('after').where('action', '=', 'chat.mute').where('target_id', '=', String(p.id)).executeTakeFirstOrThrow();
      expect(JSON.stringify(muteRow.after)).toContain('Insults');
      await rested(p);
      expect((await post(p, 'hi')).json().message).toMatch(/^You are muted in chat until \d\d\.\d\d\.\d\d, \d\d:\d\d UTC\.$/);
      expect((await staffCall(moderator, 'DELETE', `/api/admin/chat/players/${p.id}/mute`)).statusCode).toBe(200);
      const ids = [] as number[];
      for (const t of ['one', 'two']) {
        await rested(p);
        ids.push((await post(p, t)).json().data.id);
      }
      const cleared = nextEvent<{ ids: number[] }>(channel, 'deleted');
      const clear = await staffCall(moderator, 'POST', `/api/admin/chat/players/${p.id}/clear`);
      expect(clear.json().message).toBe('2 messages cleared.');
      expect(await cleared).toEqual({ ids });

      expect((await staffCall(moderator, 'PUT', `/api/admin/chat/players/${p.id}/ban`, { banned: true })).statusCode).toBe(200);
      await rested(p);
      expect((await post(p, 'let me in')).json().message).toBe(CHAT_MSG.banned);
      expect((await roomOf(p)).standing).toEqual({ can_read: true, can_write: false, reason: CHAT_MSG.banned });

      const q = await createPlayer(app);
      expect((await staffCall(moderator, 'PUT', '/api/admin/chat/rooms/en/slow-mode', { slow_mode_seconds: 30 })).statusCode).toBe(200);
      expect((await post(q, 'first')).statusCode).toBe(200);
      await sql`update chat_posters set last_at = now() - interval '10 seconds' where user_id = ${q.id}`.execute(app.db);
      expect((await post(q, 'too soon for slow mode')).json().message).toMatch(/^Wait (19|20) s before your next message\.$/);
      expect((await staffCall(moderator, 'PUT', '/api/admin/chat/rooms/en/slow-mode', { slow_mode_seconds: 0 })).statusCode).toBe(200);
      for (const action of ['chat.mute', 'chat.unmute', 'chat.clear', 'chat.ban', 'chat.slow_mode']) expect((await auditOf(action)).length, action).toBeGreaterThan(0);
      // A player is no moderator; a moderator is no operator.
      expect((await staffCall(q, 'DELETE', `/api/admin/chat/messages/${ids[0]}`)).statusCode).toBe(403);
      expect((await staffCall(moderator, 'GET', '/api/admin/players?q=x')).statusCode).toBe(403);
      expect((await staffCall(moderator, 'GET', '/api/admin/me')).json()).toMatchObject({ role: 'moderator' });
    } finally {
      pusher.disconnect();
    }
  });

  it('words the shop\'s messages in each room\'s language: en-US as before, amounts with the language\'s decimal sign', () => {
    for (const cents of [0, 5, 3375, -120, 123_456_789, 100_000_00]) expect(formatCentsIn('en-US', cents)).toBe(formatCents(cents));
    expect([formatCentsIn('de-DE', 123_450), formatCentsIn('es-ES', 123_450), formatCentsIn('pt-BR', 123_450), formatCentsIn('tr-TR', 123_450)]).toEqual(['1.234,50', '1234,50', '1.234,50', '1.234,50']);
    expect(formatCentsIn('fr-FR', 123_450)).toBe('1\u202f234,50');
    expect(formatCentsIn('de-DE', 5)).toBe('0,05');
    expect(bigWinText('en-US', 'Ann', 'plinko', 1_234_500, 1000)).toBe('Ann won 12345.00 (1000.00×) on Plinko.');
    expect(bigWinText('de-DE', 'Ann', 'plinko', 1_234_500, 1000)).toBe('Ann hat 12.345,00 (1.000,00×) bei Plinko gewonnen.');
    expect(raceResultText('en-US', 'Daily race', [{ name: 'Ann', prize: 5000 }, { name: 'Bo', prize: 2500 }, { name: 'Cy', prize: 1000 }])).toBe('Daily race finished: 1. Ann 50.00, 2. Bo 25.00, 3. Cy 10.00.');
    expect(raceResultText('en-US', 'Daily race', [{ name: 'Ann', prize: 5000 }])).toBe('Daily race finished: 1. Ann 50.00.');
    expect(raceResultText('de-DE', 'Daily race', [{ name: 'Ann', prize: 5000 }, { name: 'Bo', prize: 2500 }])).toBe('Daily race ist beendet: 1. Ann 50,00; 2. Bo 25,00.');
    expect(challengeWinText('en-US', 'Ann', 'Hit 50× on dice', 2500)).toBe('Ann completed the challenge Hit 50× on dice and won 25.00.');
    expect(rankUpText('en-US', 'Ann', 'platinum', 10_000)).toBe('Ann reached Platinum and took a 100.00 rank-up bonus.');
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) expect(rankUpText(locale, 'Ann', 'gold', 2500), locale).not.toBe(rankUpText('en-US', 'Ann', 'gold', 2500));
  });

  it('posts a big win, a race podium, challenge winners and a rank-up as system messages once, into every room in its language, which nobody can report and a clear leaves', async () => {
    const lucky = await createPlayer(app, { name: 'LuckyOne' });
    const reporter = await createPlayer(app);
    const pusher = pusherClient(port);
    try {
      await connected(pusher);
      const channel = pusher.subscribe('chat-en');
      const channelDe = pusher.subscribe('chat-de');
      await Promise.all([subscribed(channel), subscribed(channelDe)]);
      const live = nextEvent<ChatMessage>(channel, 'message');
      const liveDe = nextEvent<ChatMessage>(channelDe, 'message');
      // A 150× win now, a 99× win now and a 200× win of an hour ago: only the first is announced.
      await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, settled_at) values
        ('dice', ${lucky.id}, 100, 15000, 150, 'settled', 9000001, now()),
        ('dice', ${lucky.id}, 100, 9900, 99, 'settled', 9000002, now()),
        ('dice', ${lucky.id}, 100, 20000, 200, 'settled', 9000003, now() - interval '1 hour')`.execute(app.db);
      // The app's own announcer (every second) and three more at once: one message.
      await Promise.all([0, 1, 2].map(() => announceBigWins({ db: app.db, bus: app.bus })));
      const message = await live;
      expect(message).toMatchObject({ kind: 'system', room: 'en', user_id: lucky.id, user_name: 'LuckyOne', text: 'LuckyOne won 150.00 (150.00×) on Dice.' });
      expect(await liveDe).toMatchObject({ kind: 'system', room: 'de', user_id: lucky.id, text: 'LuckyOne hat 150,00 (150,00×) bei Dice gewonnen.', bet: message.bet });
      // It names its bet: the chat links the bet's public page (and so its share card).
      const won = await sql<{ public_id: string }>`select public_id from bets where ref_id = 9000001 and game = 'dice'`.execute(app.db);
      expect(message.bet).toBe(won.rows[0]!.public_id);
      expect(await announceBigWins({ db: app.db, bus: app.bus })).toEqual([]);
      // Once per room, each in its room's language (the announcement links the en one).
      const stored = await app.db.selectFrom('chat_messages').select(['id', 'room', 'kind', 'body']).where('user_id', '=', lucky.id).orderBy('id').execute();
      expect(stored.map((r) => [r.room, r.kind, r.body])).toEqual(CHAT_ROOMS.map((room) => [room, 'system', bigWinText(CHAT_ROOM_LOCALES[room], 'LuckyOne', 'dice', 15000, 150)]));
      expect(new Set(stored.map((r) => r.body)).size).toBe(CHAT_ROOMS.length);
      expect(Number(stored[0]!.id)).toBe(message.id);
      const linked = await sql<{ message_id: string }>`select a.message_id from chat_announcements a join bets b on b.id = a.bet_id where b.ref_id = 9000001 and b.game = 'dice'`.execute(app.db);
      expect(Number(linked.rows[0]!.message_id)).toBe(message.id);
      expect((await roomOf(null)).messages.filter((m: ChatMessage) => m.id === message.id)).toEqual([message]);
      for (const room of CHAT_ROOMS) expect((await roomOf(null, room)).messages.filter((m: ChatMessage) => m.user_id === lucky.id).map((m: ChatMessage) => m.room), room).toEqual([room]);

      const report = await app.inject({ method: 'POST', url: `/api/chat/messages/${message.id}/report`, headers: reporter.headers, payload: { reason: 'x' } });
      expect([report.statusCode, report.json().message]).toEqual([403, CHAT_MSG.systemNotReportable]);
      expect((await staffCall(moderator, 'POST', `/api/admin/chat/players/${lucky.id}/clear`)).json().message).toBe('0 messages cleared.');
      expect((await roomOf(null)).messages.map((m: ChatMessage) => m.id)).toContain(message.id);

      // A race closed now with its podium: posted once, the winner's; a race closed without prizes is not.
      const second = await createPlayer(app, { name: 'RunnerUp' });
      const raceAt = await sql<{ id: string }>`insert into races (kind, name, metric, starts_at, ends_at, prizes, closed_at) values
        ('custom', 'Sprint race', 'wagered', now() - interval '2 hours', now() - interval '1 minute', '{5000,2500}', now()),
        ('custom', 'Empty race', 'wagered', now() - interval '2 hours', now() - interval '1 minute', '{5000}', now()) returning id`.execute(app.db);
      const [sprint] = raceAt.rows.map((r) => Number(r.id));
      const raceLive = nextEvent<ChatMessage>(channel, 'message');
      await sql`insert into race_prizes (race_id, place, user_id, value, prize) values (${sprint}, 1, ${lucky.id}, 90000, 5000), (${sprint}, 2, ${second.id}, 40000, 2500)`.execute(app.db);
      await Promise.all([0, 1, 2].map(() => announceRaceResults({ db: app.db, bus: app.bus })));
      expect(await raceLive).toMatchObject({ kind: 'system', user_id: lucky.id, text: 'Sprint race finished: 1. LuckyOne 50.00, 2. RunnerUp 25.00.', bet: null });
      expect(await announceRaceResults({ db: app.db, bus: app.bus })).toEqual([]);
      const races = await sql<{ room: string; body: string }>`select room, body from chat_messages where kind = 'system' and body like '%Sprint race%' order by id`.execute(app.db);
      const podium = [{ name: 'LuckyOne', prize: 5000 }, { name: 'RunnerUp', prize: 2500 }];
      expect(races.rows.map((r) => [r.room, r.body])).toEqual(CHAT_ROOMS.map((room) => [room, raceResultText(CHAT_ROOM_LOCALES[room], 'Sprint race', podium)]));

      // A challenge's two winners paid now (one message each, the winner's) and a VIP rank-up bonus
      // paid now; a rank-up of an hour ago is not posted.
      const challenge = await sql<{ id: string }>`insert into challenges (name, game, multiplier, min_stake, prize, winners, starts_at, ends_at)
        values ('Hit 100× on dice', 'dice', 10000, 100, 2500, 2, now() - interval '1 hour', now() + interval '1 hour') returning id`.execute(app.db);
      const challengeId = Number(challenge.rows[0]!.id);
      const [firstBet, secondBet] = (await sql<{ id: string }>`select id from bets where user_id = ${lucky.id} order by id limit 2`.execute(app.db)).rows.map((r) => Number(r.id));
      const eventsLive = nextEvents<ChatMessage>(channel, 'message', 3);
      await sql`insert into challenge_winners (challenge_id, place, user_id, bet_id, prize) values (${challengeId}, 1, ${lucky.id}, ${firstBet}, 2500), (${challengeId}, 2, ${second.id}, ${secondBet}, 2500)`.execute(app.db);
      await sql`insert into vip_rank_bonuses (user_id, tier, amount) values (${second.id}, 'gold', 2500)`.execute(app.db);
      await sql`insert into vip_rank_bonuses (user_id, tier, amount, paid_at) values (${lucky.id}, 'silver', 500, now() - interval '1 hour')`.execute(app.db);
      await Promise.all([0, 1, 2].map(() => Promise.all([announceChallengeWinners({ db: app.db, bus: app.bus }), announceRankUps({ db: app.db, bus: app.bus })])));
      expect((await eventsLive).map((m) => [m.kind, m.user_id, m.text]).sort()).toEqual(
        [
          ['system', lucky.id, 'LuckyOne completed the challenge Hit 100× on dice and won 25.00.'],
          ['system', second.id, 'RunnerUp completed the challenge Hit 100× on dice and won 25.00.'],
          ['system', second.id, 'RunnerUp reached Gold and took a 25.00 rank-up bonus.'],
        ].sort(),
      );
      expect([...(await announceChallengeWinners({ db: app.db, bus: app.bus })), ...(await announceRankUps({ db: app.db, bus: app.bus }))]).toEqual([]);
      const perRoom = await sql<{ room: string; n: string }>`select room, count(*) as n from chat_messages where kind = 'system' and user_id in (${lucky.id}, ${second.id}) group by room order by room`.execute(app.db);
      // Per room: the big win, the race, two challenge places and the rank-up.
      expect(perRoom.rows.map((r) => [r.room, Number(r.n)])).toEqual([...CHAT_ROOMS].sort().map((room) => [room, 5]));
      const rankUps = await sql<{ room: ChatRoom; body: string }>`select room, body from chat_messages where kind = 'system' and user_id = ${second.id} and body like '%Gold%' order by id`.execute(app.db);
      expect(rankUps.rows.map((r) => r.body)).toEqual(CHAT_ROOMS.map((room) => rankUpText(CHAT_ROOM_LOCALES[room], 'RunnerUp', 'gold', 2500)));
      const events = await sql<{ event: string; posted: boolean }>`select event, message_id is not null as posted from chat_event_announcements order by event`.execute(app.db);
      expect(events.rows).toEqual([
        { event: `challenge:${challengeId}:1`, posted: true },
        { event: `challenge:${challengeId}:2`, posted: true },
        { event: `vip_rank:${second.id}:gold`, posted: true },
      ]);
    } finally {
      pusher.disconnect();
    }
  });

  it('queues reports for the console and keeps each player\'s ignore list', async () => {
    const author = await createPlayer(app, { name: 'Spammer' });
    const reporter = await createPlayer(app);
    const id = (await post(author, 'buy my stuff')).json().data.id as number;
    for (let i = 0; i < 2; i++) {
      const r = await app.inject({ method: 'POST', url: `/api/chat/messages/${id}/report`, headers: reporter.headers, payload: { reason: 'spam' } });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(CHAT_MSG.reported);
    }
    expect((await app.inject({ method: 'POST', url: '/api/chat/messages/999999/report', headers: reporter.headers, payload: {} })).statusCode).toBe(404);
    const own = await app.inject({ method: 'POST', url: `/api/chat/messages/${id}/report`, headers: author.headers, payload: {} });
    expect([own.statusCode, own.json().message]).toEqual([403, 'You cannot report your own message.']);
    const queue = (await staffCall(moderator, 'GET', '/api/admin/chat/reports')).json().data;
    const mine = queue.filter((r: { message: { id: number } }) => r.message.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ reason: 'spam', reporter: { id: reporter.id }, message: { text: 'buy my stuff', user_name: 'Spammer', deleted: false } });
    expect((await staffCall(moderator, 'POST', `/api/admin/chat/reports/${mine[0].id}/dismiss`)).statusCode).toBe(200);
    expect((await staffCall(moderator, 'GET', '/api/admin/chat/reports')).json().data.filter((r: { id: number }) => r.id === mine[0].id)).toEqual([]);

    const ignore = await app.inject({ method: 'POST', url: '/api/chat-ignores', headers: reporter.headers, payload: { user_id: author.id, ignored: true } });
    expect(ignore.json().data).toEqual([{ user_id: author.id, name: 'Spammer' }]);
    expect((await roomOf(reporter)).ignored).toEqual([author.id]);
    expect((await app.inject({ method: 'POST', url: '/api/chat-ignores', headers: reporter.headers, payload: { user_id: reporter.id, ignored: true } })).statusCode).toBe(422);
    const unignore = await app.inject({ method: 'POST', url: '/api/chat-ignores', headers: reporter.headers, payload: { user_id: author.id, ignored: false } });
    expect(unignore.json().data).toEqual([]);
  });

  it('refuses socket floods, client events and spoofed private channels, and keeps serving', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.config.pusher.key}?protocol=7`);
    const frames: { event: string; data: unknown }[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => ws.once('message', () => resolve()));
    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-chat-en', auth: 'forged:00' } }));
    for (let i = 0; i < 100; i++) ws.send(JSON.stringify({ event: 'client-message', channel: 'chat-en', data: { text: `flood ${i}` } }));
    expect(await closed).toBe(4100);
    const codes = frames.filter((f) => f.event === 'pusher:error').map((f) => (f.data as { code: number }).code);
    expect(codes).toContain(4009);
    expect(codes).toContain(4301);
    const before = await app.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('body', 'like', 'flood%').executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/chat/en' })).statusCode).toBe(200);
  });
});
