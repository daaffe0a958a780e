import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../domain/social/social-post';
import type { Logger } from '../logger';
import { checkPublishable, type SocialPost, type SocialPublication } from './social-publication';
import type { SocialPublisher } from './social-publisher';

/**
 * An outbox file: `{ISO time without colons}-{network}-{reference}.json`, e.g.
 * `2026-11-25T164720.019Z-twitter-0b6c….json`, so names sort by time; the copies of its images sit
 * in the folder of the same name.
 */
const OUTBOX_FILE = new RegExp(
  `^\\d{4}-\\d{2}-\\d{2}T\\d{6}\\.\\d{3}Z-(${SOCIAL_NETWORKS.map((n) => n.toLowerCase()).join('|')})-[0-9a-f-]{36}\\.json$`,
);

const outboxEntry = z.object({
  id: z.string(),
  network: z.enum(SOCIAL_NETWORKS),
  message: z.string(),
  images: z.array(z.object({ filename: z.string(), publicUrl: z.string(), file: z.string() })),
  writtenAt: z.string(),
});

/** A post the local outbox holds. `file` is the JSON file's name; image `file`s are relative to the outbox. */
export type SocialOutboxEntry = z.infer<typeof outboxEntry> & { file: string };

/** A name safe on any disk: letters, digits, `.`, `_` and `-`, no leading dot, at most 100 characters. */
function safeFilename(filename: string): string {
  const safe = filename
    .replace(/[^\w.-]/g, '_')
    .replace(/^\.+/, '')
    .slice(-100);
  return safe === '' ? 'image.jpg' : safe;
}

/** Writes beside, then renames: a reader never sees half a file. */
async function writeAtomically(file: string, content: string | Buffer): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await fs.writeFile(partial, content);
  await fs.rename(partial, file);
}

/**
 * A network's stand-in when its API keys are not configured: each post is written as a JSON file
 * (`id`, `network`, `message`, `images`, `writtenAt`) to `$DATA_DIR/outbox/social/`, with a copy of
 * each image (`{n}-{filename}`, n in the chosen order from 1) in a folder of the same name, where an
 * admin or developer can look at what would have been posted. A post with a reference already in
 * the outbox for the network is not written again.
 */
export class LocalSocialOutbox implements SocialPublisher {
  readonly delivery = 'OUTBOX' as const;

  constructor(
    readonly network: SocialNetwork,
    private readonly options: { outboxDir: string; log: Logger; now?: () => Date },
  ) {}

  async publish(post: SocialPost): Promise<SocialPublication> {
    checkPublishable(this.network, post);
    const { outboxDir, log } = this.options;
    const postId = `local-${post.reference}`;
    await fs.mkdir(outboxDir, { recursive: true });
    const suffix = `-${this.network.toLowerCase()}-${post.reference.toLowerCase()}.json`;
    const existing = (await fs.readdir(outboxDir)).find(
      (name) => OUTBOX_FILE.test(name) && name.endsWith(suffix),
    );
    if (existing) {
      const outboxFile = path.join(outboxDir, existing);
      log.info(
        { network: this.network, reference: post.reference, outboxFile },
        'social post already in the outbox',
      );
      return { postId, url: null, delivery: 'OUTBOX', outboxFile };
    }

    const writtenAt = (this.options.now?.() ?? new Date()).toISOString();
    const base = `${writtenAt.replace(/:/g, '')}${suffix.slice(0, -'.json'.length)}`;
    await fs.mkdir(path.join(outboxDir, base), { recursive: true });
    const images = [];
    for (const [index, image] of post.images.entries()) {
      const file = `${base}/${index + 1}-${safeFilename(image.filename)}`;
      await writeAtomically(path.join(outboxDir, file), await image.read());
      images.push({ filename: image.filename, publicUrl: image.publicUrl, file });
    }
    const outboxFile = path.join(outboxDir, `${base}.json`);
    const entry = {
      id: post.reference,
      network: this.network,
      message: post.message.trim(),
      images,
      writtenAt,
    };
    await writeAtomically(outboxFile, JSON.stringify(entry, null, 2));
    log.info(
      { network: this.network, reference: post.reference, outboxFile, images: images.length },
      'social post written to the outbox',
    );
    return { postId, url: null, delivery: 'OUTBOX', outboxFile };
  }
}

/**
 * The local social outbox, newest first, a page at a time (`page` from 0, as the API's pages) for the admin page. A
 * file that is not a post (or not one any more) is left out of the page rather than failing it.
 */
export async function listSocialOutbox(
  outboxDir: string,
  page: { page: number; size: number },
): Promise<{ total: number; entries: SocialOutboxEntry[] }> {
  const size = Math.max(1, Math.floor(page.size));
  const offset = Math.max(0, Math.floor(page.page)) * size;
  const names = (await fs.readdir(outboxDir).catch(() => [] as string[]))
    .filter((name) => OUTBOX_FILE.test(name))
    .sort()
    .reverse();
  const entries = await Promise.all(
    names.slice(offset, offset + size).map(async (name): Promise<SocialOutboxEntry | null> => {
      try {
        const stored = outboxEntry.parse(JSON.parse(await fs.readFile(path.join(outboxDir, name), 'utf8')));
        return { ...stored, file: name };
      } catch {
        return null;
      }
    }),
  );
  return { total: names.length, entries: entries.filter((entry) => entry !== null) };
}
