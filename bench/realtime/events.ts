// What the realtime bench publishes (BENCH_EVENT): the live drops' `lastDrop` on `drops` at 2 a second
// (docs/realtime.md, "Drops"), or a chat message on the English room `chat-en` at 10 a second
// (docs/community.md, "Chat": the product's `message` event and ChatMessage payload). Each payload
// carries the publish time as `sent_at` (the clients read latency from it), the same bytes for our
// server and the bare broadcast.

export interface BenchEvent {
  channel: string;
  event: string;
  /** Events a second, in all. */
  rate: number;
  data: (sentAt: number) => unknown;
}

export const BENCH_EVENTS: Record<'drops' | 'chat', BenchEvent> = {
  drops: {
    channel: 'drops',
    event: 'lastDrop',
    rate: 2,
    data: (sentAt) => ({
      user_id: 42,
      box: { slug: 'starter-box', img_url: '/assets/boxes/starter.svg' },
      item: { rarity: 'legendary', img_url: '/assets/items/watch.svg', price: 1249.99, sale_price: 1124.99 },
      sent_at: sentAt,
    }),
  },
  chat: {
    channel: 'chat-en',
    event: 'message',
    rate: 10,
    data: (sentAt) => ({
      id: 1048576,
      room: 'en',
      user_id: 42,
      user_name: 'LuckyOne',
      text: 'gl everyone, who else is opening the Jordan Vault tonight? @Ann',
      kind: 'player',
      mentions: [7],
      created_at: '2026-11-28T12:00:00.000Z',
      sent_at: sentAt,
    }),
  },
};

export function benchEvent(name = process.env.BENCH_EVENT ?? 'drops'): BenchEvent {
  if (name !== 'drops' && name !== 'chat') throw new Error('BENCH_EVENT is drops or chat');
  return BENCH_EVENTS[name];
}
