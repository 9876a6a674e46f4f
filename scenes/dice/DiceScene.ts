import { Container, Graphics, Sprite, Text } from 'pixi.js';
import { AntialiasedSprite, bakeGlow, type CanvasTexture } from '../kit/bakedTexture.ts';
import type { SceneEnv } from '../kit/Scene.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { COLOURS, textStyle } from '../kit/style.ts';
import { diceTuning } from './tuning.ts';

// Dice: a 0–100 slider track split into the win zone and the lose zone at the target, a target
// marker, and a roll marker that slides (with a little anticipation) to the server's roll, then
// lights up green for a win or red for a loss. The marker's glow is baked once on a canvas and
// tinted (a BlurFilter would be an extra render pass on every frame the verdict stays on screen).
// The track, the target's handle and the marker's body are vector shapes baked with MSAA into
// sprites when they change, so the frames are drawn without MSAA (antialias = false): the rolls
// draw a frame at a time only what moves.

export interface DiceResult {
  /** 0.00–100.00, decided by the server. */
  roll: number;
  target: number;
  direction: 'under' | 'over';
  win: boolean;
  multiplier?: number;
  /** Auto-bet: one short slide to the roll and the verdict, no lift, bounce, pulse or burst (QUICK_PLAY_S). */
  quick?: boolean;
  /** The player's Instant setting: the verdict at once, no slide (as under reduced motion). */
  instant?: boolean;
}

/** The whole of a quick play, in seconds: auto-bet runs several bets a second and each is still seen. */
export const QUICK_PLAY_S = 0.12;

/**
 * The words the scene draws, in the page's language (scenes/ cannot import the client's catalogs, so
 * the page hands them over). English by default: the scene lab and the tests draw these.
 */
export interface DiceSceneLabels {
  /** The verdict of a win with its multiplier, already formatted ("2.48" → "WIN ×2.48"). */
  winTimes(multiplier: string): string;
  /** The verdict of a win without a multiplier. */
  win: string;
  lose: string;
}

const ENGLISH_LABELS: DiceSceneLabels = {
  winTimes: (multiplier) => `WIN ×${multiplier}`,
  win: 'WIN',
  lose: 'LOSE',
};

export interface DiceSceneOptions {
  target?: number;
  direction?: 'under' | 'over';
  seed?: number;
  labels?: DiceSceneLabels;
}

const PAD = 36;

export class DiceScene extends SceneBase<DiceResult> {
  readonly antialias = false;
  private readonly track = new AntialiasedSprite();
  private readonly handle = new AntialiasedSprite();
  private readonly labels = new Container();
  private readonly targetMarker = new Container();
  private readonly targetText = new Text({ text: '', style: textStyle(13, COLOURS.text) });
  private readonly rollMarker = new Container();
  private readonly rollBody = new AntialiasedSprite();
  private readonly rollGlow = new Sprite();
  private glowTexture: CanvasTexture | null = null;
  private glowKey = '';
  private readonly rollText = new Text({ text: '50.00', style: textStyle(18, 0x0b0d1a, '800') });
  private readonly verdict = new Text({ text: '', style: textStyle(22) });
  private width = 600;
  private height = 220;
  private target: number;
  private direction: 'under' | 'over';
  private rollValue = 50;
  private markerState: 'idle' | 'win' | 'lose' = 'idle';
  private readonly random: () => number;
  private readonly words: DiceSceneLabels;

  constructor(options: DiceSceneOptions = {}) {
    super();
    this.target = options.target ?? 50;
    this.direction = options.direction ?? 'under';
    this.random = seededRandom(options.seed ?? 1);
    this.words = options.labels ?? ENGLISH_LABELS;
  }

  protected setup(env: SceneEnv): void {
    this.bakeMarkerGlow(env.app.renderer.resolution);
    this.handle.bake(env.app.renderer, new Graphics().roundRect(-5, -20, 10, 40, 5).fill({ color: 0xffffff }).stroke({ width: 2, color: COLOURS.panelEdge }));
    this.targetMarker.addChild(this.handle, this.targetText);
    this.rollGlow.anchor.set(0.5);
    this.rollGlow.visible = false;
    this.rollText.anchor.set(0.5);
    this.targetText.anchor.set(0.5, 0);
    this.verdict.anchor.set(0.5);
    this.rollMarker.addChild(this.rollGlow, this.rollBody, this.rollText);
    this.root.addChild(this.track, this.labels, this.targetMarker, this.rollMarker, this.verdict, this.particles.view);
  }

  /** Live preview while the player moves the target (no play). */
  setTarget(target: number, direction: 'under' | 'over'): void {
    this.target = target;
    this.direction = direction;
    this.drawTrack();
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.drawTrack();
    this.placeRollMarker(this.rollValue);
    this.drawRollMarker(this.markerState);
    this.verdict.position.set(width / 2, this.trackY() - 92);
  }

  protected override prepare(result: DiceResult): void {
    this.setTarget(result.target, result.direction);
  }

  protected override animates(result: DiceResult): boolean {
    return !result.instant;
  }

  protected async animate(result: DiceResult, run: PlayRun): Promise<void> {
    if (!this.env) return;
    this.verdict.text = '';
    this.drawRollMarker('idle');
    const counter = { value: this.rollValue };
    // Read at each play, so a change in the scene lab shows on the next roll.
    const tuning = diceTuning.values;
    if (result.quick) {
      // The clock, not the frames, ends a quick play: on a device drawing few frames the slide
      // jumps to its end instead of holding the next bet back.
      const slide = this.tweens.to(counter, { value: result.roll, duration: QUICK_PLAY_S, ease: 'power2.out', onUpdate: () => this.placeRollMarker((this.rollValue = counter.value)) });
      const clock = new Promise<void>((resolve) => setTimeout(resolve, QUICK_PLAY_S * 1000));
      if (await run.step(Promise.race([slide, clock]))) return;
      this.tweens.finishAll();
      this.showFinal(result);
      return;
    }
    this.bakeMarkerGlow(this.env.app.renderer.resolution);
    this.env.sound.play('whoosh', { volume: 0.5 });
    // Anticipation: the marker lifts, then slides to the roll, counting the number as it goes.
    if (await run.step(this.tweens.to(this.rollMarker, { y: this.trackY() - 46, duration: tuning.liftSeconds, ease: 'power2.out' }))) return;
    const slide = this.tweens.to(counter, {
      value: result.roll,
      duration: tuning.slideSeconds,
      ease: 'power3.out',
      onUpdate: () => {
        this.rollValue = counter.value;
        this.placeRollMarker(counter.value, -46);
        this.rollText.text = counter.value.toFixed(2);
      },
    });
    if (await run.step(slide)) return;
    if (await run.step(this.tweens.to(this.rollMarker, { y: this.trackY() - 34, duration: tuning.dropSeconds, ease: 'bounce.out' }))) return;
    this.showFinal(result);
    this.env.sound.play(result.win ? 'win' : 'lose');
    if (result.win) this.particles.burst(this.rollMarker.x, this.rollMarker.y, COLOURS.win, tuning.winSparks, this.random, 5);
    this.rollMarker.scale.set(1.25);
    const pulse = result.win
      ? this.tweens.to(this.rollMarker.scale, { x: 1, y: 1, duration: tuning.pulseSeconds, ease: 'back.out(3)' })
      : this.tweens.fromTo(this.rollMarker, { x: this.rollMarker.x - 6 }, { x: this.rollMarker.x, duration: tuning.pulseSeconds, ease: 'elastic.out(1.2, 0.2)' });
    await run.step(pulse);
  }

  /** The roll on the marker and the verdict on screen now (browser tests read them through the host element's sceneShown()). */
  shown(): string {
    return `${this.rollText.text} ${this.verdict.text}`.trim();
  }

  protected showFinal(result: DiceResult): void {
    if (this.destroyed) return;
    this.rollValue = result.roll;
    this.rollMarker.scale.set(1);
    this.placeRollMarker(result.roll);
    this.rollText.text = result.roll.toFixed(2);
    this.drawRollMarker(result.win ? 'win' : 'lose');
    const words = this.words;
    this.verdict.text = result.win ? (result.multiplier ? words.winTimes(result.multiplier.toFixed(2)) : words.win) : words.lose;
    this.verdict.style.fill = result.win ? COLOURS.win : COLOURS.lose;
  }

  private trackX(value: number): number {
    return PAD + (Math.max(0, Math.min(100, value)) / 100) * (this.width - PAD * 2);
  }

  private trackY(): number {
    return Math.round(this.height * 0.68);
  }

  private placeRollMarker(value: number, lift = -34): void {
    this.rollMarker.position.set(this.trackX(value), this.trackY() + lift);
  }

  private drawTrack(): void {
    const y = this.trackY();
    const x0 = this.trackX(0);
    const x1 = this.trackX(100);
    const xt = this.trackX(this.target);
    const winLeft = this.direction === 'under';
    const track = new Graphics();
    track.roundRect(x0 - 10, y - 16, x1 - x0 + 20, 32, 16).fill({ color: COLOURS.panel }).stroke({ width: 1, color: COLOURS.panelEdge });
    track.roundRect(x0, y - 6, xt - x0, 12, 6).fill({ color: winLeft ? COLOURS.win : COLOURS.lose });
    track.roundRect(xt, y - 6, x1 - xt, 12, 6).fill({ color: winLeft ? COLOURS.lose : COLOURS.win });
    // A soft sheen over the track.
    track.roundRect(x0, y - 6, x1 - x0, 5, 3).fill({ color: 0xffffff, alpha: 0.18 });
    if (this.env) this.track.bake(this.env.app.renderer, track);
    track.destroy();

    this.labels.removeChildren().forEach((c) => c.destroy());
    for (const v of [0, 25, 50, 75, 100]) {
      // The target's own label sits under its handle: a scale number there would overprint it.
      if (Math.abs(this.trackX(v) - xt) < 40) continue;
      const label = new Text({ text: String(v), style: textStyle(12, COLOURS.muted, '600') });
      label.anchor.set(0.5, 0);
      label.position.set(this.trackX(v), y + 22);
      this.labels.addChild(label);
    }

    this.targetText.text = `${this.direction === 'under' ? '<' : '>'} ${this.target.toFixed(2)}`;
    this.targetText.position.set(0, 24);
    this.targetMarker.position.set(xt, y);
  }

  private drawRollMarker(state: 'idle' | 'win' | 'lose'): void {
    this.markerState = state;
    const colour = state === 'win' ? COLOURS.win : state === 'lose' ? COLOURS.lose : 0xffffff;
    const body = new Graphics();
    body.roundRect(-38, -18, 76, 36, 10).fill({ color: colour }).stroke({ width: 2, color: 0xffffff, alpha: 0.6 });
    body.poly([-8, 17, 8, 17, 0, 28]).fill({ color: colour });
    body.roundRect(-34, -15, 68, 12, 6).fill({ color: 0xffffff, alpha: 0.25 });
    if (this.env) this.rollBody.bake(this.env.app.renderer, body);
    body.destroy();
    this.rollGlow.visible = state !== 'idle';
    this.rollGlow.tint = colour;
  }

  /** Bakes the marker's glow for the tuning's blur and strength; again only when they changed. */
  private bakeMarkerGlow(resolution: number): void {
    const { glowBlur, glowAlpha } = diceTuning.values;
    const key = `${glowBlur}:${glowAlpha}:${resolution}`;
    if (this.glowTexture && key === this.glowKey) return;
    this.glowTexture?.destroy();
    this.glowTexture = bakeGlow({ width: 88, height: 48, radius: 14, blur: glowBlur, alpha: glowAlpha }, resolution);
    this.glowKey = key;
    this.rollGlow.texture = this.glowTexture.texture;
  }

  protected override release(): void {
    this.glowTexture?.destroy();
    this.glowTexture = null;
  }
}
