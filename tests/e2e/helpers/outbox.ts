import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

// The e2e server writes mails to an outbox whose path it leaves in a file named by its port
// (scripts/e2eServer.ts).
const port = Number(process.env.E2E_PORT ?? 3100);

function outboxDir(): string {
  return readFileSync(path.join(tmpdir(), `shop-e2e-${port}-outbox.txt`), 'utf8').trim();
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
