import { useEffect } from 'react';
import { create } from 'zustand';
import type { Ack } from '../../../core/protocol/realtime.ts';
import { publicConfig } from '../../api/publicConfig.ts';
import type { PublicConfig } from '../../../core/protocol/config.ts';

// A round game's live state on its page (crash, wheel): one socket.io connection to the game's
// namespace while the page is mounted (useConnection), its events folded into one store by the
// game's pure model functions. A snapshot arrives on every (re)connect; back from a hidden tab
// (timers throttled, events possibly missed) the page asks for one with `sync`. Flows that wait for
// the game (bet on the next round, a settled bet) wait on the store with untilModel.

export interface RoundGameState<M> {
  model: M;
  connected: boolean;
}

/** What the shared code needs of a game's typed socket. */
export interface RoundSocket {
  readonly connected: boolean;
  on(event: 'connect' | 'disconnect', listener: () => void): unknown;
  removeAllListeners(): unknown;
  disconnect(): unknown;
}

export interface RoundGameSpec<M, S extends RoundSocket, Snapshot> {
  /** For log lines. */
  name: string;
  empty: M;
  connect(config: PublicConfig): S;
  /** Subscribes the game's own events; each folds into the model through `update`. */
  listen(socket: S, update: (next: (model: M) => M) => void): void;
  /** Emits `sync` with the answer's callback. */
  sync(socket: S, answer: Ack<Snapshot>): void;
  fromSnapshot(model: M, snapshot: Snapshot, receivedAt: number): M;
}

export function createRoundGame<M, S extends RoundSocket, Snapshot>(spec: RoundGameSpec<M, S, Snapshot>) {
  const useGame = create<RoundGameState<M>>(() => ({ model: spec.empty, connected: false }));
  const update = (next: (model: M) => M) => useGame.setState((s) => ({ model: next(s.model) }));

  /** Subscribes a socket's events to the store; returns the unsubscribe. */
  function bind(socket: S): () => void {
    socket.on('connect', () => useGame.setState({ connected: true }));
    socket.on('disconnect', () => useGame.setState({ connected: false }));
    spec.listen(socket, update);
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !socket.connected) return;
      spec.sync(socket, (answer) => {
        if ('data' in answer) update((m) => spec.fromSnapshot(m, answer.data, Date.now()));
      });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      socket.removeAllListeners();
    };
  }

  /** Connects while the calling page is mounted; leaving empties the store. */
  function useConnection(): void {
    useEffect(() => {
      let socket: S | null = null;
      let unbind = () => {};
      let cancelled = false;
      publicConfig().then(
        (config) => {
          if (cancelled) return;
          socket = spec.connect(config);
          unbind = bind(socket);
        },
        (error) => console.warn(`${spec.name}: no config`, error),
      );
      return () => {
        cancelled = true;
        unbind();
        socket?.disconnect();
        useGame.setState({ model: spec.empty, connected: false });
      };
    }, []);
  }

  /** Resolves with the model once `ready(model)` holds (at once if it does now); rejects when `signal` aborts. */
  function untilModel(ready: (model: M) => boolean, signal?: AbortSignal): Promise<M> {
    return new Promise((resolve, reject) => {
      const now = useGame.getState().model;
      if (ready(now)) return resolve(now);
      if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      const stop = useGame.subscribe((s) => {
        if (!ready(s.model)) return;
        stop();
        signal?.removeEventListener('abort', onAbort);
        resolve(s.model);
      });
      const onAbort = () => {
        stop();
        reject(new DOMException('Aborted', 'AbortError'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return { useGame, update, bind, useConnection, untilModel };
}
