import fs from 'node:fs/promises';
import path from 'node:path';

export type OutboxMail = { to: string; subject: string; text: string; html: string };

/** Waits for a mail to `to` whose subject contains `subject` in a local outbox folder. */
export async function waitForMail(
  outboxDir: string,
  to: string,
  subject: string,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Mails are the .json files; the social outbox is a folder beside them.
    const files = (await fs.readdir(outboxDir).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await fs.readFile(path.join(outboxDir, file), 'utf8')) as OutboxMail;
      if (mail.to === to && mail.subject.includes(subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
