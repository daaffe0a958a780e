import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export type MailMessage = { to: string; subject: string; text: string; html: string };

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
