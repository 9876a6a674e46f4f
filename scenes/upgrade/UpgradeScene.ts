import { Container, Text } from 'pixi.js';
import { BakedLayer } from '../kit/bakedLayer.ts';
import type { CanvasTexture } from '../kit/bakedTexture.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { COLOURS, textStyle } from '../kit/style.ts';
import { bakeArc, bakeDial, bakeNeedle, needlePivot, toRadians } from './upgradeTextures.ts';
import { colourOf, cueOf } from '../kit/tuning.ts';
import { upgradeTuning } from './tuning.ts';

// Upgrade: a circular gauge whose win arc starts at 12 o'clock and spans chance % of the circle,
// and a pointer that spins a few turns and stops at the server's roll (roll % of the circle):
// inside the arc on a win, outside on a loss. The dial, the arc with its glow and the needle are
// textures baked with the 2D canvas (upgradeTextures.ts) at the dial's size and the screen's pixel
// ratio: re-baked when the size or the chance changes, never per frame. Each is drawn as a
// one-particle layer (scenes/kit/bakedLayer.ts), the needle's turning with the pointer container.

export interface UpgradeResult {
  /** Win chance in percent (0–100), as the server computed it. */
  chance: number;
  /** The roll in percent (0–100); the player wins when roll < chance. */
  roll: number;
  win: boolean;
}

/**
 * The words the scene draws, in the page's language (scenes/ cannot import the client's catalogs, so
 * the page hands them over). English by default: the scene lab and the tests draw these.
 */
export interface UpgradeSceneLabels {
  /** The caption under the chance. */
  chance: string;
  /** The caption under the verdict, with the roll already formatted ("12.34" → "ROLL 12.34"). */
  roll(roll: string): string;
  win: string;
  lose: string;
}

const ENGLISH_LABELS: UpgradeSceneLabels = {
  chance: 'CHANCE',
  roll: (roll) => `ROLL ${roll}`,
  win: 'WIN',
  lose: 'LOSE',
};

export interface UpgradeSceneOptions {
  chance?: number;
  seed?: number;
  labels?: UpgradeSceneLabels;
}

/** Where the pointer stops, in percent of the circle. Trusts `win` if the roll disagrees with it. */
function pointerStop(result: UpgradeResult): number {
  const inside = result.roll < result.chance;
  if (inside === result.win) return result.roll;
  // A result whose roll contradicts its verdict should never arrive; show the verdict, not a lie.
  return result.win ? result.chance / 2 : result.chance + (100 - result.chance) / 2;
}

/** The gauge's baked textures; each is freed when it is baked again. */
interface Baked {
  dial: CanvasTexture | null;
  arc: CanvasTexture | null;
  needle: CanvasTexture | null;
}

export class UpgradeScene extends SceneBase<UpgradeResult> {
  /** Every shape is a pre-smoothed baked texture or text: MSAA would only double the GPU work. */
  readonly antialias = false;
  private readonly dial = new BakedLayer();
  private readonly arc = new BakedLayer();
  private readonly pointer = new Container();
  private readonly needle = new BakedLayer();
  private readonly baked: Baked = { dial: null, arc: null, needle: null };
  private readonly chanceText = new Text({ text: '', style: textStyle(34, COLOURS.text, '800') });
  private readonly caption = new Text({ text: '', style: textStyle(12, COLOURS.muted, '600') });
  private readonly random: () => number;
  private readonly words: UpgradeSceneLabels;
  private chance: number;
  private radius = 100;
  /** What the baked textures were drawn for: "radius@texels per unit" and the arc's chance. */
  private bakedFor = { size: '', chance: NaN };

  constructor(options: UpgradeSceneOptions = {}) {
    super();
    this.chance = options.chance ?? 50;
    this.random = seededRandom(options.seed ?? 1);
    this.words = options.labels ?? ENGLISH_LABELS;
    this.caption.text = this.words.chance;
  }

  protected setup(): void {
    this.chanceText.anchor.set(0.5);
    this.caption.anchor.set(0.5);
    this.pointer.addChild(this.needle.view);
    this.root.addChild(this.dial.view, this.arc.view, this.pointer, this.chanceText, this.caption, this.particles.view);
    // The arc's colour and glow are baked: a tuning change bakes the arc again.
    this.followTuning(upgradeTuning, () => {
      this.bakedFor.chance = NaN;
      this.drawGauge();
    });
  }

  /**
   * Live preview while the player chooses items (no play): the arc of the new chance, and the needle
   * back at rest. Left on the last roll, it stood inside the next chance's arc as if that upgrade had
   * already been won.
   */
  setChance(chance: number): void {
    this.pointer.rotation = 0;
    this.showArc(chance);
  }

  private showArc(chance: number): void {
    this.chance = Math.max(0, Math.min(100, chance));
    this.drawGauge();
    this.showChance();
  }

  resize(width: number, height: number): void {
    this.radius = Math.max(40, Math.min(width, height) * 0.38);
    this.root.position.set(width / 2, height / 2);
    // The verdict fits inside the dial's face however narrow the dial (on a phone it shares the
    // row with the target).
    this.chanceText.style.fontSize = Math.round(Math.max(18, Math.min(34, this.radius * 0.3)));
    this.drawGauge();
    this.showChance();
  }

  protected override prepare(result: UpgradeResult): void {
    // The spin starts where the needle stands (at rest after a preview; a replay of the same chance spins on from its last roll).
    this.showArc(result.chance);
  }

  protected async animate(result: UpgradeResult, run: PlayRun): Promise<void> {
    if (!this.env) return;
    const stop = pointerStop(result);
    const start = this.pointer.rotation % (Math.PI * 2);
    const tuning = upgradeTuning.values;
    const end = Math.PI * 2 * tuning.turns + (stop / 100) * Math.PI * 2;
    this.env.sound.play(cueOf(tuning.spinCue));
    // Anticipation: a short pull back, then the spin that slows to the roll.
    const pullBack = { rotation: start - tuning.pullBackAngle, duration: tuning.pullBackSeconds, ease: tuning.pullBackEase };
    if (await run.step(this.tweens.to(this.pointer, pullBack))) return;
    let lastTick = 0;
    const spin = this.tweens.to(this.pointer, {
      rotation: end,
      duration: tuning.spinSeconds,
      ease: tuning.spinEase,
      onUpdate: () => {
        // A tick every 10 % of the dial the pointer passes.
        const step = Math.floor(this.pointer.rotation / (Math.PI / 5));
        if (step !== lastTick) {
          lastTick = step;
          this.env?.sound.play(cueOf(tuning.tickCue), { minGapMs: tuning.tickGapMs });
        }
      },
    });
    if (await run.step(spin)) return;
    this.showFinal(result);
    this.env.sound.play(cueOf(result.win ? tuning.winCue : tuning.loseCue));
    if (result.win) {
      const angle = toRadians(stop);
      this.particles.burst(Math.cos(angle) * this.radius, Math.sin(angle) * this.radius, colourOf(tuning.arcColour), tuning.winSparks, this.random, tuning.sparkSpeed);
    }
    this.root.scale.set(result.win ? tuning.winPopScale : tuning.losePopScale);
    await run.step(this.tweens.to(this.root.scale, { x: 1, y: 1, duration: tuning.popSeconds, ease: tuning.popEase }));
  }

  /** The verdict and the roll on the dial now (browser tests read them through the host element's sceneShown()). */
  shown(): string {
    return `${this.chanceText.text} ${this.caption.text}`;
  }

  protected showFinal(result: UpgradeResult): void {
    if (this.destroyed) return;
    this.root.scale.set(1);
    this.pointer.rotation = (pointerStop(result) / 100) * Math.PI * 2;
    this.chanceText.text = result.win ? this.words.win : this.words.lose;
    this.chanceText.style.fill = result.win ? COLOURS.win : COLOURS.lose;
    this.caption.text = this.words.roll(result.roll.toFixed(2));
  }

  private showChance(): void {
    this.chanceText.text = `${this.chance.toFixed(2)}%`;
    this.chanceText.style.fill = COLOURS.text;
    this.chanceText.position.set(0, -6);
    this.caption.text = this.words.chance;
    this.caption.position.set(0, 24);
  }

  /** Bakes what changed since the last bake: all of it for a new size or pixel ratio, the arc for a new chance. */
  private drawGauge(): void {
    if (!this.env || this.destroyed) return;
    const r = this.radius;
    const resolution = this.env.app.renderer.resolution;
    const size = `${r}@${resolution}`;
    const resized = size !== this.bakedFor.size;
    if (resized) {
      this.show(this.dial, 'dial', bakeDial(r, resolution));
      const needle = bakeNeedle(r, resolution);
      // The pointer's rest direction is 12 o'clock; rotation 0 = 0 %.
      this.show(this.needle, 'needle', needle, needlePivot(r) / needle.texture.height);
    }
    if (resized || this.chance !== this.bakedFor.chance) this.show(this.arc, 'arc', bakeArc(r, this.chance, resolution, this.arcLook()));
    this.bakedFor = { size, chance: this.chance };
  }

  private arcLook() {
    const { arcColour, glowSpread, glowAlpha } = upgradeTuning.values;
    return { colour: colourOf(arcColour), glowSpread, glowAlpha };
  }

  /** Shows a newly baked texture on its layer and frees the one it replaces. */
  private show(layer: BakedLayer, name: keyof Baked, baked: CanvasTexture, anchorY?: number): void {
    layer.show(baked.texture, anchorY);
    this.baked[name]?.destroy();
    this.baked[name] = baked;
  }

  protected override release(): void {
    for (const baked of Object.values(this.baked)) baked?.destroy();
    this.baked.dial = this.baked.arc = this.baked.needle = null;
  }
}
