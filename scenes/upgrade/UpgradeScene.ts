import { BlurFilter, Container, Graphics, Text } from 'pixi.js';
import { SceneBase } from '../core/SceneBase.ts';
import { seededRandom } from '../core/random.ts';
import { COLOURS, textStyle } from '../core/style.ts';

// Upgrade: a circular gauge whose win arc starts at 12 o'clock and spans chance % of the circle,
// and a pointer that spins a few turns and stops at the server's roll (roll % of the circle):
// inside the arc on a win, outside on a loss.

export interface UpgradeResult {
  /** Win chance in percent (0–100), as the server computed it. */
  chance: number;
  /** The roll in percent (0–100); the player wins when roll < chance. */
  roll: number;
  win: boolean;
}

export interface UpgradeSceneOptions {
  chance?: number;
  seed?: number;
}

const TURNS = 4;

/** Where the pointer stops, in percent of the circle. Trusts `win` if the roll disagrees with it. */
export function pointerStop(result: UpgradeResult): number {
  const inside = result.roll < result.chance;
  if (inside === result.win) return result.roll;
  // A result whose roll contradicts its verdict should never arrive; show the verdict, not a lie.
  return result.win ? result.chance / 2 : result.chance + (100 - result.chance) / 2;
}

const toRadians = (percent: number) => -Math.PI / 2 + (percent / 100) * Math.PI * 2;

export class UpgradeScene extends SceneBase<UpgradeResult> {
  private readonly ring = new Graphics();
  private readonly arcGlow = new Graphics();
  private readonly arc = new Graphics();
  private readonly pointer = new Container();
  private readonly centre = new Graphics();
  private readonly chanceText = new Text({ text: '', style: textStyle(34, COLOURS.text, '800') });
  private readonly caption = new Text({ text: 'CHANCE', style: textStyle(12, COLOURS.muted, '600') });
  private readonly random: () => number;
  private chance: number;
  private radius = 100;

  constructor(options: UpgradeSceneOptions = {}) {
    super();
    this.chance = options.chance ?? 50;
    this.random = seededRandom(options.seed ?? 1);
  }

  protected setup(): void {
    this.arcGlow.filters = [new BlurFilter({ strength: 12 })];
    this.chanceText.anchor.set(0.5);
    this.caption.anchor.set(0.5);
    this.root.addChild(this.ring, this.arcGlow, this.arc, this.centre, this.pointer, this.chanceText, this.caption, this.particles.view);
  }

  /** Live preview while the player chooses items (no play). */
  setChance(chance: number): void {
    this.chance = Math.max(0, Math.min(100, chance));
    this.drawGauge();
    this.showChance();
  }

  resize(width: number, height: number): void {
    this.radius = Math.max(40, Math.min(width, height) * 0.38);
    this.root.position.set(width / 2, height / 2);
    this.drawGauge();
    this.drawPointer();
    this.showChance();
  }

  async play(result: UpgradeResult, signal: AbortSignal): Promise<void> {
    if (!this.env || this.destroyed) return;
    this.setChance(result.chance);
    const run = this.control.start(() => this.showFinal(result), signal);
    try {
      if (this.env.motion === 0 || run.cutShort) return this.showFinal(result);
      const stop = pointerStop(result);
      const start = this.pointer.rotation % (Math.PI * 2);
      const end = Math.PI * 2 * TURNS + (stop / 100) * Math.PI * 2;
      this.env.sound.play('whoosh');
      // Anticipation: a short pull back, then the spin that slows to the roll.
      if (await run.step(this.tweens.to(this.pointer, { rotation: start - 0.25, duration: 0.25, ease: 'power2.out' }))) return;
      let lastTick = 0;
      const spin = this.tweens.to(this.pointer, {
        rotation: end,
        duration: 3.2,
        ease: 'power4.out',
        onUpdate: () => {
          // A tick every 10 % of the dial the pointer passes.
          const step = Math.floor(this.pointer.rotation / (Math.PI / 5));
          if (step !== lastTick) {
            lastTick = step;
            this.env?.sound.play('tick', { minGapMs: 45 });
          }
        },
      });
      if (await run.step(spin)) return;
      this.showFinal(result);
      this.env.sound.play(result.win ? 'bigWin' : 'lose');
      if (result.win) {
        const angle = toRadians(stop);
        this.particles.burst(Math.cos(angle) * this.radius, Math.sin(angle) * this.radius, COLOURS.win, 60, this.random, 7);
      }
      this.root.scale.set(result.win ? 1.06 : 0.97);
      await run.step(this.tweens.to(this.root.scale, { x: 1, y: 1, duration: 0.45, ease: 'back.out(3)' }));
    } finally {
      run.end();
    }
  }

  private showFinal(result: UpgradeResult): void {
    if (this.destroyed) return;
    this.root.scale.set(1);
    this.pointer.rotation = (pointerStop(result) / 100) * Math.PI * 2;
    this.chanceText.text = result.win ? 'WIN' : 'LOSE';
    this.chanceText.style.fill = result.win ? COLOURS.win : COLOURS.lose;
    this.caption.text = `ROLL ${result.roll.toFixed(2)}`;
  }

  private showChance(): void {
    this.chanceText.text = `${this.chance.toFixed(2)}%`;
    this.chanceText.style.fill = COLOURS.text;
    this.chanceText.position.set(0, -6);
    this.caption.text = 'CHANCE';
    this.caption.position.set(0, 24);
  }

  private drawGauge(): void {
    const r = this.radius;
    const w = Math.max(10, r * 0.13);
    this.ring.clear();
    this.ring.circle(0, 0, r + w * 0.9).fill({ color: COLOURS.panel }).stroke({ width: 2, color: COLOURS.panelEdge });
    this.ring.circle(0, 0, r).stroke({ width: w, color: COLOURS.track });
    // Ticks every 10 %.
    for (let i = 0; i < 10; i++) {
      const a = toRadians(i * 10);
      this.ring.moveTo(Math.cos(a) * (r - w * 1.2), Math.sin(a) * (r - w * 1.2)).lineTo(Math.cos(a) * (r - w * 1.8), Math.sin(a) * (r - w * 1.8)).stroke({ width: 2, color: COLOURS.muted, alpha: 0.5 });
    }
    this.arc.clear();
    this.arcGlow.clear();
    if (this.chance > 0) {
      const from = toRadians(0);
      const to = toRadians(this.chance);
      this.arcGlow.arc(0, 0, r, from, to).stroke({ width: w * 1.4, color: COLOURS.win, alpha: 0.7 });
      this.arc.arc(0, 0, r, from, to).stroke({ width: w, color: COLOURS.win, cap: 'butt' });
      this.arc.arc(0, 0, r + w * 0.25, from, to).stroke({ width: w * 0.2, color: 0xffffff, alpha: 0.35, cap: 'butt' });
    }
    this.centre.clear();
    this.centre.circle(0, 0, r * 0.62).fill({ color: 0x0f1124 }).stroke({ width: 2, color: COLOURS.panelEdge });
  }

  private drawPointer(): void {
    const r = this.radius;
    this.pointer.removeChildren().forEach((c) => c.destroy());
    // The pointer's rest direction is 12 o'clock; rotation 0 = 0 %.
    const needle = new Graphics()
      .poly([-9, -r * 0.6, 9, -r * 0.6, 0, -r - r * 0.2])
      .fill({ color: 0xffffff })
      .stroke({ width: 2, color: COLOURS.accent })
      .circle(0, -r - r * 0.12, 4)
      .fill({ color: COLOURS.accent });
    this.pointer.addChild(needle);
  }
}
