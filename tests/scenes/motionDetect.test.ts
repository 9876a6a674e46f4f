import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectMotion, webglAvailable } from '../../scenes/kit/motion.ts';

// Detecting the motion runs in useScene's layout effect, inside React's takeover of a scene page:
// it must not make a WebGL context of its own (a 35–60 ms main-thread block before the scene's own).

afterEach(() => vi.restoreAllMocks());

describe('motion detection', () => {
  it('finds WebGL in this Chromium without making a context', () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    expect(webglAvailable()).toBe(true);
    expect(detectMotion()).toBe(1);
    expect(getContext).not.toHaveBeenCalled();
  });

  it('takes the reduced path in a browser without WebGL', () => {
    vi.stubGlobal('WebGL2RenderingContext', undefined);
    vi.stubGlobal('WebGLRenderingContext', undefined);
    try {
      expect(webglAvailable()).toBe(false);
      expect(detectMotion()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
