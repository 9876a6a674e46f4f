import type { Log } from './log.ts';

/**
 * Runs `task` every `intervalMs`, never two runs at once (a slow run makes the next tick skip), a
 * failure logged as `label failed`; answers what stops it (buildApp calls it before the database
 * closes). The timer does not hold the process open.
 */
export function repeatEvery(task: () => Promise<unknown>, intervalMs: number, log: Log, label: string): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
