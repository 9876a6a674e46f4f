import type { WebSocket } from 'ws';

// One websocket frame built once and written as it is to many sockets. A fan-out's cost is its
// per-socket work: `ws.send` builds the frame's header, corks the network socket and writes header and
// payload as two buffers, for every socket. When a websocket has nothing else on the way (open, its
// sender idle with an empty queue, no compression), the same bytes can go straight to its network
// socket: one write of one shared buffer. The bytes on the wire are exactly those `ws.send` would write
// (a server's frames are not masked); a socket that is busy takes the frame the usual way, behind what
// it already has queued, so no frame overtakes another. Both fan-outs use it: the Pusher server's
// (pusherServer.ts) and the game sockets' (slicedFanOut.ts, whose frame socket.io's adapter pre-builds).

/** ws's internals that the direct write checks (ws 8). */
interface WsInternals {
  readyState: number;
  _sender?: { _state: number; _queue: unknown[] };
  _socket?: { destroyed: boolean; writable: boolean; write(data: Buffer): boolean };
}

/** ws: WebSocket.OPEN, and its Sender's state with nothing in progress (DEFAULT). */
const WS_OPEN = 1;
const SENDER_IDLE = 0;

/** A whole unmasked text frame (FIN set) carrying `payload`, as a server's `ws.send(payload)` writes it (RFC 6455 §5.2). */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}

/**
 * Writes the pre-built `frames` to the websocket's network socket when nothing else is on its way
 * there; false (nothing written) when the caller must send the usual way. The websocket must not use
 * compression (the caller knows: a compressed socket's frames differ).
 */
export function writeFrameDirect(ws: WebSocket | WsInternals, frames: Buffer): boolean {
  const inner = ws as unknown as WsInternals;
  const sender = inner._sender;
  const net = inner._socket;
  if (inner.readyState !== WS_OPEN || !sender || sender._state !== SENDER_IDLE || sender._queue.length > 0 || !net || net.destroyed || !net.writable) return false;
  net.write(frames);
  return true;
}
