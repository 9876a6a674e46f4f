import { connectRoundSocket, type WheelSocket } from '../../realtime/gameSocket.ts';
import { createRoundGame } from '../rounds/roundGame.ts';
import { EMPTY_WHEEL_MODEL, fromSnapshot, withBets, withStatus } from './wheelRound.ts';

// The /wheel page's live game (the shared round-game store of features/rounds): the /wheel
// namespace's snapshot, status and bet events folded by wheelRound.ts.

const wheel = createRoundGame({
  name: 'wheel',
  empty: EMPTY_WHEEL_MODEL,
  connect: (config) => connectRoundSocket<WheelSocket>('wheel', config),
  fromSnapshot,
  sync: (socket: WheelSocket, answer) => socket.emit('sync', answer),
  listen(socket, update) {
    socket.on('snapshot', (snapshot) => update((m) => fromSnapshot(m, snapshot, Date.now())));
    socket.on('status', (state) => update((m) => withStatus(m, state, Date.now())));
    socket.on('bets', (batch) => update((m) => withBets(m, batch)));
  },
});

export const useWheelGame = wheel.useGame;
export const bindWheelSocket = wheel.bind;
export const useWheelConnection = wheel.useConnection;
