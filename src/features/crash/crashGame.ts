import { connectRoundSocket, type CrashSocket } from '../../realtime/gameSocket.ts';
import { createRoundGame } from '../rounds/roundGame.ts';
import { withClockSample } from '../rounds/serverClock.ts';
import { EMPTY_MODEL, fromSnapshot, withBets, withStatus } from './crashRound.ts';

// The /crash page's live game (the shared round-game store of features/rounds): the /crash
// namespace's snapshot, status, tick and bet events folded by crashRound.ts.

const crash = createRoundGame({
  name: 'crash',
  empty: EMPTY_MODEL,
  connect: (config) => connectRoundSocket<CrashSocket>('crash', config),
  fromSnapshot,
  sync: (socket: CrashSocket, answer) => socket.emit('sync', answer),
  listen(socket, update) {
    socket.on('snapshot', (snapshot) => update((m) => fromSnapshot(m, snapshot, Date.now())));
    socket.on('status', (state) => update((m) => withStatus(m, state, Date.now())));
    socket.on('tick', (tick) => update((m) => withClockSample(m, tick.server_time, Date.now())));
    socket.on('bets', (batch) => update((m) => withBets(m, batch)));
  },
});

export const useCrashGame = crash.useGame;
/** Subscribes a socket's events to the store; returns the unsubscribe. Exported for tests. */
export const bindCrashSocket = crash.bind;
/** Connects while the calling page is mounted. */
export const useCrashConnection = crash.useConnection;
export const untilModel = crash.untilModel;
