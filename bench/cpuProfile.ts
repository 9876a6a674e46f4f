import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

// A V8 CPU profile of this process's main thread (the app's HTTP thread in the benches), for
// BENCH_CPU_PROFILE=file.cpuprofile: open the file in Chromium's DevTools (Performance) or any
// .cpuprofile viewer. Started before a measured run and stopped after it; the profiler's own cost
// makes that run's rate a little lower, so the benches take it in their first round only.

/** Starts profiling when `file` is given; the returned function stops and writes the profile (a no-op otherwise). */
export async function startCpuProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    writeFileSync(file, JSON.stringify((await session.post('Profiler.stop')).profile));
    session.disconnect();
  };
}
