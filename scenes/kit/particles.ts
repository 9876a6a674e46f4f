import { Particle, ParticleContainer, type Ticker } from 'pixi.js';
import { CanvasTexture, disc, softDisc } from './bakedTexture.ts';

// Celebration sparks for big wins: a burst of small glowing dots with gravity and fade. One
// ParticleBurst per scene, driven by the scene's ticker callback (no ticker of its own), cleared on
// destroy. Every spark is a particle of one white dot texture (baked on the first burst, tinted per
// burst): a burst of 90 is one draw call with no geometry to build.

interface Spark {
  particle: Particle;
  vx: number;
  vy: number;
  life: number;
  age: number;
}

/** Radius of the dot's core in the texture; a spark of size s is scaled by s / DOT_CORE. */
const DOT_CORE = 4;

export class ParticleBurst {
  readonly view = new ParticleContainer({ dynamicProperties: { position: true, color: true } });
  private sparks: Spark[] = [];
  private dot: CanvasTexture | null = null;

  burst(x: number, y: number, colour: number, count: number, random: () => number, speed = 6): void {
    // Mipmapped: a spark is drawn at many sizes, in scenes of any scale.
    this.dot ??= new CanvasTexture(
      DOT_CORE * 4,
      DOT_CORE * 4,
      (ctx) => {
        softDisc(ctx, DOT_CORE * 2, DOT_CORE * 2, DOT_CORE * 0.5, DOT_CORE * 2, 0xffffff, 0.35);
        disc(ctx, DOT_CORE * 2, DOT_CORE * 2, DOT_CORE, 0xffffff, 0.9);
      },
      { mipmaps: true },
    );
    const texture = this.dot.texture;
    for (let i = 0; i < count; i++) {
      const angle = random() * Math.PI * 2;
      const v = speed * (0.3 + random() * 0.7);
      const scale = (1.5 + random() * 2.5) / DOT_CORE;
      const particle = new Particle({ texture, anchorX: 0.5, anchorY: 0.5, tint: colour, x, y, scaleX: scale, scaleY: scale });
      this.view.addParticle(particle);
      this.sparks.push({ particle, vx: Math.cos(angle) * v, vy: Math.sin(angle) * v - speed * 0.4, life: 50 + random() * 40, age: 0 });
    }
  }

  get active(): number {
    return this.sparks.length;
  }

  update(ticker: Ticker): void {
    if (!this.sparks.length) return;
    const dt = ticker.deltaTime;
    const done: Particle[] = [];
    this.sparks = this.sparks.filter((s) => {
      s.age += dt;
      if (s.age >= s.life) {
        done.push(s.particle);
        return false;
      }
      s.vy += 0.18 * dt;
      s.vx *= 0.985;
      s.particle.x += s.vx * dt;
      s.particle.y += s.vy * dt;
      s.particle.alpha = 1 - s.age / s.life;
      return true;
    });
    if (done.length) this.view.removeParticle(...done);
  }

  clear(): void {
    this.view.removeParticles();
    this.sparks = [];
  }

  destroy(): void {
    this.clear();
    this.view.destroy();
    this.dot?.destroy();
    this.dot = null;
  }
}
