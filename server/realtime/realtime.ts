import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import { BALANCE_UPDATED_EVENT, DROPS_CHANNEL, LAST_DROP_EVENT } from '../../core/protocol/realtime.ts';
import { userIdOfChannel, type BusMessage } from './bus.ts';
import { balanceUpdate } from '../wallet/wallet.ts';
import { createDropCoalescer } from './dropCoalescer.ts';
import { createGameSockets, type GameSockets } from './gameSockets.ts';
import { createPostgresLeader, createSingleNodeLeader, type LeaderElection } from './leaderLock.ts';
import { createPusherServer, type PusherServer } from './pusherServer.ts';
import { clientAddressResolver } from '../security/clientAddress.ts';
import { redisKeys } from '../redisKeys.ts';
import { startOnlineCount, type OnlineCount } from './onlineCount.ts';
import { CHAT_ROOMS, CHAT_ONLINE_EVENT, chatChannel } from '../../core/protocol/chat.ts';

// Puts the websockets on the app's own HTTP server: the Pusher-protocol server at /app/{key}
// and socket.io at /socket.io/, both fed from the bus. Also elects the leader node.

export interface Realtime {
  pusher: PusherServer;
  games: GameSockets;
  leader: LeaderElection;
  /** The chat's online count: people, not sockets (onlineCount.ts). */
  online: OnlineCount;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export async function attachRealtime(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const addressOf = clientAddressResolver(config.trustProxy);
  const pusher = createPusherServer({
    key: config.pusher.key,
    secret: config.pusher.secret,
    activityTimeout: config.pusher.activityTimeout,
    addressOf,
    log: app.log,
    // A player's channel starts with their balance as it stands: a bet settled between the page's
    // first answers and the subscription moves the pages that follow the balance (the versions
    // keep the newest, whatever order the frames come in).
    welcome: (channel) => {
      const userId = userIdOfChannel(channel);
      if (userId === null) return null;
      return app.wallet.account(userId).then((balance) => (balance.version > 0 ? [{ event: BALANCE_UPDATED_EVENT, data: balanceUpdate(balance) }] : []));
    },
  });
  const games = createGameSockets(app.server, app.log, { addressOf });

  let redisClients: Redis[] = [];
  let countClient: Redis | null = null;
  if (config.redisUrl) {
    // The adapter carries what engines emit through `io` directly (and fetchSockets) to every node.
    const pub = new Redis(config.redisUrl, { lazyConnect: true });
    const sub = pub.duplicate();
    pub.on('error', (error) => app.log.warn({ err: error }, 'redis (socket.io adapter)'));
    sub.on('error', (error) => app.log.warn({ err: error }, 'redis (socket.io adapter)'));
    await Promise.all([pub.connect(), sub.connect()]);
    games.io.adapter(createAdapter(pub, sub, { key: redisKeys(config.redisPrefix).socketIo }));
    redisClients = [pub, sub];
    countClient = pub;
  }
  // Each node takes the same count and tells its own subscribers of the rooms when it changes.
  const keys = redisKeys(config.redisPrefix);
  const online = startOnlineCount({
    people: () => pusher.people(),
    intervalMs: config.onlineCountMs,
    onChange: (count) => {
      for (const room of CHAT_ROOMS) pusher.publish(chatChannel(room), CHAT_ONLINE_EVENT, { count });
    },
    redis: countClient === null ? null : { client: countClient, peopleKey: keys.onlinePeople, nodesKey: keys.onlineNodes },
    secret: config.pusher.secret,
    log: app.log,
  });

  const leader =
    config.database.kind === 'postgres'
      ? createPostgresLeader(config.database.url, { pollInterval: config.leaderPollMs, onError: (error) => app.log.warn({ err: error }, 'leader lock connection failed') })
      : createSingleNodeLeader();

  // The bus already reaches every node, so each node delivers to its own sockets only.
  const drops = createDropCoalescer<unknown>((drop) => pusher.publish(DROPS_CHANNEL, LAST_DROP_EVENT, drop));
  const unsubscribe = app.bus.subscribe((message: BusMessage) => {
    if (games.deliverLocal(message.channel, message.event, message.data)) return;
    if (message.channel === DROPS_CHANNEL && message.event === LAST_DROP_EVENT) drops.push(message.data);
    else pusher.publish(message.channel, message.event, message.data);
  });

  // An exception in an 'upgrade' listener would be uncaught and end the process: whatever an
  // upgrade request carries, the worst it gets is a destroyed socket.
  app.server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (path.startsWith('/app/')) pusher.handleUpgrade(request, socket, head);
      else if (!path.startsWith('/socket.io/')) socket.destroy(); // socket.io takes its own
    } catch (error) {
      app.log.warn({ err: error, url: request.url?.slice(0, 200) }, 'upgrade refused');
      socket.destroy();
    }
  });

  app.decorate('realtime', { pusher, games, leader, online });

  // Close the sockets before the HTTP server waits for its connections to end. Clients told to
  // reconnect (4200, socket.io) come straight back while the server still listens, and an
  // upgraded socket would keep server.close() waiting forever: refuse every upgrade first.
  app.addHook('preClose', async () => {
    app.server.removeAllListeners('upgrade');
    app.server.on('upgrade', (_request, socket) => socket.destroy());
    unsubscribe();
    drops.close();
    await online.close();
    await Promise.all([pusher.close(), games.close()]);
  });
  app.addHook('onClose', async () => {
    await leader.close();
    for (const client of redisClients) client.disconnect();
  });
}
