// gsap's core only: scenes tween Pixi objects, never DOM styles, so CSSPlugin stays out of the
// game pages' bytes (docs/performance.md, "Budgets").
import { gsap } from 'gsap/gsap-core';

// gsap tweens owned by one scene. A killed gsap tween never resolves its promise (the trap the
// PixiJS open-games document), so every tween here is wrapped in a promise we resolve ourselves
// before killing it: play() can always settle, whether the tween completes, is skipped or aborted.

interface Tracked {
  tween: gsap.core.Animation;
  resolve: () => void;
}

export class TweenBag {
  private readonly live = new Set<Tracked>();
  private isClosed = false;

  /** True after dispose(): the scene is gone, a play still awaiting must stop. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Kills everything and refuses new tweens (they resolve at once): for Scene.destroy(). */
  dispose(): void {
    this.isClosed = true;
    this.killAll();
  }

  /** gsap.to that resolves on completion, on finishAll() (after jumping to the end) and on killAll(). */
  to(target: gsap.TweenTarget, vars: gsap.TweenVars): Promise<void> {
    return this.isClosed ? Promise.resolve() : this.track(gsap.to(target, vars));
  }

  fromTo(target: gsap.TweenTarget, from: gsap.TweenVars, to: gsap.TweenVars): Promise<void> {
    return this.isClosed ? Promise.resolve() : this.track(gsap.fromTo(target, from, to));
  }

  /** A pause that a skip or abort cuts short. */
  wait(seconds: number): Promise<void> {
    return this.isClosed ? Promise.resolve() : this.track(gsap.delayedCall(seconds, () => {}));
  }

  /** Jumps every live tween to its end state (onComplete runs), then resolves and kills it. */
  finishAll(): void {
    for (const t of [...this.live]) {
      t.tween.progress(1, false);
      this.settle(t);
    }
  }

  /** Resolves then kills every live tween, leaving targets where they are. */
  killAll(): void {
    for (const t of [...this.live]) this.settle(t);
  }

  get size(): number {
    return this.live.size;
  }

  private track(tween: gsap.core.Animation): Promise<void> {
    return new Promise<void>((resolve) => {
      const tracked: Tracked = { tween, resolve };
      this.live.add(tracked);
      tween.eventCallback('onComplete', () => this.settle(tracked));
      // A tween of no duration (a designer's 0 s in the tuning) may already be complete.
      if (tween.totalProgress() === 1) this.settle(tracked);
    });
  }

  private settle(t: Tracked): void {
    if (!this.live.delete(t)) return;
    t.resolve();
    t.tween.kill();
  }
}
