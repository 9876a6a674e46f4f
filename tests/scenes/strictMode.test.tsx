import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTransition, StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { useScene, type SceneHandle } from '../../src/features/scenes/useScene.ts';
import { DiceScene, type DiceResult } from '../../scenes/dice/DiceScene.ts';
import { liveTweens, mountScene } from './sceneHarness.ts';

// useScene in a React StrictMode tree: StrictMode renders twice and runs mount effects twice, and a
// host may be disposed while Pixi's init is still running (SceneHost queues the destroy until init
// settles). Afterwards exactly one renderer may be alive, with its one canvas and one mounted scene,
// and unmounting the page must leave no renderer, tween or canvas.

/** WebGL contexts made since the test began; a destroyed renderer loses its context. */
const contexts: WebGLRenderingContext[] = [];
const getContext = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
  const context = (getContext as (this: HTMLCanvasElement, type: string, ...rest: unknown[]) => RenderingContext | null).call(this, type, ...rest);
  if ((type === 'webgl' || type === 'webgl2') && context && !contexts.includes(context as WebGLRenderingContext)) contexts.push(context as WebGLRenderingContext);
  return context;
} as typeof HTMLCanvasElement.prototype.getContext;
const liveContexts = () => contexts.filter((gl) => !gl.isContextLost()).length;

// Pixi keeps one small test context of its own for good (its shader limits); one mount first
// creates it, so the counts below see only the renderers' contexts.
beforeAll(async () => {
  (await mountScene(new DiceScene())).dispose();
});

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  root?.unmount();
  container?.remove();
  root = null;
  container = null;
});

/** Dice scenes that record whether they were mounted and destroyed. */
function sceneLog() {
  const log = { created: [] as DiceScene[], mounted: [] as DiceScene[], destroyed: [] as DiceScene[] };
  const create = () => {
    const scene = new DiceScene();
    const mount = scene.mount.bind(scene);
    const destroy = scene.destroy.bind(scene);
    scene.mount = (env) => {
      log.mounted.push(scene);
      mount(env);
    };
    scene.destroy = () => {
      log.destroyed.push(scene);
      destroy();
    };
    log.created.push(scene);
    return scene;
  };
  return { log, create };
}

function renderStrict(node: ReactNode): void {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  flushSync(() => root!.render(<StrictMode>{node}</StrictMode>));
}

const stage = () => container!.querySelector<HTMLElement>('[data-testid="strict-dice"]');

describe('useScene under React StrictMode', () => {
  it('leaves one renderer, one canvas and one mounted scene; unmount frees them', async () => {
    const { log, create } = sceneLog();
    let renders = 0;
    let handle: SceneHandle<DiceResult, DiceScene> | null = null;
    function DicePanel() {
      renders++;
      const dice = useScene<DiceResult, DiceScene>(create, [], { motion: 1 });
      handle = dice;
      return <div ref={dice.ref} data-testid="strict-dice" style={{ width: 300, height: 200 }} />;
    }
    const before = liveContexts();
    const madeBefore = contexts.length;
    renderStrict(<DicePanel />);
    await expect.poll(() => stage()?.dataset.scenePhase, { timeout: 30_000 }).toBe('ready');
    // One WebGL context made in all, not one freed again.
    expect(contexts.length - madeBefore, 'WebGL contexts made').toBe(1);

    expect(renders % 2, 'StrictMode renders every component twice').toBe(0);
    expect(log.mounted, 'only the last host mounts its scene').toEqual([log.created.at(-1)]);
    expect(handle!.scene).toBe(log.created.at(-1));
    expect(stage()!.querySelectorAll('canvas')).toHaveLength(1);
    await expect.poll(() => liveContexts() - before, { timeout: 10_000 }).toBe(1);

    await handle!.play({ roll: 71.3, target: 50, direction: 'over', win: true, multiplier: 1.98 });
    expect(stage()!.dataset.scenePhase).toBe('finished');

    const canvas = stage()!.querySelector('canvas')!;
    root!.unmount();
    root = null;
    expect(log.destroyed).toContain(log.created.at(-1));
    expect(canvas.isConnected).toBe(false);
    expect(liveContexts() - before, 'renderers alive after unmount').toBe(0);
    expect(liveTweens()).toBe(0);
  });

  it("a page's first commit leaves its passive effects to a later task: its scene's element and host are no synchronous update", async () => {
    const { create } = sceneLog();
    let passiveRan = false;
    let passiveInCommitTask: boolean | null = null;
    function Page() {
      const dice = useScene<DiceResult, DiceScene>(create, [], { motion: 1 });
      useEffect(() => {
        passiveRan = true;
      }, []);
      // After everything the commit's task runs synchronously (a synchronous update's flush included).
      useLayoutEffect(() => queueMicrotask(() => (passiveInCommitTask ??= passiveRan)), []);
      return <div ref={dice.ref} data-testid="strict-dice" style={{ width: 300, height: 200 }} />;
    }
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    // As src/main.tsx renders a prerendered page: a transition.
    startTransition(() => root!.render(<Page />));
    await expect.poll(() => passiveInCommitTask).not.toBeNull();
    expect(passiveInCommitTask, 'passive effects flushed in the commit task (a synchronous re-render)').toBe(false);
    await expect.poll(() => stage()?.dataset.scenePhase, { timeout: 30_000 }).toBe('ready');
  });

  it('a host replaced while Pixi is still initialising never mounts and frees its renderer', async () => {
    const { log, create } = sceneLog();
    // The host comes after the page's commit (useScene sets its element and host as transitions):
    // the first one is replaced by a new scene in the task that made it, before Pixi's init has begun
    // (the scene lab's seed box, a page's deps).
    let replaced!: () => void;
    const replacedNow = new Promise<void>((resolve) => (replaced = resolve));
    const createThenReplace = () => {
      const scene = create();
      if (log.created.length === 1) {
        queueMicrotask(() => {
          expect(stage()!.dataset.scenePhase).toBe('loading');
          flushSync(() => root!.render(<StrictMode><DicePanel seed={2} /></StrictMode>));
          replaced();
        });
      }
      return scene;
    };
    function DicePanel({ seed }: { seed: number }) {
      const dice = useScene<DiceResult, DiceScene>(createThenReplace, [seed], { motion: 1 });
      return <div ref={dice.ref} data-testid="strict-dice" style={{ width: 300, height: 200 }} />;
    }
    const before = liveContexts();
    const madeBefore = contexts.length;
    renderStrict(<DicePanel seed={1} />);
    await replacedNow;
    expect(log.created).toHaveLength(2);
    await expect.poll(() => stage()?.dataset.scenePhase, { timeout: 30_000 }).toBe('ready');
    await expect.poll(() => liveContexts() - before, { timeout: 10_000 }).toBe(1);
    expect(log.mounted).toEqual([log.created[1]]);
    expect(contexts.length - madeBefore, 'WebGL contexts made: the replaced host, disposed in the same task, made none').toBe(1);
    expect(stage()!.querySelectorAll('canvas')).toHaveLength(1);
    root!.unmount();
    root = null;
    expect(liveContexts() - before).toBe(0);
  });
});
