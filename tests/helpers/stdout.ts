import { vi } from 'vitest';

/** Runs `work` with process.stdout captured (ops commands print their results); answers what it printed. */
export async function captureStdout(work: () => Promise<unknown>): Promise<string> {
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
