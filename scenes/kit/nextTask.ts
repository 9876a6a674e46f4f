// Resolves in a later task of the event loop, so what follows it is not part of the current one.
// A scene's start (the WebGL context, the scene's baked textures, its first frame) is hundreds of
// milliseconds of main thread on a phone; run in one piece, inside React's commit, it is one long
// task that blocks input (Lighthouse counts it as blocking time). Cut at these points, each piece is
// shorter and input is handled between them. scheduler.yield (Chromium) keeps the continuation ahead
// of other queued work; elsewhere a zero timeout does the cut.

/** The parts of the Prioritized Task Scheduling API used here (Chromium has both; others may have neither). */
interface TaskScheduler {
  yield(): Promise<void>;
  postTask(callback: () => void, options?: { delay?: number }): Promise<void>;
}

const taskScheduler = () => (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;

export function nextTask(): Promise<void> {
  const tasks = taskScheduler();
  if (typeof tasks?.yield === 'function') return tasks.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves in a task at least `ms` milliseconds later. scheduler.postTask keeps a timer of its own,
 * which a page whose timers are held (a test's installed clock holds setTimeout and
 * requestAnimationFrame) does not stop: a scene's start never waits on the page's timers.
 */
export function waitTask(ms: number): Promise<void> {
  const tasks = taskScheduler();
  if (typeof tasks?.postTask === 'function') return tasks.postTask(() => undefined, { delay: ms });
  return new Promise((resolve) => setTimeout(resolve, ms));
}
