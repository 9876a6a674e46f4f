import { Particle, ParticleContainer, Texture } from 'pixi.js';

/**
 * One baked texture drawn as a particle layer of one particle: a dial or a wheel covers most of the
 * canvas, and a particle layer's one-texture shader costs a software rasteriser far less per pixel
 * than the sprite batch shader's choice among 16 textures (docs/scenes.md). The layer's own
 * transform (position, rotation) is a uniform: turning it every frame uploads nothing.
 */
export class BakedLayer {
  readonly view = new ParticleContainer({ dynamicProperties: { position: false } });
  private readonly particle = new Particle({ texture: Texture.EMPTY, anchorX: 0.5, anchorY: 0.5 });

  constructor() {
    this.view.addParticle(this.particle);
  }

  show(texture: Texture, anchorY = 0.5): void {
    this.particle.texture = texture;
    this.particle.anchorY = anchorY;
    this.view.texture = texture;
    // Size, anchor and texture coordinates are uploaded once per bake. update() alone would not tell
    // the stage it changed (scenes/kit/stageChanges.ts) and a scene at rest would keep the old
    // picture; taking the particle out and in again does (Pixi's protected onViewUpdate).
    this.view.removeParticle(this.particle);
    this.view.addParticle(this.particle);
  }
}
