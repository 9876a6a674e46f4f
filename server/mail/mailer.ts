import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Log } from '../log.ts';
import type { MailContent } from './templates.ts';

// Sends mail through SMTP when SMTP_URL is set. Otherwise each message becomes files in the
// outbox folder: the RFC 822 message (.eml, openable by any mail client) and a .json summary
// (to, subject, link, text) that tools and tests read; the link is also logged so a developer can
// follow it from the console.

export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Log;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(to, content) {
        await transport.sendMail({ from: options.from, to, subject: content.subject, text: content.text, html: content.html });
        options.log.info({ to, subject: content.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(to, content) {
      const info = await transport.sendMail({ from: options.from, to, subject: content.subject, text: content.text, html: content.html });
      if (!options.outboxDir) {
        options.log.info({ to, subject: content.subject, link: content.link }, 'mail not stored (no outbox directory)');
        return;
      }
      await mkdir(options.outboxDir, { recursive: true });
      const base = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`);
      await writeFile(`${base}.eml`, info.message as Buffer);
      await writeFile(`${base}.json`, JSON.stringify({ from: options.from, to, subject: content.subject, link: content.link, text: content.text }, null, 2));
      // The link carries the mail's token (a reset, a verification): the file has it, the log must not (docs/operations.md, "Logs").
      options.log.info({ to, subject: content.subject, file: `${base}.eml` }, 'mail written to outbox');
    },
  };
}
