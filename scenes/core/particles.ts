import { Container, Graphics, type Ticker } from 'pixi.js';

// Celebration sparks for big wins: a burst of small glowing dots with gravity and fade. One
// ParticleBurst per scene, driven by the scene's ticker callback (no ticker of its own), cleared on destroy.

interface Spark {
  g: Graphics;
  vx: number;
  vy: number;
  life: number;
  age: number;
}

export class ParticleBurst {
  readonly view = new Container();
  private sparks: Spark[] = [];

  burst(x: number, y: number, colour: number, count: number, random: () => number, speed = 6): void {
    for (let i = 0; i < count; i++) {
      const angle = random() * Math.PI * 2;
      const v = speed * (0.3 + random() * 0.7);
      const size = 1.5 + random() * 2.5;
      const g = new Graphics().circle(0, 0, size * 2).fill({ color: colour, alpha: 0.25 }).circle(0, 0, size).fill({ color: 0xffffff, alpha: 0.9 });
      g.tint = colour;
      g.position.set(x, y);
      this.view.addChild(g);
      this.sparks.push({ g, vx: Math.cos(angle) * v, vy: Math.sin(angle) * v - speed * 0.4, life: 50 + random() * 40, age: 0 });
    }
  }

  get active(): number {
    return this.sparks.length;
  }

  update(ticker: Ticker): void {
    if (!this.sparks.length) return;
    const dt = ticker.deltaTime;
    this.sparks = this.sparks.filter((s) => {
      s.age += dt;
      if (s.age >= s.life) {
        s.g.destroy();
        return false;
      }
      s.vy += 0.18 * dt;
      s.vx *= 0.985;
      s.g.x += s.vx * dt;
      s.g.y += s.vy * dt;
      s.g.alpha = 1 - s.age / s.life;
      return true;
    });
  }

  clear(): void {
    for (const s of this.sparks) s.g.destroy();
    this.sparks = [];
  }

  destroy(): void {
    this.clear();
    this.view.destroy({ children: true });
  }
}
