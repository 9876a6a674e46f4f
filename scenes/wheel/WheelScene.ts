import { Container, Graphics, Text, type Ticker } from 'pixi.js';
import { WHEEL_COLOR_HEX, WHEEL_LAYOUT, WHEEL_MULTIPLIERS, WHEEL_SEGMENTS, type WheelColor } from '../../core/games/wheel.ts';
import type { SceneEnv } from '../kit/Scene.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { COLOURS, textStyle } from '../kit/style.ts';
import { colourOf, cueOf } from '../kit/tuning.ts';
import { wheelTuning } from './tuning.ts';
import { landingRotation, pegsPassed, restRotation, SEGMENT_ANGLE, segmentUnderPointer } from './wheelGeometry.ts';

// Crazy Wheel: the 54 coloured segments of the published layout with their multipliers, pegs on
// the rim and a pointer at the top that flicks (and ticks) over every peg it passes. play() spins
// clockwise, eased out, to stop exactly on the segment the server decided (wheelGeometry.ts), then
// dims every other colour so the winning one stands out; the viewer's own win throws confetti.
// Reduced motion (motion 0): the wheel stands on the result at once. Turns, easings, the flick,
// the pulse, confetti, chrome colours and cues come from wheelTuning (scenes/wheel/tuning.json).

export interface WheelSpin {
  /** The decided segment, 0 … 53. */
  segment: number;
  /** The spin's length (ms); the server's WHEEL_SPIN_MS. */
  spinMs?: number;
  /** How much of the spin has already passed (a viewer who arrives mid-spin). */
  elapsedMs?: number;
  /** The viewer won on this spin: confetti and the big chime. */
  win?: boolean;
}

export interface WheelSceneOptions {
  seed?: number;
  /** The segment at rest before the first spin. */
  restOn?: number;
  layout?: readonly WheelColor[];
}

const CONFETTI: readonly number[] = [COLOURS.win, COLOURS.accent, WHEEL_COLOR_HEX.purple, WHEEL_COLOR_HEX.blue, 0xffffff];

const label = (color: WheelColor) => `${WHEEL_MULTIPLIERS[color] / 100}`;

/** The ms of the spin still to show (a page joining mid-spin shows only the rest). */
const spinLeft = (spin: WheelSpin) => Math.max(0, (spin.spinMs ?? 5000) - (spin.elapsedMs ?? 0));

export class WheelScene extends SceneBase<WheelSpin> {
  readonly antialias = false;
  /** Where the current play lands (prepare() picks it, the final frame stands on it). */
  private landing = 0;
  private readonly wheel = new Container();
  private readonly wedges = new Graphics();
  private readonly labels = new Container();
  private readonly pegs = new Graphics();
  private readonly dim = new Graphics();
  private readonly rim = new Graphics();
  private readonly hub = new Graphics();
  private readonly hubText = new Text({ text: '', style: textStyle(28) });
  private readonly pointer = new Graphics();
  private readonly layout: readonly WheelColor[];
  private readonly random: () => number;
  private radius = 200;
  private rotation = 0;
  private highlighted: number | null = null;
  /** The pointer's flick, relaxed every frame. */
  private flick = 0;

  constructor(options: WheelSceneOptions = {}) {
    super();
    this.layout = options.layout ?? WHEEL_LAYOUT;
    this.random = seededRandom(options.seed ?? 1);
    this.rotation = restRotation(options.restOn ?? 0);
  }

  protected setup(_env: SceneEnv): void {
    this.hubText.anchor.set(0.5);
    this.wheel.addChild(this.wedges, this.labels, this.dim, this.pegs);
    this.root.addChild(this.rim, this.wheel, this.hub, this.hubText, this.pointer, this.particles.view);
    this.followTuning(wheelTuning, () => this.draw());
  }

  resize(width: number, height: number): void {
    this.radius = Math.max(60, Math.min(width, height) / 2 - 24);
    const cx = width / 2;
    const cy = height / 2 + 8;
    for (const view of [this.wheel, this.rim, this.hub, this.hubText]) view.position.set(cx, cy);
    this.pointer.position.set(cx, cy - this.radius - 14);
    this.draw();
  }

  /** The wheel at rest on `segment` (a round not spun yet, or one whose result is shown). */
  rest(segment: number, highlight = false): void {
    this.control.finish();
    this.rotation = restRotation(segment);
    this.wheel.rotation = this.rotation;
    this.highlight(highlight ? segment : null);
  }

  /** The segment the pointer stands on now (the page mirrors it for readers and tests). */
  get pointerSegment(): number {
    return segmentUnderPointer(this.rotation);
  }

  /** Back to the plain wheel for a new round, where it stopped. */
  clearResult(): void {
    this.highlight(null);
  }

  protected override prepare(spin: WheelSpin): void {
    const { turns, landingSpread } = wheelTuning.values;
    this.landing = landingRotation(this.rotation, spin.segment, turns, (this.random() - 0.5) * landingSpread);
    this.highlight(null);
  }

  /** A spin joined in its last moments just lands. */
  protected override animates(spin: WheelSpin): boolean {
    return spinLeft(spin) >= 150;
  }

  protected async animate(spin: WheelSpin, run: PlayRun): Promise<void> {
    if (!this.env) return;
    const target = this.landing;
    const left = spinLeft(spin);
    const tuning = wheelTuning.values;
    this.env.sound.play(cueOf(tuning.spinCue), { volume: tuning.spinVolume });
    const angle = { r: this.rotation };
    const spinning = this.tweens.to(angle, {
      r: target,
      duration: left / 1000,
      ease: tuning.spinEase,
      onUpdate: () => this.turnTo(angle.r),
    });
    if (await run.step(spinning)) return;
    this.showFinal(spin);
    this.env.sound.play(cueOf(spin.win ? tuning.winCue : tuning.landCue));
    if (spin.win) this.confetti();
    // The winning segment pulses once.
    const pulse = { x: 1, y: 1, duration: tuning.pulseSeconds, ease: tuning.pulseEase };
    await run.step(this.tweens.fromTo(this.hubText.scale, { x: tuning.pulseScale, y: tuning.pulseScale }, pulse));
  }

  protected override update(ticker: Ticker): void {
    super.update(ticker);
    if (this.flick !== 0) {
      this.flick *= Math.pow(wheelTuning.values.flickDecay, ticker.deltaTime);
      if (Math.abs(this.flick) < 0.005) this.flick = 0;
      this.pointer.rotation = this.flick;
    }
  }

  private turnTo(rotation: number): void {
    const passed = pegsPassed(this.rotation, rotation);
    this.rotation = rotation;
    this.wheel.rotation = rotation;
    if (passed > 0) {
      // The peg pushes the pointer against the spin; fast spins keep it pushed, slow ones let it click.
      const { pegFlick, tickCue, tickVolume, tickGapMs } = wheelTuning.values;
      this.flick = -pegFlick;
      this.env?.sound.play(cueOf(tickCue), { volume: tickVolume, minGapMs: tickGapMs });
    }
  }

  protected showFinal(spin: WheelSpin): void {
    if (this.destroyed) return;
    this.rotation = this.landing;
    this.wheel.rotation = this.landing;
    this.flick = 0;
    this.pointer.rotation = 0;
    this.hubText.scale.set(1);
    this.highlight(spin.segment);
  }

  private confetti(): void {
    const x = this.hub.x;
    const y = this.hub.y - this.radius * 0.3;
    const { confettiPerColour, confettiSpeed } = wheelTuning.values;
    for (const colour of CONFETTI) this.particles.burst(x, y, colour, confettiPerColour, this.random, confettiSpeed);
  }

  private highlight(segment: number | null): void {
    this.highlighted = segment;
    this.drawDim();
    const color = segment === null ? null : this.layout[segment]!;
    this.hubText.text = color === null ? '' : `×${label(color)}`;
    this.hubText.style.fill = color === null ? COLOURS.text : WHEEL_COLOR_HEX[color];
  }

  private draw(): void {
    const r = this.radius;
    this.wheel.rotation = this.rotation;
    this.wedges.clear();
    for (let i = 0; i < WHEEL_SEGMENTS; i++) {
      const from = -Math.PI / 2 + i * SEGMENT_ANGLE;
      this.wedges.moveTo(0, 0).arc(0, 0, r, from, from + SEGMENT_ANGLE).lineTo(0, 0).fill({ color: WHEEL_COLOR_HEX[this.layout[i]!] });
      this.wedges.moveTo(0, 0).arc(0, 0, r, from, from + SEGMENT_ANGLE).lineTo(0, 0).stroke({ color: 0x05060c, width: 1.5, alpha: 0.8 });
    }
    this.wedges.circle(0, 0, r * 0.42).fill({ color: 0x0b0d1a });
    for (const child of this.labels.removeChildren()) child.destroy();
    const size = Math.max(8, Math.round(r * 0.055));
    for (let i = 0; i < WHEEL_SEGMENTS; i++) {
      const color = this.layout[i]!;
      const text = new Text({ text: label(color), style: textStyle(size, color === 'gold' || color === 'grey' ? 0x0b0d1a : 0xffffff, '800') });
      text.anchor.set(0.5);
      const mid = -Math.PI / 2 + (i + 0.5) * SEGMENT_ANGLE;
      text.position.set(Math.cos(mid) * r * 0.8, Math.sin(mid) * r * 0.8);
      text.rotation = mid + Math.PI / 2;
      this.labels.addChild(text);
    }
    this.pegs.clear();
    for (let i = 0; i < WHEEL_SEGMENTS; i++) {
      const a = -Math.PI / 2 + i * SEGMENT_ANGLE;
      this.pegs.circle(Math.cos(a) * (r - 5), Math.sin(a) * (r - 5), Math.max(1.5, r * 0.011)).fill({ color: 0xf3f4ff });
    }
    const tuning = wheelTuning.values;
    const rimEdge = { color: colourOf(tuning.rimEdgeColour), width: 3, alpha: tuning.rimEdgeAlpha };
    this.rim.clear().circle(0, 0, r + 10).fill({ color: colourOf(tuning.rimColour) }).circle(0, 0, r + 10).stroke(rimEdge);
    this.hub.clear().circle(0, 0, r * 0.3).fill({ color: colourOf(tuning.hubColour) }).circle(0, 0, r * 0.3).stroke({ color: COLOURS.panelEdge, width: 3 });
    this.hubText.style.fontSize = Math.max(14, Math.round(r * 0.14));
    const w = Math.max(12, r * 0.075);
    this.pointer.clear().moveTo(-w, -w * 0.4).lineTo(w, -w * 0.4).lineTo(0, w * 1.7).closePath().fill({ color: colourOf(tuning.pointerColour) }).stroke({ color: 0x0b0d1a, width: 2 });
    this.drawDim();
  }

  private drawDim(): void {
    this.dim.clear();
    if (this.highlighted === null) return;
    const r = this.radius;
    const winning = this.layout[this.highlighted]!;
    const { dimAlpha, outlineColour } = wheelTuning.values;
    for (let i = 0; i < WHEEL_SEGMENTS; i++) {
      const from = -Math.PI / 2 + i * SEGMENT_ANGLE;
      if (this.layout[i] !== winning) this.dim.moveTo(0, 0).arc(0, 0, r, from, from + SEGMENT_ANGLE).lineTo(0, 0).fill({ color: 0x000000, alpha: dimAlpha });
    }
    // The stopped-on segment gets a bright outline.
    const from = -Math.PI / 2 + this.highlighted * SEGMENT_ANGLE;
    this.dim.moveTo(0, 0).arc(0, 0, r, from, from + SEGMENT_ANGLE).lineTo(0, 0).stroke({ color: colourOf(outlineColour), width: 3 });
  }
}
