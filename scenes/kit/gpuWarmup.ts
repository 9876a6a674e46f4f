// The first WebGL context of a page has the GPU process set WebGL up, and getContext blocks the main
// thread until it is done: 160–260 ms on software WebGL, the largest piece of a scene's start once its
// shaders were made small (docs/scenes.md). A worker asks for a context first, so that set-up happens
// while the main thread waits asynchronously (SceneHost awaits `gpuReady()`, input and paint go on);
// the renderer's own context then comes in milliseconds. The worker holds its 1×1 context until the
// renderer has made its own (releaseGpuWarmup()), so the set-up is not undone in between.

const SOURCE = `
const gl = new OffscreenCanvas(1, 1).getContext('webgl');
postMessage(gl !== null);
`;

let worker: Worker | null = null;
let warmed: Promise<boolean> | null = null;

/** Starts the warm-up once per page; resolves with whether the worker got a context (false where none can). */
export function warmGpu(): Promise<boolean> {
  if (warmed) return warmed;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return (warmed = Promise.resolve(false));
  warmed = new Promise<boolean>((resolve) => {
    try {
      const url = URL.createObjectURL(new Blob([SOURCE], { type: 'text/javascript' }));
      worker = new Worker(url);
      URL.revokeObjectURL(url);
      worker.onmessage = (event: MessageEvent<boolean>) => resolve(event.data === true);
      worker.onerror = () => {
        releaseGpuWarmup();
        resolve(false);
      };
    } catch {
      // No worker (a CSP without blob: workers, say): the renderer's first context pays, as before.
      resolve(false);
    }
  });
  return warmed;
}

/** The warm-up's end, or at most `timeoutMs` (a worker that never answers must not hold a scene back). */
export function gpuReady(timeoutMs = 2000): Promise<void> {
  return Promise.race([warmGpu().then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}

/** Ends the warm-up worker once a renderer has a context of its own. */
export function releaseGpuWarmup(): void {
  worker?.terminate();
  worker = null;
}
