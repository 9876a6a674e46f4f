import { afterEach, describe, expect, it } from 'vitest';
import { Container, Sprite, Texture } from 'pixi.js';
import type { Scene, SceneEnv } from '../../scenes/kit/Scene.ts';
import { MAX_BATCH_TEXTURES } from '../../scenes/kit/sceneApp.ts';
import { mountScene, pixelAt } from './sceneHarness.ts';

// The scenes' renderer builds its batch and graphics shaders for at most MAX_BATCH_TEXTURES textures
// (scenes/kit/sceneApp.ts: linking the GPU's full 16–32 was the costliest step of a scene's start).
// The cap must hold on the renderer, and a frame that draws more textures than that must still draw
// each one right: the batcher then breaks the batch, with one more draw call.

const COUNT = MAX_BATCH_TEXTURES + 4;
const SIZE = 20;

/** The i-th of COUNT distinct colours. */
const colourOf = (i: number): [number, number, number] => [(i * 37) % 256, (i * 91 + 40) % 256, 255 - ((i * 53) % 256)];

/** One square sprite per colour, each with a texture of its own, side by side in one container. */
class SquaresScene implements Scene<never> {
  readonly bundles = [] as const;
  private readonly root = new Container();
  private readonly textures: Texture[] = [];

  mount(env: SceneEnv): void {
    for (let i = 0; i < COUNT; i++) {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = SIZE;
      const ctx = canvas.getContext('2d')!;
      const [r, g, b] = colourOf(i);
      ctx.fillStyle = `rgb(${r}, ${g}, ${b})`;
      ctx.fillRect(0, 0, SIZE, SIZE);
      const texture = Texture.from(canvas);
      this.textures.push(texture);
      const sprite = new Sprite(texture);
      sprite.position.set(i * SIZE, 0);
      this.root.addChild(sprite);
    }
    env.app.stage.addChild(this.root);
  }

  resize(): void {}

  play(): Promise<void> {
    return Promise.resolve();
  }

  finish(): void {}

  destroy(): void {
    this.root.destroy({ children: true });
    for (const texture of this.textures) texture.destroy(true);
  }
}

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

describe('batch texture slots', () => {
  it(`caps the renderer at ${MAX_BATCH_TEXTURES} and still draws ${COUNT} textures in one frame`, async () => {
    const mounted = await mountScene(new SquaresScene(), { width: COUNT * SIZE, height: SIZE, background: 0x000000 });
    dispose = mounted.dispose;
    const gl = mounted.app.renderer.gl;
    expect(MAX_BATCH_TEXTURES).toBeLessThan(gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS) as number);
    expect(mounted.app.renderer.limits.maxBatchableTextures).toBe(MAX_BATCH_TEXTURES);
    for (let i = 0; i < COUNT; i++) {
      const [r, g, b] = pixelAt(mounted.app, i * SIZE + SIZE / 2, SIZE / 2);
      expect([r, g, b], `square ${i}`).toEqual(colourOf(i));
    }
  });
});
