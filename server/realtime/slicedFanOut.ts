import type { Namespace, Socket } from 'socket.io';

// A broadcast to a room of this node, written to its sockets a slice at a time.
//
// socket.io's `namespace.local.to(room).emit()` writes the frame to every socket of the room in
// one synchronous loop: with 5,000 sockets that is one event-loop turn of tens to hundreds of
// milliseconds, during which no HTTP request (a cash-out) is read or answered. Here the packet is
// encoded once, exactly as socket.io's adapter does it (same encoder, same pre-built websocket
// frame), and written to `sliceSize` sockets per turn, with `setImmediate` between slices so that
// pending I/O runs in between.
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
}

/** socket.io-parser's packet type of an event (PacketType.EVENT). */
const EVENT = 2;

interface Job {
  /** Writes the next part; true when the job is done. */
  step(): boolean;
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

export function createSlicedFanOut(namespace: Namespace, options: { sliceSize: number; onError(error: unknown): void }): SlicedFanOut {
  const sliceSize = Math.max(1, Math.floor(options.sliceSize));
  const adapter = namespace.adapter as unknown as AdapterInternals;
  const queue: Job[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  /** Encodes once; the adapter also pre-builds the websocket frame that every socket then shares. */
  function encode(event: string, data: unknown) {
    const packet = { type: EVENT, data: [event, data], nsp: namespace.name };
    const packetOpts: Record<string, unknown> = { preEncoded: true };
    const encoded = typeof adapter._encode === 'function' ? adapter._encode(packet, packetOpts) : (namespace.server.encoder.encode(packet as never) as unknown[]);
    return { encoded, packetOpts };
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
    // An idle queue starts at once: a room of at most one slice is written synchronously, as
    // socket.io's own emit would, and the first slice of a larger one too.
    if (queue.length === 1 && scheduled === null) drain();
  }

  return {
    broadcast(room, event, data) {
      const ids = namespace.adapter.rooms.get(room);
      if (!ids || ids.size === 0) return;
      const recipients = [...ids];
      const { encoded, packetOpts } = encode(event, data);
      let next = 0;
      enqueue({
        step() {
          const end = Math.min(recipients.length, next + sliceSize);
          for (; next < end; next += 1) {
            // A socket that left since the call is skipped.
            const socket: Socket | undefined = namespace.sockets.get(recipients[next]!);
            if (!socket) continue;
            try {
              (socket.client as unknown as ClientInternals).writeToEngine(encoded, packetOpts);
            } catch (error) {
              // One socket's failure must not cost the others their event.
              options.onError(error);
            }
          }
          return next >= recipients.length;
        },
      });
    },
    inOrder(write) {
      enqueue({
        step() {
          write();
          return true;
        },
      });
    },
    pending: () => queue.length,
    close() {
      queue.length = 0;
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
    },
  };
}
