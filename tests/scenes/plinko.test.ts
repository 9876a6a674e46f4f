import { describe, expect, it, vi } from 'vitest';
import { ParticleContainer, type Container, type Text, type TextureSource } from 'pixi.js';
import type { Scene } from '../../scenes/kit/Scene.ts';
import type { SceneApp } from '../../scenes/kit/sceneApp.ts';
import { CrashScene } from '../../scenes/crash/CrashScene.ts';
import { DiceScene } from '../../scenes/dice/DiceScene.ts';
import { WheelScene } from '../../scenes/wheel/WheelScene.ts';
import { PlinkoScene, type PlinkoResult } from '../../scenes/plinko/PlinkoScene.ts';
import { boardGeometry, pegX, pegY } from '../../scenes/plinko/plinkoBoard.ts';
import { BUCKET, type PlinkoTextures } from '../../scenes/plinko/plinkoTextures.ts';
import { seededRandom } from '../../scenes/kit/random.ts';
import { liveTweens, mountScene, pixelAt } from './sceneHarness.ts';

// The plinko scene draws many balls at once on slow devices: nothing it shows may be created per
// ball, per hit or per pop (it would pile up and re-rasterise), the canvas runs without MSAA, and its
// textures follow the board's size. Where the balls land is the physics' test
// (tests/core/scenes/plinkoSteering.test.ts).

const MULTIPLIERS = [29, 4, 1.5, 0.3, 0.2, 0.3, 1.5, 4, 29];

function outcomes(count: number, seed: number): PlinkoResult[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const path = Array.from({ length: 8 }, (): number => (random() < 0.5 ? 0 : 1));
    const slot = path.reduce((a, b) => a + b, 0);
    return { path, slot, multiplier: MULTIPLIERS[slot]! };
  });
}

/** Display objects and particles under `root`. */
function census(root: Container): { objects: number; particles: number } {
  let objects = 1;
  let particles = root instanceof ParticleContainer ? root.particleChildren.length : 0;
  for (const child of root.children) {
    const below = census(child);
    objects += below.objects;
    particles += below.particles;
  }
  return { objects, particles };
}

const waitFor = async (check: () => boolean, ms: number) => {
  for (const end = performance.now() + ms; !check() && performance.now() < end; ) await new Promise((r) => setTimeout(r, 50));
};

describe('plinko scene', () => {
  it('asks its host for a canvas without MSAA (its shapes are pre-smoothed textures), as dice, crash and wheel do; a scene that does not ask gets MSAA', async () => {
    const antialias = (m: { app: SceneApp }) => (m.app.renderer as unknown as { gl: WebGL2RenderingContext }).gl.getContextAttributes()?.antialias;
    // Dice and crash bake their vector shapes with MSAA into sprites (scenes/kit/bakedTexture.ts).
    // The last case is dice with its `antialias` taken away: the host's default for a scene that does not ask.
    const asking = Object.defineProperty(new DiceScene(), 'antialias', { value: undefined });
    const cases: Array<[Scene<never>, string, boolean]> = [
      [new PlinkoScene({ rows: 8, multipliers: MULTIPLIERS }) as Scene<never>, 'plinko', false],
      [new DiceScene() as Scene<never>, 'dice', false],
      [new CrashScene() as Scene<never>, 'crash', false],
      [new WheelScene() as Scene<never>, 'wheel', false],
      [asking as Scene<never>, 'a scene that does not ask', true],
    ];
    for (const [scene, name, expected] of cases) {
      const m = await mountScene(scene);
      expect(antialias(m), name).toBe(expected);
      m.dispose();
    }
  });

  it('plays a dozen balls at once; when they have landed only the board is drawn', async () => {
    const scene = new PlinkoScene({ rows: 8, multipliers: MULTIPLIERS, seed: 3 });
    const m = await mountScene(scene, { width: 500, height: 400, background: 0x000000 });
    const resting = census(m.app.stage); // pegs, glows, bucket bodies and gloss as particles; labels
    const plays = outcomes(12, 5).map((b) => m.host.play(b));
    expect(scene.ballsInFlight).toBe(12);
    await waitFor(() => census(m.app.stage).particles > resting.particles + 12, 5000);
    expect(census(m.app.stage).particles, 'balls and lit peg flashes').toBeGreaterThan(resting.particles + 12);
    await Promise.all(plays);
    expect(scene.ballsInFlight).toBe(0);
    // Pops float up and fade, flashes and sparks fade: then the balls, flashes and sparks are gone.
    await waitFor(() => liveTweens() === 0 && census(m.app.stage).particles === resting.particles, 5000);
    expect(liveTweens()).toBe(0);
    expect(census(m.app.stage).particles).toBe(resting.particles);
    expect(census(m.app.stage).objects, 'at most one pooled pop per ball').toBeLessThanOrEqual(resting.objects + 12);
    m.dispose();
  }, 60_000);

  it('reuses its multiplier pops: a second identical round makes no new text', async () => {
    // Reduced motion lands every ball at once, so both rounds show the same pops at the same time.
    const scene = new PlinkoScene({ rows: 8, multipliers: MULTIPLIERS });
    const m = await mountScene(scene, { motion: 0 });
    const resting = census(m.app.stage).objects;
    const round = async () => {
      for (const ball of outcomes(12, 5)) await m.host.play(ball);
      await waitFor(() => liveTweens() === 0, 5000);
      return census(m.app.stage).objects;
    };
    const afterFirst = await round();
    expect(afterFirst - resting, 'pop texts made by the first round').toBeGreaterThan(0);
    expect(await round(), 'display objects after the second round').toBe(afterFirst);
    m.dispose();
  });

  it('bakes its textures again when the board is drawn larger, and still draws its pegs', async () => {
    const scene = new PlinkoScene({ rows: 8, multipliers: MULTIPLIERS });
    const m = await mountScene(scene, { width: 300, height: 240, background: 0x000000 });
    const g = boardGeometry(8);
    const topPeg = (width: number, height: number) => {
      const scale = Math.min(width / g.width, height / (g.height + 10));
      const x = (width - g.width * scale) / 2 + pegX(g, 0, 1) * scale;
      const y = (height - g.height * scale) / 2 + 5 * scale + pegY(0) * scale;
      return pixelAt(m.app, x, y);
    };
    expect(topPeg(300, 240)[0], 'peg at 300×240').toBeGreaterThan(180);
    const small = scene.textureResolution;
    expect(small).toBeLessThan(1); // 300 px for a 440-unit board
    m.element.style.width = '900px';
    m.element.style.height = '720px';
    await waitFor(() => m.app.screen.width === 900, 3000);
    expect(scene.textureResolution, 'texels per board unit at 900×720').toBeGreaterThanOrEqual(2);
    const [r, gr, b] = topPeg(900, 720);
    expect(Math.min(r, gr, b), `peg at 900×720: ${[r, gr, b]}`).toBeGreaterThan(180);
    // Between two pegs of the top row: black, so the peg above was drawn where it belongs.
    const scale = Math.min(900 / g.width, 720 / (g.height + 10));
    const between = pixelAt(m.app, (900 - g.width * scale) / 2 + ((pegX(g, 0, 0) + pegX(g, 0, 1)) / 2) * scale, (720 - g.height * scale) / 2 + 5 * scale + pegY(0) * scale);
    expect(between[0], `between pegs: ${between}`).toBeLessThan(40);
    m.dispose();
  });

  it('changes rows and risk between drawn frames without destroying a texture the renderer still has bound', async () => {
    // Pixi warns "[BindGroup] a 'textureSource' was destroyed while still bound to a shader" when a
    // source drawn in the last frame is destroyed: a new row count rescales the board, and the baked
    // textures used to be baked into new sources and the old ones destroyed. They are redrawn in place.
    const warnings: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
    const scene = new PlinkoScene({ rows: 8, multipliers: MULTIPLIERS });
    const m = await mountScene(scene, { width: 600, height: 400, background: 0x000000 });
    const textures = (scene as unknown as { textures: PlinkoTextures }).textures;
    const sources = new Map<string, TextureSource>(Object.entries(textures).map(([name, texture]) => [name, texture.source]));
    const tables: Array<[number, number[]]> = [
      [16, Array.from({ length: 17 }, (_, i) => Math.abs(i - 8) + 0.5)],
      [16, Array.from({ length: 17 }, (_, i) => Math.abs(i - 8) * 3 + 0.2)], // risk only
      [12, Array.from({ length: 13 }, (_, i) => Math.abs(i - 6) + 0.3)],
      [8, MULTIPLIERS],
      [8, [...MULTIPLIERS].reverse()], // risk only
      [14, Array.from({ length: 15 }, (_, i) => Math.abs(i - 7) + 0.4)],
    ];
    const resolutions = new Set<number>([scene.textureResolution]);
    for (const [rows, multipliers] of tables) {
      m.app.render();
      scene.setBoard(rows, multipliers);
      resolutions.add(scene.textureResolution);
      m.app.render();
    }
    spy.mockRestore();
    expect(resolutions.size, 'the rows changed the texture resolution (the case that warned)').toBeGreaterThan(1);
    expect(warnings.filter((w) => w.includes('BindGroup')), 'Pixi BindGroup warnings').toEqual([]);
    for (const [name, texture] of Object.entries(textures)) {
      expect(texture.source, `${name}: the same source, redrawn`).toBe(sources.get(name));
      expect(texture.source.destroyed, name).toBe(false);
    }
    // The board is still drawn: the top row's middle peg is white at the last board's scale.
    const g = boardGeometry(14);
    const scale = Math.min(600 / g.width, 400 / (g.height + 10));
    const peg = pixelAt(m.app, (600 - g.width * scale) / 2 + pegX(g, 0, 1) * scale, (400 - g.height * scale) / 2 + 5 * scale + pegY(0) * scale);
    expect(Math.min(peg[0], peg[1], peg[2]), `peg after the changes: ${peg}`).toBeGreaterThan(180);
    m.dispose();
  });

  it('with reduced motion lands at once: no ball is drawn', async () => {
    const scene = new PlinkoScene({ rows: 8, multipliers: MULTIPLIERS });
    const m = await mountScene(scene, { motion: 0 });
    const resting = census(m.app.stage).particles;
    await m.host.play(outcomes(1, 9)[0]!);
    expect(scene.ballsInFlight).toBe(0);
    expect(census(m.app.stage).particles).toBe(resting);
    m.dispose();
  });

  it('draws its bucket labels 10 px high or more on a phone’s 16-row board, each within its bucket, and again after a resize', async () => {
    const sixteen = [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110];
    const scene = new PlinkoScene({ rows: 16, multipliers: sixteen });
    const m = await mountScene(scene, { width: 320, height: 306 });
    const { board, labels } = scene as unknown as { board: Container; labels: Container };
    const check = (where: string) => {
      expect(labels.children).toHaveLength(17);
      for (const label of labels.children as Text[]) {
        const px = Number(label.style.fontSize) * label.scale.y * board.scale.y;
        expect(px, `${where}: label ${label.text} is ${px.toFixed(1)} px`).toBeGreaterThanOrEqual(10 - 1e-6);
        expect(label.width, `${where}: label ${label.text} within its bucket`).toBeLessThanOrEqual(BUCKET.width);
      }
    };
    check('320×306');
    m.element.style.width = '280px';
    await waitFor(() => m.app.screen.width === 280, 3000);
    check('280×306');
    m.dispose();
  });
});
