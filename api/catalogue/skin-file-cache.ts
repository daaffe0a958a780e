import type { Readable } from 'node:stream';
import type { FileStorage } from '../../infra/storage/file-storage';

const MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 96 * 1024 * 1024;

export type SkinFile = { size: number; body: Buffer } | { size: number; stream: Readable };

/**
 * Skin zips held in memory, most recently downloaded first, so a burst on a popular skin reads no
 * disk. Safe because a stored skin file never changes: every upload gets a new name (a new file
 * gets a new resource row). Files over 8 MB are streamed from storage each time; the cache stays
 * under 96 MB.
 */
export class SkinFileCache {
  private readonly files = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly storage: FileStorage) {}

  async open(filename: string): Promise<SkinFile | null> {
    const cached = this.files.get(filename);
    if (cached) {
      this.files.delete(filename);
      this.files.set(filename, cached);
      return { size: cached.length, body: cached };
    }
    const file = await this.storage.open('private', filename);
    if (!file || file.size > MAX_FILE_BYTES) return file;
    // The opened stream itself fills the cache: one request to an object store, not two.
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    this.keep(filename, body);
    return { size: body.length, body };
  }

  private keep(filename: string, body: Buffer): void {
    this.files.set(filename, body);
    this.bytes += body.length;
    for (const [oldest, content] of this.files) {
      if (this.bytes <= MAX_TOTAL_BYTES) break;
      this.files.delete(oldest);
      this.bytes -= content.length;
    }
  }
}
