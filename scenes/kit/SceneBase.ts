import { Container, type Ticker } from 'pixi.js';
import type { Scene, SceneEnv } from './Scene.ts';
import { ParticleBurst } from './particles.ts';
import { PlayControl, type PlayRun } from './playControl.ts';
import { TweenBag } from './tweens.ts';
import type { Tuning, TuningValues } from './tuning.ts';

// What every scene shares (SceneLifecycle): a root container on the stage, one ticker callback,
// its tweens, a burst of sparks, a skippable play, and one order of tear-down (the leak tests hold
// every scene to it).
// A scene builds its display objects under `root` in setup(), does its per-frame work in update(),
// and frees what the display tree does not own in release().

export abstract class SceneLifecycle<R> implements Scene<R> {
  readonly bundles: readonly string[] = [];
  protected env: SceneEnv | null = null;
  protected readonly root = new Container();
  protected readonly tweens = new TweenBag();
  protected readonly control = new PlayControl(this.tweens);
  protected readonly particles = new ParticleBurst();
  protected destroyed = false;
  private readonly tick = (ticker: Ticker) => this.update(ticker);
  private readonly unfollow: (() => void)[] = [];

  mount(env: SceneEnv): void {
    this.env = env;
    this.setup(env);
    env.app.stage.addChild(this.root);
    env.app.ticker.add(this.tick);
    this.unfollow.push(env.app.drawWhile(() => this.animating()));
    this.resize(env.width, env.height);
  }

  abstract resize(width: number, height: number): void;

  abstract play(result: R, signal: AbortSignal): Promise<void>;

  /** Skip: the running play jumps to its final frame. */
  finish(): void {
    this.control.finish();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const stop of this.unfollow.splice(0)) stop();
    this.stop();
    this.tweens.dispose();
    this.env?.app.ticker.remove(this.tick);
    this.particles.destroy();
    this.root.destroy({ children: true });
    this.release();
    this.env = null;
  }

  /**
   * Calls `redraw` after each change of `tuning` (the scene lab's panel) while the scene is mounted,
   * for what the scene bakes or lays out from it; values read at each play or frame need nothing.
   * Call it from setup(); destroy() stops it.
   */
  protected followTuning<T extends TuningValues>(tuning: Tuning<T>, redraw: () => void): void {
    this.unfollow.push(
      tuning.onChange(() => {
        if (!this.env || this.destroyed) return;
        redraw();
        // A texture redrawn in place reaches sprites but not particles: draw the frame regardless.
        this.env.app.invalidate();
      }),
    );
  }

  /** Builds the scene's display objects under `root`, before it goes on the stage. */
  protected abstract setup(env: SceneEnv): void;

  /**
   * True while the scene moves something the stage does not report as changed (scenes/kit/stageChanges.ts):
   * its tweens may animate particles, and the sparks are particles. Scenes add their own (plinko's
   * balls, crash's stars); the frame is drawn every tick while it holds.
   */
  protected animating(): boolean {
    return this.tweens.size > 0 || this.particles.active > 0;
  }

  /** Every frame; the sparks move here. */
  protected update(ticker: Ticker): void {
    this.particles.update(ticker);
  }

  /** First thing in destroy(), while everything still exists: settle what is still running. */
  protected stop(): void {}

  /** Last thing in destroy(): what the display tree does not own (physics, textures, pictures). */
  protected release(): void {}
}

/**
 * The scene of one play at a time (every scene but plinko, whose balls fly side by side): play() is
 * the template, so skip, abort and reduced motion are written once.
 */
export abstract class SceneBase<R> extends SceneLifecycle<R> {
  /**
   * One play, written once for every scene: a skip or an abort cuts the run to the final frame;
   * prepare() readies the result (validation, textures, the board); reduced motion, a run cut
   * before it began, or a result that does not animate shows the final frame at once; otherwise
   * animate() plays the script. afterPlay() runs however the play ended.
   */
  async play(result: R, signal: AbortSignal): Promise<void> {
    if (!this.env || this.destroyed) return;
    const run = this.control.start(() => this.showFinal(result), signal);
    try {
      await this.prepare(result);
      if (this.destroyed) return;
      if (this.env.motion === 0 || run.cutShort || !this.animates(result)) return this.showFinal(result);
      await this.animate(result, run);
    } finally {
      run.end();
      this.afterPlay();
    }
  }

  /** Before the play: check the result and ready what it needs (throw to refuse it). */
  protected prepare(_result: R): void | Promise<void> {}

  /** False when this result has nothing to animate (its final frame is the whole play). */
  protected animates(_result: R): boolean {
    return true;
  }

  /** The play's script: `if (await run.step(tween)) return;` after each step (true = cut short). */
  protected abstract animate(result: R, run: PlayRun): Promise<void>;

  /** The final frame of a result: drawn at the end, on a skip, and under reduced motion. */
  protected abstract showFinal(result: R): void;

  /** After every play, however it ended. */
  protected afterPlay(): void {}
}
