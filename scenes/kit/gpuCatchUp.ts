// Waits, without blocking, until the GPU has carried out every command sent so far.
// A scene's first frame is the costliest the GPU draws: its textures are uploaded and, on software
// WebGL, every shader is compiled to machine code at its first draw. Drawn into a canvas on the page,
// that frame is waited for by the main thread: where the compositor reads the canvas back (software
// compositing, as in Lighthouse's headless Chromium), its commit blocks in ReadPixels until the GPU is
// done, 60–100 ms of main thread per scene page in Lighthouse's set-up (docs/performance.md, "The
// first frame off the main thread, and the footer's logos"). The host draws that frame while the
// canvas is not yet on the page, waits here, and then shows the canvas: the commit only copies a
// frame that is already drawn.
// A WebGL2 fence is polled between tasks (getSyncParameter answers from a status the browser updates
// between tasks; it never waits for the GPU). WebGL1 has no fence: the wait is skipped.

import { waitTask } from './nextTask.ts';

const POLL_MS = 8;

export async function gpuCatchUp(gl: WebGLRenderingContext | WebGL2RenderingContext, timeoutMs = 1000): Promise<void> {
  if (typeof WebGL2RenderingContext === 'undefined' || !(gl instanceof WebGL2RenderingContext)) return;
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!sync) return;
  // The fence only signals once the commands before it reach the GPU.
  gl.flush();
  // The limit counts polls, not the clock: a page whose clock is held (a test's) still gets its scene.
  try {
    for (let polls = Math.ceil(timeoutMs / POLL_MS); polls > 0 && gl.getSyncParameter(sync, gl.SYNC_STATUS) !== gl.SIGNALED && !gl.isContextLost(); polls--) {
      await waitTask(POLL_MS);
    }
  } finally {
    gl.deleteSync(sync);
  }
}
