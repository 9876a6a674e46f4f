import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, serverPort } from './fixtures.ts';

// The e2e server writes mails to an outbox whose path it leaves in a file named by its port
// (scripts/e2eServer.ts): this worker's server.
function outboxDir(): string {
  return readFileSync(path.join(tmpdir(), `shop-e2e-${serverPort()}-outbox.txt`), 'utf8').trim();
}

/** The newest mail to `to` with this subject (polls: mail is written after the answer). */
export async function mailTo(to: string, subject: string): Promise<{ link: string; text: string }> {
  let found: { link: string; text: string } | undefined;
  await expect
    .poll(() => {
      const dir = outboxDir();
      if (!existsSync(dir)) return false;
      const mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; link: string; text: string })
        .filter((m) => m.to === to && m.subject === subject);
      found = mails.at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}
