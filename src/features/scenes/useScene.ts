import { startTransition, useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Scene, ScenePhase } from '../../../scenes/kit/Scene.ts';
import { SceneHost } from '../../../scenes/kit/SceneHost.ts';
import { detectMotion } from '../../../scenes/kit/motion.ts';
import { clearBigWin } from '../../../scenes/kit/bigWinSlot.ts';
import type { BigWinLabels } from '../../../scenes/kit/bigWinMoment.ts';
import type { WinToCelebrate } from '../../../core/games/celebration.ts';
import { useRunningScenes } from '../../stores/runningScenes.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// Mounts a Pixi scene in the element `ref` points at (tldraw's pattern: the engine is created in a
// layout effect and disposed in its cleanup; React reads its state via useSyncExternalStore).
//
//   const dice = useScene(() => new DiceScene(), [], { background: 0x000000 });
//   <div ref={dice.ref} style={{ height: 220 }} />
//   await dice.play(result);   // resolves when the animation ends, is skipped or the page leaves
//
// `deps` is exactly "what forces a new scene"; options are read once per mount.

export interface UseSceneOptions {
  /** Canvas background; pure black (0x000000) for crash, plinko and wheel. Transparent if omitted. */
  background?: number;
  /** Overrides the detected motion (0 = reduced). The scene lab uses it. */
  motion?: number;
  /**
   * 'adaptive' (the default, as players get it): the resolution drops while frames are slow
   * (scenes/kit/resolutionGovernor.ts); 'fixed': always the device's (the scene lab, visual baselines).
   */
  resolution?: 'adaptive' | 'fixed';
  /** At most this many frames a second until the viewer acts on the page: round scenes (scenes/kit/viewerActs.ts). */
  idleFrameRate?: number;
  onError?: (error: unknown) => void;
}

/** A settled win and its bet's public id: what the page's Share button (BigWinShare) shares when the win is big. */
export interface SharedWin {
  win: WinToCelebrate;
  publicId: string;
}

export interface SceneHandle<R, S extends Scene<R>> {
  ref: (element: HTMLDivElement | null) => void;
  phase: ScenePhase;
  /** The scene instance of the current mount (for live previews such as DiceScene.setTarget). */
  scene: S | null;
  /**
   * Plays a decided outcome. Always settles. It does not touch the animation flag: a bet's flag is
   * raised before its request by usePlayedBet (src/features/games), which covers the scene too.
   */
  play(result: R): Promise<void>;
  /** Skip to the final frame. */
  finish(): void;
  /**
   * After a play has landed: the big-win moment over the scene when the win's tier earns it
   * (scenes/kit/bigWinMoment.ts, loaded then: the game pages' budgets are nearly full); it stays
   * until the next play. With the bet's public id, a big win is also `shared` until then; the id may
   * come later than the moment (a round's or a battle's bet: src/features/transparency/betLinks.ts).
   */
  celebrate(win: WinToCelebrate, publicId?: string | Promise<string>): void;
  /** The last big win celebrated with its bet's public id, until the next play or clearCelebration. */
  shared: SharedWin | null;
  /** Takes the big-win moment away before a play would (crash: the next round's countdown). */
  clearCelebration(): void;
  /** False when the canvas could not start (no WebGL): show the result without the scene. */
  available: boolean;
}

/**
 * The big-win headlines in the page's language: the moment's over every game (celebrate below) and
 * a box opening's reveal (BoxOpeningScene's labels, which its pages pass). A scene knows no language.
 */
export function bigWinLabels(): BigWinLabels {
  return { big: t('bigWin'), huge: t('hugeWin'), mega: t('megaWin') };
}

const noSubscribe = () => () => {};
const loadingPhase = (): ScenePhase => 'loading';

export function useScene<R, S extends Scene<R>>(createScene: () => S, deps: readonly unknown[], options: UseSceneOptions = {}): SceneHandle<R, S> {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  // A ref callback runs in the commit, where a state update is synchronous: as a transition, the
  // page's first commit is not followed in its own task by its passive effects and a second render.
  const ref = useCallback((el: HTMLDivElement | null) => startTransition(() => setElement(el)), []);
  const [host, setHost] = useState<SceneHost<R> | null>(null);
  const [available, setAvailable] = useState(true);
  const mountOptions = useRef({ createScene, options });
  mountOptions.current = { createScene, options };

  useLayoutEffect(() => {
    if (!element) return;
    const { createScene: create, options: opts } = mountOptions.current;
    const created = new SceneHost<R>(element, create(), {
      motion: opts.motion ?? detectMotion(),
      // Only detected motion adapts to a slow device; a motion the caller chose stays.
      adaptive: opts.motion === undefined,
      adaptiveResolution: opts.resolution !== 'fixed',
      idleFrameRate: opts.idleFrameRate,
      background: opts.background,
      onError: (error) => {
        setAvailable(false);
        opts.onError?.(error);
      },
    });
    // The host as a transition too (an update in a layout effect is synchronous as well).
    startTransition(() => setHost(created));
    return () => {
      created.dispose();
      setHost((current) => (current === created ? null : current));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element, ...deps]);

  const phase = useSyncExternalStore(host?.subscribe ?? noSubscribe, host?.getPhase ?? loadingPhase);

  useLayoutEffect(() => {
    if (element) element.dataset.scenePhase = phase;
  }, [element, phase]);

  // The shell's running-scene count: up while this host runs, down when it stops or unmounts.
  useLayoutEffect(() => {
    if (phase !== 'running') return;
    const { started, stopped } = useRunningScenes.getState();
    started();
    return stopped;
  }, [phase]);

  // Counts plays, so a celebration whose module loads after the next play has begun stays away.
  const plays = useRef(0);
  const [shared, setShared] = useState<SharedWin | null>(null);
  const play = useCallback(
    async (result: R) => {
      if (!host) return;
      plays.current += 1;
      // A new play clears the last big win's pile and its Share: nothing of a landed play outlives the next.
      clearBigWin(host.element);
      setShared(null);
      await host.play(result);
    },
    [host],
  );

  const finish = useCallback(() => host?.finish(), [host]);

  const celebrate = useCallback(
    (win: WinToCelebrate, publicId?: string | Promise<string>) => {
      // A loss is never celebrated: no module to load for it.
      if (!element || !(win.payout > win.stake)) return;
      const play = plays.current;
      const motion = host?.motion ?? 0;
      void import('../../../scenes/kit/bigWinMoment.ts').then(({ showBigWin, isBigWin }) => {
        if (plays.current !== play || !element.isConnected) return;
        // A big win's bet is shared beside it (BigWinShare); the tier is the moment's own. Its music
        // plays on the scene's sound (scenes/kit/bigWinMusic.ts).
        if (!isBigWin(showBigWin(element, win, motion, host?.sound, bigWinLabels())) || publicId === undefined) return;
        void Promise.resolve(publicId).then((id) => {
          // Not once the next play has begun: the Share belongs to the win it stands beside.
          if (plays.current === play && element.isConnected) setShared({ win, publicId: id });
        });
      });
    },
    [element, host],
  );

  const clearCelebration = useCallback(() => {
    setShared(null);
    if (element) clearBigWin(element);
  }, [element]);

  return { ref, phase, scene: (host?.scene as S | undefined) ?? null, play, finish, celebrate, shared, clearCelebration, available };
}
