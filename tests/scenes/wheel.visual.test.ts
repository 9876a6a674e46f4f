import { describe, expect, it } from 'vitest';
import { Graphics, ParticleContainer, type Container } from 'pixi.js';
import { WHEEL_COLOR_HEX, WHEEL_LAYOUT } from '../../core/games/wheel.ts';
import { WheelScene } from '../../scenes/wheel/WheelScene.ts';
import { SEGMENT_ANGLE } from '../../scenes/wheel/wheelGeometry.ts';
import { seededRandom } from '../../scenes/kit/random.ts';
import { liveGpuTextures, mountScene, pixelAt } from './sceneHarness.ts';

// The wheel at rest on a fixed segment, read back from the canvas: right under the pointer is the
// decided segment in its colour at full strength, segments of other colours are dimmed, and a spin
// (full motion) stops on the decided segment as the reduced-motion frame does. The wheel is drawn
// from baked textures (scenes/wheel/wheelTextures.ts): a spin bakes nothing, a result bakes its face
// once, and a new size frees what it replaces.

const W = 600;
const H = 600;
// resize(): radius = min(W, H) / 2 − 24, centre (W / 2, H / 2 + 8); the pointer's tip reaches into
// the rim, so the segment under it is read a little further in.
const R = Math.min(W, H) / 2 - 24;
const CX = W / 2;
const CY = H / 2 + 8;
const underPointer = (): [number, number] => [CX, CY - R * 0.9];

const rgb = (hex: number) => [(hex >> 16) & 0xff, (hex >> 8) & 0xff, hex & 0xff];
const near = (pixel: number[], hex: number, tolerance = 40) => rgb(hex).every((c, i) => Math.abs(c - pixel[i]!) <= tolerance);

describe('wheel at rest on a fixed segment', () => {
  for (const segment of [0, 7, 30]) {
    it(`segment ${segment} (${WHEEL_LAYOUT[segment]}) stands under the pointer, highlighted`, async () => {
      const scene = new WheelScene({ seed: 1 });
      const m = await mountScene(scene, { width: W, height: H, background: 0x000000 });
      scene.rest(segment, true);
      m.app.render();
      const [x, y] = underPointer();
      const pixel = pixelAt(m.app, x, y);
      expect(near(pixel, WHEEL_COLOR_HEX[WHEEL_LAYOUT[segment]!]), `under the pointer ${pixel}`).toBe(true);
      // Two segments on, a different colour: dimmed to well under its own colour.
      const other = (segment + 2) % 54;
      if (WHEEL_LAYOUT[other] !== WHEEL_LAYOUT[segment]) {
        const a = -Math.PI / 2 + 2.5 * ((Math.PI * 2) / 54);
        const dimmed = pixelAt(m.app, CX + Math.cos(a) * R * 0.9, CY + Math.sin(a) * R * 0.9);
        expect(near(dimmed, WHEEL_COLOR_HEX[WHEEL_LAYOUT[other]!]), `dimmed ${dimmed}`).toBe(false);
      }
      m.dispose();
    });
  }

  it('a spin stops on the decided segment', async () => {
    const scene = new WheelScene({ seed: 3 });
    const m = await mountScene(scene, { width: W, height: H, background: 0x000000 });
    await m.host.play({ segment: 13, spinMs: 500 });
    m.app.render();
    const pixel = pixelAt(m.app, ...underPointer());
    expect(near(pixel, WHEEL_COLOR_HEX[WHEEL_LAYOUT[13]!]), `after the spin ${pixel}`).toBe(true);
    m.dispose();
  });

  it('stops in the middle half of the won segment, round after round, the same in full and reduced motion', async () => {
    // Where in the won segment the pointer stands: 0 its leading edge, 1 its trailing one.
    const within = (scene: WheelScene, segment: number) => {
      const rotation = (scene as unknown as { rotation: number }).rotation;
      const turned = (((-rotation / SEGMENT_ANGLE) % 54) + 54) % 54;
      expect(Math.floor(turned), 'the server’s segment').toBe(segment);
      return turned - segment;
    };
    const segments = (seed: number, count: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: count }, () => Math.floor(random() * 54));
    };
    // Reduced motion: 120 rounds stand on their result at once (each bakes its lit face: a small wheel).
    const still = new WheelScene({ seed: 11 });
    const m = await mountScene(still, { width: 160, height: 160, motion: 0 });
    const spots: number[] = [];
    for (const segment of segments(5, 120)) {
      await m.host.play({ segment, spinMs: 5000 });
      spots.push(within(still, segment));
    }
    m.dispose();
    const outside = spots.filter((x) => x < 0.25 || x > 0.75);
    expect(outside, 'stops outside the middle half').toEqual([]);
    // Still random within it: both quarters of the band are used.
    expect(spots.some((x) => x < 0.4) && spots.some((x) => x > 0.6), 'spread over the band').toBe(true);
    // Full motion with the same seed stops at the same spots (the seeded pick happens before either path).
    const spinning = new WheelScene({ seed: 11 });
    const f = await mountScene(spinning, { width: 160, height: 160 });
    const firsts = segments(5, 3);
    for (const [i, segment] of firsts.entries()) {
      await f.host.play({ segment, spinMs: 300 });
      expect(within(spinning, segment), `round ${i}`).toBeCloseTo(spots[i]!, 9);
    }
    f.dispose();
  });

  it('is drawn from baked textures: a spin bakes nothing, a result bakes its face once, a resize frees the old', async () => {
    const scene = new WheelScene({ seed: 2 });
    const m = await mountScene(scene, { width: W, height: H, background: 0x000000 });
    const views = (root: Container): Container[] => [root, ...root.children.flatMap(views)];
    // The baked layers' textures, by id (a Texture is not for deep comparison).
    const faces = (): number[] => views(m.app.stage).flatMap((v) => (v instanceof ParticleContainer ? v.particleChildren.map((p) => p.texture.uid) : []));
    const gl = (m.app.renderer as unknown as { gl: WebGL2RenderingContext }).gl;
    expect(gl.getContextAttributes()?.antialias, 'no MSAA').toBe(false);
    expect(views(m.app.stage).some((v) => v instanceof Graphics), 'no Graphics').toBe(false);
    const render = () => {
      m.app.render();
      return liveGpuTextures(m.app);
    };
    const plain = faces();
    m.app.render();
    // A long spin (a loaded machine must not land it during the checks), then skipped to its end.
    const spin = m.host.play({ segment: 20, spinMs: 20_000 });
    // Watched until the pointer has passed a few segments (its start is slow, and a loaded machine
    // draws few frames): the textures stay the same all along.
    const turns = new Set([scene.pointerSegment]);
    for (const deadline = Date.now() + 10_000; turns.size < 3 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      expect(faces(), 'the same textures while it spins').toEqual(plain);
      turns.add(scene.pointerSegment);
    }
    expect(turns.size, 'it turned').toBeGreaterThan(2);
    scene.finish();
    await spin;
    const lit = faces();
    expect(lit.filter((t) => !plain.includes(t)), 'the result bakes the face only').toHaveLength(1);
    const withResult = render();
    scene.rest(20, true);
    expect(faces(), 'the same result bakes nothing').toEqual(lit);
    scene.clearResult();
    expect(faces(), 'the plain face comes back').toEqual(plain);
    scene.rest(20, true);
    for (const size of [500, 560, 600]) {
      scene.resize(size, size);
      expect(render(), `GPU textures at ${size} px`).toBeLessThanOrEqual(withResult);
    }
    scene.clearResult();
    expect(render(), 'back to the plain face').toBeLessThanOrEqual(withResult);
    m.dispose();
  });
});
