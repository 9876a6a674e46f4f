// Resolves in a later task of the event loop, so what follows it is not part of the current one.
// A scene's start (the WebGL context, the scene's baked textures, its first frame) is hundreds of
// milliseconds of main thread on a phone; run in one piece, inside React's commit, it is one long
// task that blocks input (Lighthouse counts it as blocking time). Cut at these points, each piece is
// shorter and input is handled between them. scheduler.yield (Chromium) keeps the continuation ahead
// of other queued work; elsewhere a zero timeout does the cut.

interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
