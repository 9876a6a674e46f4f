import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { scratchNodes } from '../../helpers/scratchNodes.ts';
import { createPlayer, hasPostgres } from '../../helpers/testApp.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { announceBigWins } from '../../../server/chat/announcements.ts';
import { CHAT_ROOMS } from '../../../core/protocol/chat.ts';

// The chat's pace on real PostgreSQL (docs/community.md, "Chat"): 20 posts of one player at once,
// spread over two nodes sharing the database, store exactly one message; the rest are 429. A big
// win announced by both nodes' announcers and ten more calls at once is one system message per room.
describe.runIf(hasPostgres)('chat on PostgreSQL', () => {
  const nodeOn = scratchNodes();

  it('lets one of 20 parallel posts of one player through, across two nodes', async () => {
    const [a, b] = await Promise.all([nodeOn({}, manualClock(Date.now())), nodeOn({}, manualClock(Date.now()))]);
    const p = await createPlayer(a);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).inject({ method: 'POST', url: '/api/chat/en/messages', headers: p.headers, payload: { text: `race ${i}` } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    const stored = await sql<{ n: string }>`select count(*) as n from chat_messages where user_id = ${p.id}`.execute(a.db);
    expect(Number(stored.rows[0]!.n)).toBe(1);
  });

  it('announces a big win once over two nodes and ten parallel calls', async () => {
    const [a, b] = await Promise.all([nodeOn({}, manualClock(Date.now())), nodeOn({}, manualClock(Date.now()))]);
    const p = await createPlayer(a);
    await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, settled_at) values ('dice', ${p.id}, 100, 50000, 500, 'settled', 9100001, now())`.execute(a.db);
    await Promise.all(Array.from({ length: 10 }, (_, i) => announceBigWins({ db: (i % 2 ? a : b).db, bus: (i % 2 ? a : b).bus })));
    // Once: one message in each room.
    const stored = await sql<{ room: string }>`select room from chat_messages where user_id = ${p.id} and kind = 'system' order by room`.execute(a.db);
    expect(stored.rows.map((r) => r.room)).toEqual([...CHAT_ROOMS].sort());
  });
});
