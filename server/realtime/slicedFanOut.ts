import type { Namespace, Socket } from 'socket.io';
import type { WebSocket } from 'ws';
import { writeFrameDirect } from './directFrame.ts';

// A broadcast to a room of this node, written to its sockets a slice at a time, the broadcasts of
// one turn to each socket in one write.
//
// socket.io's `namespace.local.to(room).emit()` writes the frame to every socket of the room in
// one synchronous loop: with 5,000 sockets that is one event-loop turn of tens to hundreds of
// milliseconds, during which no HTTP request (a cash-out) is read or answered. Here the packet is
// encoded once, exactly as socket.io's adapter does it (same encoder, same pre-built websocket
// frame), and written to at most `sliceSize` sockets and for at most `sliceMs` per turn, with
// `setImmediate` between slices so that pending I/O runs in between.
//
// One write per socket: the cost of a fan-out is its socket writes (one system call each, which on
// a busy server was most of its CPU: bench/crash, docs/performance.md). The broadcasts made in one
// synchronous run (a crash tick and the bets batch the tick flushes) form one group, and each socket
// gets the frames of the group's broadcasts it is a recipient of in one write, as consecutive
// websocket frames: on the wire the same frames as before, in the same order. Where the socket's
// connection is idle (an open websocket, nothing queued in engine.io or ws, no compression) the
// pre-built frames are written to its network socket directly, the bytes ws would write; otherwise
// each packet goes through engine.io as socket.io's adapter sends it.
//
// Order: every write to a namespace's sockets that goes through `broadcast` or `inOrder` (the
// snapshot on connect, the answer to `sync`) is queued per namespace and written in call order,
// so a later event never overtakes an earlier one on any socket. The recipients and the encoded
// packet are fixed when `broadcast` is called, as with socket.io's own emit: a socket that joins
// the room afterwards does not receive it (its snapshot, read later, already has that state).

/** socket.io internals used below, as socket.io-adapter's own `broadcast` uses them (v4). */
interface AdapterInternals {
  _encode?: (packet: unknown, packetOpts: Record<string, unknown>) => unknown[];
}
interface ClientInternals {
  writeToEngine(encodedPackets: unknown[], packetOpts: Record<string, unknown>): void;
  conn: EngineConnection;
}
/** engine.io's connection, as far as the direct write checks it (engine.io 6); its websocket is ws's. */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; writable: boolean; perMessageDeflate?: unknown; socket?: WebSocket };
}

/** socket.io-parser's packet type of an event (PacketType.EVENT). */
const EVENT = 2;
/** Broadcasts per group at most (each socket's share is a bit mask). */
const MAX_GROUP = 30;

interface Job {
  /** Writes the next part; true when the job is done. */
  step(): boolean;
}

interface Broadcast {
  recipients: Iterable<string>;
  encoded: unknown[];
  packetOpts: Record<string, unknown>;
  /** The whole websocket frame, when socket.io's adapter could pre-build it. */
  frame: Buffer | null;
}

export interface SlicedFanOut {
  /** Sends `event` to this node's sockets of `room`, `sliceSize` sockets per event-loop turn. */
  broadcast(room: string, event: string, data: unknown): void;
  /** Runs `write` (an emit to one socket) after every broadcast queued before it. */
  inOrder(write: () => void): void;
  /** Broadcasts and writes still queued. */
  pending(): number;
  /** Drops what is queued (the sockets are being closed). */
  close(): void;
}

/** Writes `frames` to the socket's network socket when its connection has nothing else on the way; false when it cannot. */
function writeDirect(conn: EngineConnection, frames: Buffer): boolean {
  const transport = conn.transport;
  if (conn.readyState !== 'open' || transport.name !== 'websocket' || !transport.writable || transport.perMessageDeflate || conn.writeBuffer.length > 0) return false;
  return transport.socket !== undefined && writeFrameDirect(transport.socket, frames);
}

export function createSlicedFanOut(namespace: Namespace, options: { sliceSize: number; sliceMs?: number; onError(error: unknown): void }): SlicedFanOut {
  const sliceSize = Math.max(1, Math.floor(options.sliceSize));
  const sliceMs = options.sliceMs ?? Number.POSITIVE_INFINITY;
  const adapter = namespace.adapter as unknown as AdapterInternals;
  const queue: Job[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  /** The broadcasts of the current synchronous run, sealed into one job at its end. */
  let forming: Broadcast[] | null = null;

  /** Encodes once; the adapter also pre-builds the websocket frame that every socket then shares. */
  function encode(event: string, data: unknown): Pick<Broadcast, 'encoded' | 'packetOpts' | 'frame'> {
    const packet = { type: EVENT, data: [event, data], nsp: namespace.name };
    const packetOpts: Record<string, unknown> = { preEncoded: true };
    const encoded = typeof adapter._encode === 'function' ? adapter._encode(packet, packetOpts) : (namespace.server.encoder.encode(packet as never) as unknown[]);
    const parts = packetOpts.wsPreEncodedFrame as Buffer[] | undefined;
    return { encoded, packetOpts, frame: Array.isArray(parts) ? Buffer.concat(parts) : null };
  }

  function drain() {
    scheduled = null;
    const job = queue[0];
    if (!job) return;
    // A job that throws (a queued write to one socket) is done: the queue goes on.
    let done = true;
    try {
      done = job.step();
    } catch (error) {
      options.onError(error);
    }
    if (done) queue.shift();
    // One step per turn: a slice of a broadcast, or one queued write.
    if (queue.length > 0) scheduled = setImmediate(drain);
  }

  function enqueue(job: Job) {
    queue.push(job);
    // An idle queue starts at once: a room of at most one slice is written in the same turn, as
    // socket.io's own emit would, and the first slice of a larger one too.
    if (queue.length === 1 && scheduled === null) drain();
  }

  /** The group's job: each recipient's frames (a bit per broadcast) in one write, a slice of sockets per turn. */
  function seal() {
    const group = forming;
    forming = null;
    if (!group || group.length === 0) return;
    const shares = new Map<string, number>();
    group.forEach((b, i) => {
      for (const id of b.recipients) shares.set(id, (shares.get(id) ?? 0) | (1 << i));
    });
    const framesOf = new Map<number, Buffer | null>();
    const frames = (mask: number): Buffer | null => {
      let joined = framesOf.get(mask);
      if (joined === undefined) {
        const parts = group.filter((_, i) => mask & (1 << i)).map((b) => b.frame);
        joined = parts.every((p): p is Buffer => p !== null) ? (parts.length === 1 ? parts[0]! : Buffer.concat(parts)) : null;
        framesOf.set(mask, joined);
      }
      return joined;
    };
    const recipients = [...shares];
    let next = 0;
    enqueue({
      step() {
        const end = Math.min(recipients.length, next + sliceSize);
        const deadline = performance.now() + sliceMs;
        const start = next;
        for (; next < end; next += 1) {
          // A turn also ends on time, after 32 sockets at least: a socket write costs what the
          // kernel makes of it (on loopback it also delivers to the reader), so a count alone does
          // not bound the turn.
          if (next > start && (next - start) % 32 === 0 && performance.now() > deadline) break;
          const [id, mask] = recipients[next]!;
          // A socket that left since the call is skipped.
          const socket: Socket | undefined = namespace.sockets.get(id);
          if (!socket) continue;
          try {
            const client = socket.client as unknown as ClientInternals;
            const joined = frames(mask);
            if (joined && writeDirect(client.conn, joined)) continue;
            group.forEach((b, i) => {
              if (mask & (1 << i)) client.writeToEngine(b.encoded, b.packetOpts);
            });
          } catch (error) {
            // One socket's failure must not cost the others their event.
            options.onError(error);
          }
        }
        return next >= recipients.length;
      },
    });
  }

  return {
    broadcast(room, event, data) {
      const ids = namespace.adapter.rooms.get(room);
      if (!ids || ids.size === 0) return;
      if (!forming) {
        forming = [];
        queueMicrotask(seal);
      }
      forming.push({ recipients: [...ids], ...encode(event, data) });
      if (forming.length === MAX_GROUP) seal();
    },
    inOrder(write) {
      // After the broadcasts of this run, too.
      seal();
      enqueue({
        step() {
          write();
          return true;
        },
      });
    },
    pending: () => queue.length + (forming ? 1 : 0),
    close() {
      queue.length = 0;
      forming = null;
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
    },
  };
}
