import type { TweenBag } from './tweens.ts';

// One play at a time, skippable: finish() cuts the running script, jumps every tween to its end and
// draws the final frame; an abort does the same. A scene's play() reads like a script:
//   const run = this.control.start(() => showFinal(result), signal);
//   if (await run.step(tweens.to(...))) return;   // true = cut short, final frame already drawn
export class PlayControl {
  private current: PlayRun | null = null;
  private readonly tweens: TweenBag;

  constructor(tweens: TweenBag) {
    this.tweens = tweens;
  }

  start(showFinal: () => void, signal: AbortSignal): PlayRun {
    this.current?.cut();
    const run = new PlayRun(showFinal, this.tweens, signal, () => {
      if (this.current === run) this.current = null;
    });
    this.current = run;
    return run;
  }

  /** Skip: the running play jumps to its final frame. */
  finish(): void {
    this.current?.cut();
  }
}

export class PlayRun {
  private isCut = false;
  private readonly showFinal: () => void;
  private readonly tweens: TweenBag;
  private readonly signal: AbortSignal;
  private readonly onDone: () => void;
  private readonly onAbort = () => this.cut();

  constructor(showFinal: () => void, tweens: TweenBag, signal: AbortSignal, onDone: () => void) {
    this.showFinal = showFinal;
    this.tweens = tweens;
    this.signal = signal;
    this.onDone = onDone;
    if (signal.aborted) this.isCut = true;
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Cut by a skip or an abort, or the scene was destroyed. */
  get cutShort(): boolean {
    return this.isCut || this.tweens.closed;
  }

  /** Waits for a step; returns true if the play was cut meanwhile (the final frame is then drawn). */
  async step(promise: Promise<unknown>): Promise<boolean> {
    await promise;
    return this.cutShort;
  }

  cut(): void {
    if (this.isCut) return;
    this.isCut = true;
    if (this.signal.aborted || this.tweens.closed) this.tweens.killAll();
    else {
      this.tweens.finishAll();
      this.showFinal();
    }
  }

  /** Call in a finally block. */
  end(): void {
    this.signal.removeEventListener('abort', this.onAbort);
    this.onDone();
  }
}
