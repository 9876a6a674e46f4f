import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * How long a suite waits for a mail its step sent to land in the outbox (vi.waitFor's options): the
 * default second was spent by a loaded machine between the send and the file (shipping.test.ts).
 */
export const MAIL_WAIT = { timeout: 10_000, interval: 50 };

/** A fresh outbox directory for the file mail transport. */
export function tempOutbox(): string {
  return mkdtempSync(path.join(tmpdir(), 'outbox-'));
}

export interface OutboxMessage {
  to: string;
  subject: string;
  link: string;
  text: string;
  eml: string;
}

/** Every message in the outbox, oldest first. */
export function readOutbox(dir: string): OutboxMessage[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const summary = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Omit<OutboxMessage, 'eml'>;
      return { ...summary, eml: readFileSync(path.join(dir, f.replace(/\.json$/, '.eml')), 'utf8') };
    });
}

export function lastMailTo(dir: string, to: string): OutboxMessage | undefined {
  return readOutbox(dir).filter((m) => m.to === to).at(-1);
}
