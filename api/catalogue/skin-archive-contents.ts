import type { Readable } from 'node:stream';
import { listSkinArchive, type SkinArchiveEntry } from '../../infra/media/skin-archive';
import type { SkinFileCache } from './skin-file-cache';

const MAX_LISTED = 2000;

/**
 * What is inside each stored skin zip, read once per file and kept (a stored file never changes:
 * every upload gets a new name). At most 2000 files' listings are kept, the oldest dropped first.
 */
export class SkinArchiveContents {
  private readonly listings = new Map<string, Promise<SkinArchiveEntry[] | null>>();

  constructor(private readonly files: SkinFileCache) {}

  of(filename: string): Promise<SkinArchiveEntry[] | null> {
    let listing = this.listings.get(filename);
    if (!listing) {
      listing = this.read(filename);
      this.listings.set(filename, listing);
      if (this.listings.size > MAX_LISTED) this.listings.delete(this.listings.keys().next().value!);
      // A failed read is not kept: the next request tries again.
      void listing.then((entries) => {
        if (entries === null) this.listings.delete(filename);
      });
    }
    return listing;
  }

  private async read(filename: string): Promise<SkinArchiveEntry[] | null> {
    const file = await this.files.open(filename).catch(() => null);
    if (!file) return null;
    const bytes = 'body' in file ? file.body : await bytesOf(file.stream);
    return listSkinArchive(bytes);
  }
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
