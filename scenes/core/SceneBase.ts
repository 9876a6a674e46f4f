import { Container, type Ticker } from 'pixi.js';
import type { Scene, SceneEnv } from './Scene.ts';
import { ParticleBurst } from './particles.ts';
import { PlayControl } from './playControl.ts';
import { TweenBag } from './tweens.ts';

// What every scene shares: a root container on the stage, one ticker callback, its tweens, a burst
// of sparks, a skippable play, and one order of tear-down (the leak tests hold every scene to it).
// A scene builds its display objects under `root` in setup(), does its per-frame work in update(),
// and frees what the display tree does not own in release().

export abstract class SceneBase<R> implements Scene<R> {
  readonly bundles: readonly string[] = [];
  protected env: SceneEnv | null = null;
  protected readonly root = new Container();
  protected readonly tweens = new TweenBag();
  protected readonly control = new PlayControl(this.tweens);
  protected readonly particles = new ParticleBurst();
  protected destroyed = false;
  private readonly tick = (ticker: Ticker) => this.update(ticker);

  mount(env: SceneEnv): void {
    this.env = env;
    this.setup(env);
    env.app.stage.addChild(this.root);
    env.app.ticker.add(this.tick);
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
    this.stop();
    this.tweens.dispose();
    this.env?.app.ticker.remove(this.tick);
    this.particles.destroy();
    this.root.destroy({ children: true });
    this.release();
    this.env = null;
  }

  /** Builds the scene's display objects under `root`, before it goes on the stage. */
  protected abstract setup(env: SceneEnv): void;

  /** Every frame; the sparks move here. */
  protected update(ticker: Ticker): void {
    this.particles.update(ticker);
  }

  /** First thing in destroy(), while everything still exists: settle what is still running. */
  protected stop(): void {}

  /** Last thing in destroy(): what the display tree does not own (physics, textures, pictures). */
  protected release(): void {}
}
