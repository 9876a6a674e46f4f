import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiceScene } from '../../scenes/dice/DiceScene.ts';
import { gpuCatchUp } from '../../scenes/kit/gpuCatchUp.ts';
import { mountScene } from './sceneHarness.ts';

// The host draws a scene's first frame before its canvas is on the page and shows the canvas once
// the GPU has carried that frame out (scenes/kit/gpuCatchUp.ts): the page's commit then copies a
// finished frame instead of holding the main thread while the GPU uploads and compiles.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a scene\'s first frame', () => {
  it('is drawn and waited for on a fence before the canvas joins the page', async () => {
    const events: string[] = [];
    vi.spyOn(WebGL2RenderingContext.prototype, 'drawElements').mockImplementation(function (this: WebGL2RenderingContext, ...args: Parameters<WebGL2RenderingContext['drawElements']>) {
      if (events.at(-1) !== 'draw') events.push('draw');
      originalDraw.apply(this, args);
    });
    vi.spyOn(WebGL2RenderingContext.prototype, 'fenceSync').mockImplementation(function (this: WebGL2RenderingContext, condition: GLenum, flags: GLbitfield) {
      events.push('fence');
      return originalFence.call(this, condition, flags);
    });
    vi.spyOn(WebGL2RenderingContext.prototype, 'getSyncParameter').mockImplementation(function (this: WebGL2RenderingContext, sync: WebGLSync, pname: GLenum) {
      const value = originalStatus.call(this, sync, pname) as GLenum;
      events.push(value === this.SIGNALED ? 'signaled' : 'unsignaled');
      return value;
    });
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLCanvasElement) events.push('canvas on the page');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const mounted = await mountScene(new DiceScene({ target: 50, direction: 'under', seed: 1 }));
    await Promise.resolve();
    observer.disconnect();
    try {
      expect(mounted.app.framesDrawn).toBeGreaterThanOrEqual(1);
      const shown = events.indexOf('canvas on the page');
      // Drawn, fenced, the fence seen signalled, and only then shown.
      expect(events.slice(0, shown).filter((e) => e !== 'unsignaled')).toEqual(['draw', 'fence', 'signaled']);
      expect(mounted.element.querySelector('canvas')).not.toBeNull();
    } finally {
      mounted.dispose();
    }
  });

  it("starts on a page whose timers are held (a test's installed clock)", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'requestAnimationFrame', 'performance', 'Date'] });
    try {
      const mounted = await mountScene(new DiceScene({ target: 50, direction: 'under', seed: 2 }));
      expect(mounted.element.querySelector('canvas')).not.toBeNull();
      mounted.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up waiting after its time limit', async () => {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2')!;
    // A fence that never signals (a GPU that never answers) must not hold a scene back.
    vi.spyOn(gl, 'getSyncParameter').mockReturnValue(gl.UNSIGNALED);
    const started = performance.now();
    await gpuCatchUp(gl, 100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

const originalDraw = WebGL2RenderingContext.prototype.drawElements;
const originalFence = WebGL2RenderingContext.prototype.fenceSync;
const originalStatus = WebGL2RenderingContext.prototype.getSyncParameter;
