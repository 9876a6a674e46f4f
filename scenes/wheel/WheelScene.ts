import { Text, type Ticker } from 'pixi.js';
import { WHEEL_COLOR_HEX, WHEEL_LAYOUT, type WheelColor } from '../../core/games/wheel.ts';
import { BakedLayer } from '../kit/bakedLayer.ts';
import type { CanvasTexture } from '../kit/bakedTexture.ts';
import type { SceneEnv } from '../kit/Scene.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { COLOURS, textStyle } from '../kit/style.ts';
import { colourOf, cueOf } from '../kit/tuning.ts';
import { wheelTuning } from './tuning.ts';
import { landingRotation, pegsPassed, restRotation, segmentUnderPointer } from './wheelGeometry.ts';
import { bakeFace, bakePointer, wheelLabel } from './wheelTextures.ts';

// Crazy Wheel: the 54 coloured segments of the published layout with their multipliers, pegs on
// the rim and a pointer at the top that flicks (and ticks) over every peg it passes. play() spins
// clockwise, eased out, to stop exactly on the segment the server decided, at a seeded spot in its
// middle half (wheelGeometry.ts), then dims every other colour so the winning one stands out; the
// viewer's own win throws confetti.
// Reduced motion (motion 0): the wheel stands on the result at once. Turns, easings, the flick,
// the pulse, confetti, chrome colours and cues come from wheelTuning (scenes/wheel/tuning.json).
// The wheel is drawn from textures baked with the 2D canvas (wheelTextures.ts) at its size and the
// renderer's resolution: the face (rim, segments, labels, pegs, hub) is one layer that turns, the
// pointer another; a spin redraws nothing, only the face layer's rotation changes. A new size or
// tuning bakes both again; a result bakes the face once more with the other colours dimmed.

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

/** The ms of the spin still to show (a page joining mid-spin shows only the rest). */
const spinLeft = (spin: WheelSpin) => Math.max(0, (spin.spinMs ?? 5000) - (spin.elapsedMs ?? 0));

/** The face as it was baked: plain, and dimmed for a result (null until one is shown). */
interface Faces {
  plain: CanvasTexture | null;
  lit: { segment: number; baked: CanvasTexture } | null;
  pointer: CanvasTexture | null;
}

export class WheelScene extends SceneBase<WheelSpin> {
  /** Every shape is a pre-smoothed baked texture or text: MSAA would only double the GPU work. */
  readonly antialias = false;
  /** Where the current play lands (prepare() picks it, the final frame stands on it). */
  private landing = 0;
  private readonly face = new BakedLayer();
  private readonly hubText = new Text({ text: '', style: textStyle(28) });
  private readonly pointer = new BakedLayer();
  private readonly faces: Faces = { plain: null, lit: null, pointer: null };
  private readonly layout: readonly WheelColor[];
  private readonly random: () => number;
  private radius = 200;
  private rotation = 0;
  private highlighted: number | null = null;
  /** The pointer's flick, relaxed every frame. */
  private flick = 0;
  /** What the textures were baked for: "radius@texels per unit". */
  private bakedFor = '';

  constructor(options: WheelSceneOptions = {}) {
    super();
    this.layout = options.layout ?? WHEEL_LAYOUT;
    this.random = seededRandom(options.seed ?? 1);
    this.rotation = restRotation(options.restOn ?? 0);
  }

  protected setup(_env: SceneEnv): void {
    this.hubText.anchor.set(0.5);
    this.root.addChild(this.face.view, this.hubText, this.pointer.view, this.particles.view);
    // Colours of the rim, hub, dim, outline and pointer are baked: a tuning change bakes again.
    this.followTuning(wheelTuning, () => this.draw());
  }

  resize(width: number, height: number): void {
    this.radius = Math.max(60, Math.min(width, height) / 2 - 24);
    const cx = width / 2;
    const cy = height / 2 + 8;
    for (const view of [this.face.view, this.hubText]) view.position.set(cx, cy);
    this.pointer.view.position.set(cx, cy - this.radius - 14);
    if (this.env && `${this.radius}@${this.env.app.renderer.resolution}` !== this.bakedFor) this.draw();
  }

  /** The wheel at rest on `segment` (a round not spun yet, or one whose result is shown). */
  rest(segment: number, highlight = false): void {
    this.control.finish();
    this.rotation = restRotation(segment);
    this.face.view.rotation = this.rotation;
    this.highlight(highlight ? segment : null);
  }

  /** The segment the pointer stands on now (the page mirrors it for readers and tests). */
  get pointerSegment(): number {
    return segmentUnderPointer(this.rotation);
  }

  /** The segment under the pointer and the multiplier on the hub now (browser tests read them through the host element's sceneShown()). */
  shown(): string {
    return `${this.pointerSegment} ${this.hubText.text}`;
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
      this.pointer.view.rotation = this.flick;
    }
  }

  private turnTo(rotation: number): void {
    const passed = pegsPassed(this.rotation, rotation);
    this.rotation = rotation;
    this.face.view.rotation = rotation;
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
    this.face.view.rotation = this.landing;
    this.flick = 0;
    this.pointer.view.rotation = 0;
    this.hubText.scale.set(1);
    this.highlight(spin.segment);
  }

  private confetti(): void {
    const x = this.face.view.x;
    const y = this.face.view.y - this.radius * 0.3;
    const { confettiPerColour, confettiSpeed } = wheelTuning.values;
    for (const colour of CONFETTI) this.particles.burst(x, y, colour, confettiPerColour, this.random, confettiSpeed);
  }

  private highlight(segment: number | null): void {
    this.highlighted = segment;
    this.showFace();
    const color = segment === null ? null : this.layout[segment]!;
    this.hubText.text = color === null ? '' : `×${wheelLabel(color)}`;
    this.hubText.style.fill = color === null ? COLOURS.text : WHEEL_COLOR_HEX[color];
  }

  /** Bakes the face and the pointer for the current size, resolution and tuning. */
  private draw(): void {
    if (!this.env || this.destroyed) return;
    const r = this.radius;
    const resolution = this.env.app.renderer.resolution;
    this.bakedFor = `${r}@${resolution}`;
    this.face.view.rotation = this.rotation;
    this.dropFaces();
    this.faces.plain = bakeFace(r, this.layout, null, this.faceLook(), resolution);
    const pointer = bakePointer(r, colourOf(wheelTuning.values.pointerColour), resolution);
    this.pointer.show(pointer.baked.texture, pointer.anchorY);
    this.faces.pointer?.destroy();
    this.faces.pointer = pointer.baked;
    this.hubText.style.fontSize = Math.max(14, Math.round(r * 0.14));
    this.showFace();
  }

  /** The plain face, or the face of the highlighted result (baked once per result and size). */
  private showFace(): void {
    const { plain } = this.faces;
    if (!this.env || this.destroyed || !plain) return;
    const segment = this.highlighted;
    if (segment === null) return this.face.show(plain.texture);
    if (this.faces.lit?.segment !== segment) {
      this.faces.lit?.baked.destroy();
      this.faces.lit = { segment, baked: bakeFace(this.radius, this.layout, segment, this.faceLook(), this.env.app.renderer.resolution) };
    }
    this.face.show(this.faces.lit.baked.texture);
  }

  private faceLook() {
    const { rimColour, rimEdgeColour, rimEdgeAlpha, hubColour, dimAlpha, outlineColour } = wheelTuning.values;
    return {
      rimColour: colourOf(rimColour),
      rimEdgeColour: colourOf(rimEdgeColour),
      rimEdgeAlpha,
      hubColour: colourOf(hubColour),
      dimAlpha,
      outlineColour: colourOf(outlineColour),
    };
  }

  /** Frees both faces (the layer shows one of them until the next show()). */
  private dropFaces(): void {
    this.faces.plain?.destroy();
    this.faces.lit?.baked.destroy();
    this.faces.plain = null;
    this.faces.lit = null;
  }

  protected override release(): void {
    this.dropFaces();
    this.faces.pointer?.destroy();
    this.faces.pointer = null;
  }
}
