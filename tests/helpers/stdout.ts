import { vi } from 'vitest';

/** Runs an ops command's work with stdout captured: what it printed (the tests read the command's lines). */
export async function quietly(work: () => Promise<unknown>): Promise<string> {
  const out: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return out.join('');
}
