import { Sprite, Text } from 'pixi.js';
import { bakeGlow, type CanvasTexture } from '../kit/bakedTexture.ts';
import type { SceneEnv } from '../kit/Scene.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { COLOURS, MIN_LABEL_PX, textStyle } from '../kit/style.ts';
import { limboTuning } from './tuning.ts';

// Limbo: one big multiplier that counts up from 1.00× to the server's result, turning green the
// moment it passes the target on a win, red where it stops on a loss, with the target under it.
// It counts in log space (even time per tenfold), so 1.50× and 5,000× both read as a climb. The
// landed result stays until the next bet; its glow is baked once on a canvas and tinted.

export interface LimboResult {
  /** The result multiplier, decided by the server. */
  result: number;
  target: number;
  win: boolean;
  /** Auto-bet: one short count to the result and the verdict, no pulse or sparks (QUICK_PLAY_S). */
  quick?: boolean;
}

/** The whole of a quick play, in seconds: auto-bet runs several bets a second and each is still seen. */
export const QUICK_PLAY_S = 0.12;

/**
 * The words the scene draws, in the page's language (scenes/ cannot import the client's catalogs, so
 * the page hands them over). English by default: the scene lab and the tests draw these.
 */
export interface LimboSceneLabels {
  /** The line under the number, with the target already formatted ("2.00×" → "Target 2.00×"). */
  target(multiplier: string): string;
}

const ENGLISH_LABELS: LimboSceneLabels = {
  target: (multiplier) => `Target ${multiplier}`,
};

export interface LimboSceneOptions {
  target?: number;
  seed?: number;
  labels?: LimboSceneLabels;
}

type NumberState = 'idle' | 'rising' | 'win' | 'lose';

/** 1234567.8 → "1,234,567.80×": hundredths rounded down, as the result was. */
export function formatMultiplier(value: number): string {
  const hundredths = Math.floor(value * 100 + 1e-6);
  const whole = String(Math.floor(hundredths / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(hundredths % 100).padStart(2, '0')}×`;
}

export class LimboScene extends SceneBase<LimboResult> {
  readonly antialias = false;
  private readonly glow = new Sprite();
  private glowTexture: CanvasTexture | null = null;
  private glowKey = '';
  private readonly number = new Text({ text: formatMultiplier(1), style: textStyle(96, COLOURS.text, '800') });
  private readonly targetText = new Text({ text: '', style: textStyle(16, COLOURS.muted, '600') });
  private width = 600;
  private height = 260;
  private target: number;
  private current = 1;
  private state: NumberState = 'idle';
  private readonly random: () => number;
  private readonly words: LimboSceneLabels;

  constructor(options: LimboSceneOptions = {}) {
    super();
    this.target = options.target ?? 2;
    this.random = seededRandom(options.seed ?? 1);
    this.words = options.labels ?? ENGLISH_LABELS;
  }

  protected setup(env: SceneEnv): void {
    this.glow.anchor.set(0.5);
    this.glow.visible = false;
    this.number.anchor.set(0.5);
    this.targetText.anchor.set(0.5, 0);
    this.root.addChild(this.glow, this.number, this.targetText, this.particles.view);
    this.bakeGlow(env.app.renderer.resolution);
    this.followTuning(limboTuning, () => this.env && this.bakeGlow(this.env.app.renderer.resolution));
    this.setTarget(this.target);
  }

  /** Live preview while the player changes the target (no play). */
  setTarget(target: number): void {
    this.target = target;
    this.targetText.text = this.words.target(formatMultiplier(target));
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    // The number fills about a fifth of the width, within what the height allows.
    this.number.style.fontSize = Math.round(Math.max(36, Math.min(112, width / 6.2, height * 0.34)));
    this.targetText.style.fontSize = Math.max(MIN_LABEL_PX + 3, Math.round(Math.min(18, width / 28)));
    const cy = Math.round(height * 0.44);
    this.number.position.set(width / 2, cy);
    this.glow.position.set(width / 2, cy);
    this.targetText.position.set(width / 2, cy + this.number.style.fontSize * 0.62 + 10);
    if (this.env) this.bakeGlow(this.env.app.renderer.resolution);
  }

  protected override prepare(result: LimboResult): void {
    if (!(result.result >= 1)) throw new Error('a limbo result is at least 1.00');
    this.setTarget(result.target);
  }

  protected async animate(result: LimboResult, run: PlayRun): Promise<void> {
    if (!this.env) return;
    this.number.scale.set(1);
    this.show(1, 'rising');
    // Counted as ln(multiplier): even time per tenfold.
    const counter = { log: 0 };
    const end = Math.log(result.result);
    const onUpdate = () => this.show(Math.min(result.result, Math.exp(counter.log)), result.win && Math.exp(counter.log) >= result.target ? 'win' : 'rising');
    if (result.quick) {
      // The clock, not the frames, ends a quick play: on a device drawing few frames the count
      // jumps to its end instead of holding the next bet back.
      const count = this.tweens.to(counter, { log: end, duration: QUICK_PLAY_S, ease: 'power1.out', onUpdate });
      const clock = new Promise<void>((resolve) => setTimeout(resolve, QUICK_PLAY_S * 1000));
      if (await run.step(Promise.race([count, clock]))) return;
      this.tweens.finishAll();
      this.showFinal(result);
      return;
    }
    // Read at each play, so a change in the scene lab shows on the next bet.
    const tuning = limboTuning.values;
    const duration = Math.min(tuning.maxCountSeconds, tuning.countSeconds + tuning.secondsPerDecade * Math.log10(result.result));
    this.env.sound.play('whoosh', { volume: 0.4 });
    if (await run.step(this.tweens.to(counter, { log: end, duration, ease: 'power2.out', onUpdate }))) return;
    this.showFinal(result);
    this.env.sound.play(result.win ? 'win' : 'lose');
    if (result.win) this.particles.burst(this.number.x, this.number.y, COLOURS.win, tuning.winSparks, this.random, 6);
    this.number.scale.set(1.12);
    await run.step(this.tweens.to(this.number.scale, { x: 1, y: 1, duration: tuning.pulseSeconds, ease: result.win ? 'back.out(3)' : 'power2.out' }));
  }

  protected showFinal(result: LimboResult): void {
    if (this.destroyed) return;
    this.number.scale.set(1);
    this.setTarget(result.target);
    this.show(result.result, result.win ? 'win' : 'lose');
  }

  private show(value: number, state: NumberState): void {
    this.current = value;
    this.number.text = formatMultiplier(value);
    if (state === this.state) return;
    this.state = state;
    const colour = state === 'win' ? COLOURS.win : state === 'lose' ? COLOURS.lose : COLOURS.text;
    this.number.style.fill = colour;
    this.glow.visible = state === 'win' || state === 'lose';
    this.glow.tint = colour;
  }

  /** The multiplier on screen now (browser tests read it through the host element's sceneShown()). */
  shown(): number {
    return this.current;
  }

  /** Bakes the number's glow for its size and the tuning; again only when they changed. */
  private bakeGlow(resolution: number): void {
    const { glowBlur, glowAlpha } = limboTuning.values;
    const w = Math.round(Math.min(this.width * 0.8, 520));
    const h = Math.round(Number(this.number.style.fontSize) * 0.9);
    const key = `${glowBlur}:${glowAlpha}:${resolution}:${w}:${h}`;
    if (this.glowTexture && key === this.glowKey) return;
    // The sprite takes the new texture before the old one goes: a texture is never freed while drawn.
    const previous = this.glowTexture;
    this.glowTexture = bakeGlow({ width: w, height: h, radius: h / 2, blur: glowBlur, alpha: glowAlpha * 0.5 }, resolution);
    this.glowKey = key;
    this.glow.texture = this.glowTexture.texture;
    previous?.destroy();
  }

  protected override release(): void {
    this.glowTexture?.destroy();
    this.glowTexture = null;
  }
}
