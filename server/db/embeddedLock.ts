import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

// The embedded database (PGlite on disk) is one process's alone: a second process opening the same
// directory (an `npm run ops` command beside the running server) corrupts PGlite's memory and aborts
// with a wall of minified WebAssembly output. So whoever opens it holds `<dataDir>.lock` holding its
// PID, and everyone else is refused at once with one line saying why and what to do. A lock left
// by a process that died (SIGKILL, power loss) names a PID that no longer runs and is taken over.

export class EmbeddedDatabaseBusyError extends Error {}

/** Locks this process holds (a PID in a lock file equal to ours is stale unless listed here: containers reuse PIDs). */
const held = new Set<string>();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock on the embedded database in `dataDir`; answers its release. Throws EmbeddedDatabaseBusyError while another process holds it. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(lockPath);
      const alive = pid !== null && (pid === process.pid ? held.has(lockPath) : running(pid));
      if (alive) {
        throw new EmbeddedDatabaseBusyError(
          `The embedded database in ${dataDir} is in use by process ${pid} (the running server): stop that server first, or set DATABASE_URL to PostgreSQL to run commands beside it. (If no server runs, delete ${lockPath}.)`,
        );
      }
      // Stale: its process is gone (or died before writing its PID).
      try {
        unlinkSync(lockPath);
      } catch {
        // another process removed it first; the next attempt sees whoever locks next
      }
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    held.add(lockPath);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.delete(lockPath);
      process.off('exit', release);
      if (holder(lockPath) === process.pid) unlinkSync(lockPath);
    };
    // An exit without close (process.exit on a fatal error) still frees it.
    process.on('exit', release);
    return release;
  }
  throw new EmbeddedDatabaseBusyError(`Could not take the lock ${lockPath} on the embedded database in ${dataDir}: another process keeps replacing it.`);
}

/** For command-line entry points: runs `open`, and on a busy embedded database prints the one line and answers null (exit code 1). */
export async function openOrExplain<T>(open: () => Promise<T>): Promise<T | null> {
  try {
    return await open();
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
    return null;
  }
}
