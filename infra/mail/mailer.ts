import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of the digests); kept in outbox files too. */
  headers?: Record<string, string>;
};

/** A message the local outbox holds: its file name (the id) and what was written. */
export type OutboxMessage = MailMessage & { id: string; from: string; sentAt: string };

/** Outbox files are named `{ISO time with - for : and .}-{uuid}.json`, so names sort by time. */
const OUTBOX_FILE = /^[\w-]{1,120}\.json$/;

/**
 * The local outbox, newest first, a page at a time (the admin's mails page). A file that is not a
 * message (or not one any more) is left out of the page rather than failing it.
 */
export async function readOutbox(
  outboxDir: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; messages: OutboxMessage[] }> {
  const names = (await fs.readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => OUTBOX_FILE.test(name))
    .sort()
    .reverse();
  const slice = names.slice(page.offset, page.offset + page.limit);
  const messages = await Promise.all(
    slice.map(async (name): Promise<OutboxMessage | null> => {
      try {
        const stored = JSON.parse(await fs.readFile(path.join(outboxDir, name), 'utf8')) as Record<
          string,
          unknown
        >;
        const text = (key: string) => (typeof stored[key] === 'string' ? (stored[key] as string) : '');
        return {
          id: name,
          from: text('from'),
          to: text('to'),
          subject: text('subject'),
          text: text('text'),
          html: text('html'),
          sentAt: text('sentAt'),
        };
      } catch {
        return null;
      }
    }),
  );
  return { total: names.length, messages: messages.filter((m): m is OutboxMessage => m !== null) };
}

/**
 * Sends mail over SMTP when SMTP_URL is configured; otherwise writes each message as a JSON file
 * (`to`, `subject`, `text`, `html`) to `$DATA_DIR/outbox/`, where a developer can read it.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly options: { smtpUrl: string | undefined; from: string; outboxDir: string; log: Logger },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get outboxDir(): string {
    return this.options.outboxDir;
  }

  /** True when mail goes out by SMTP; false when it is written to the local outbox. */
  get sendsBySmtp(): boolean {
    return this.transport !== null;
  }

  async send(message: MailMessage): Promise<void> {
    if (this.transport) {
      const info = await this.transport.sendMail({ from: this.options.from, ...message });
      this.options.log.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        'mail sent',
      );
      return;
    }
    await fs.mkdir(this.options.outboxDir, { recursive: true });
    const file = path.join(
      this.options.outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`,
    );
    await fs.writeFile(
      file,
      JSON.stringify({ from: this.options.from, ...message, sentAt: new Date().toISOString() }, null, 2),
    );
    this.options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
  }

  /** Sends without making the caller wait or fail: the answer must not reveal or depend on mail. */
  sendInBackground(message: MailMessage): void {
    this.send(message).catch((error) =>
      this.options.log.error(
        { err: error, to: message.to, subject: message.subject },
        'mail could not be sent',
      ),
    );
  }
}
