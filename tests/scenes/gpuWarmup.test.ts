import { describe, expect, it } from 'vitest';
import { gpuReady, releaseGpuWarmup, warmGpu } from '../../scenes/kit/gpuWarmup.ts';

// The GPU warm-up (scenes/kit/gpuWarmup.ts): a worker makes the page's first WebGL context, so the
// renderer's own does not block the main thread while the GPU process sets WebGL up. In real
// Chromium the worker gets its context, the warm-up runs once per page, and gpuReady() settles.

describe('GPU warm-up', () => {
  it('makes a WebGL context in a worker, once per page', async () => {
    const first = warmGpu();
    expect(warmGpu()).toBe(first);
    await expect(first).resolves.toBe(true);
    await expect(gpuReady(10_000)).resolves.toBeUndefined();
    releaseGpuWarmup();
    // Released, it is not started again: the page's GPU process has WebGL set up by now.
    expect(warmGpu()).toBe(first);
  });
});
