import { spawn } from 'node:child_process';

// pg_dump and pg_restore are PostgreSQL's client tools, not part of the shop: a machine without
// them must hear what to install, not see a bare ENOENT.

export class MissingClientToolError extends Error {}

const missing = (tool: string) =>
  new MissingClientToolError(
    `${tool} is not on PATH: install PostgreSQL's client tools of the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client-<major>) and run the command again`,
  );

/** Fails at once, before any work, when the tool is not installed. */
export function requireClientTool(tool: 'pg_dump' | 'pg_restore'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, ['--version'], { stdio: 'ignore' });
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? missing(tool) : error));
    child.once('exit', () => resolve());
  });
}

/**
 * Runs a PostgreSQL client tool against `url`. The password goes in PGPASSWORD, not the command
 * line, where any user of the machine could read it (ps).
 */
export function runClientTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [`--dbname=${target}`, ...args], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? missing(tool) : error);
    });
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
