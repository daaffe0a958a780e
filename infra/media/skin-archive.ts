import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Limits of a skin's zip beyond its own size: a skin is a handful of textures and a few text files. */
export type SkinArchiveLimits = {
  maxEntries: number;
  /** What the files really inflate to, together: far above any real skin, far below a zip bomb. */
  maxUnpackedBytes: number;
  /** Inflated bytes per byte of the zip: textures shrink a few times, a zip bomb thousands of times. */
  maxCompressionRatio: number;
};

export const SKIN_ARCHIVE_LIMITS: SkinArchiveLimits = {
  maxEntries: 500,
  maxUnpackedBytes: 512 * 1024 * 1024,
  maxCompressionRatio: 100,
};

/** Below this many inflated bytes the ratio is not judged: a tiny zip of text compresses very well. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

export type SkinArchiveProblem =
  | 'not-a-zip'
  | 'empty'
  | 'too-many-entries'
  | 'too-large-unpacked'
  | 'too-compressed'
  | 'unsafe-path'
  | 'encrypted';

export type SkinArchiveReport =
  | {
      ok: true;
      files: number;
      /** The bytes the files really inflated to (not what the zip declares). */
      unpackedBytes: number;
      /** The one folder every file sits in, when the skin's files are not at the top of the zip. */
      wrappingFolder: string | null;
    }
  | { ok: false; problem: SkinArchiveProblem; detail: string };

const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
const RAR_SIGNATURE = Buffer.from('Rar!\x1a\x07', 'latin1');
const SEVEN_ZIP_SIGNATURE = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
// Files that archivers add beside the real content; they do not count as the zip's layout.
const ARCHIVER_LEFTOVERS = /^(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

const refused = (problem: SkinArchiveProblem, detail: string): SkinArchiveReport => ({
  ok: false,
  problem,
  detail,
});

function isUnsafePath(name: string): boolean {
  const normalised = name.replace(/\\/g, '/');
  return normalised.startsWith('/') || /^[a-zA-Z]:/.test(normalised) || normalised.split('/').includes('..');
}

/**
 * Checks a zip before it is kept: its entry count, its paths (no absolute or `..` paths, which would
 * write outside the player's skin folder), no encryption, and whether everything sits in one extra
 * folder, which the game cannot use. Then every file is inflated as a stream and its bytes counted
 * (nothing is written or kept): the total and the ratio to the zip's size are capped on what the
 * data really inflates to, so a zip that declares small sizes and inflates to gigabytes stops at
 * the cap. A size that differs from the declared one is refused as damaged.
 */
export async function inspectSkinArchive(
  bytes: Buffer,
  limits: SkinArchiveLimits = SKIN_ARCHIVE_LIMITS,
): Promise<SkinArchiveReport> {
  if (bytes.subarray(0, RAR_SIGNATURE.length).equals(RAR_SIGNATURE))
    return refused('not-a-zip', 'This is a RAR archive renamed to .zip; the game needs a real .zip file.');
  if (bytes.subarray(0, SEVEN_ZIP_SIGNATURE.length).equals(SEVEN_ZIP_SIGNATURE))
    return refused('not-a-zip', 'This is a 7-Zip archive renamed to .zip; the game needs a real .zip file.');
  // A zip starts with its first entry (or, empty, with its end record); anything before it, such
  // as a self-extracting program, is refused.
  if (!ZIP_SIGNATURES.some((signature) => bytes.subarray(0, 4).equals(signature)))
    return refused('not-a-zip', 'The file is not a zip archive.');

  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: true });
  } catch {
    return refused('not-a-zip', 'The zip archive is damaged and cannot be read.');
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      return refused(
        'too-many-entries',
        `The zip holds ${zip.entryCount} entries; a skin may have at most ${limits.maxEntries}.`,
      );
    let entries: Entry[];
    try {
      entries = await readEntries(zip);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      // yauzl checks each path as it decodes it.
      if (/absolute path|invalid relative path|invalid characters/.test(message))
        return refused('unsafe-path', 'The zip contains a file path that leaves its folder.');
      return refused('not-a-zip', 'The zip archive is damaged and cannot be read.');
    }

    let declaredBytes = 0;
    const files: Entry[] = [];
    for (const entry of entries) {
      if (isUnsafePath(entry.fileName))
        return refused(
          'unsafe-path',
          `The zip contains a file path that leaves its folder: ${entry.fileName}`,
        );
      if (entry.generalPurposeBitFlag & 0x1)
        return refused('encrypted', 'The zip is protected by a password; the game cannot open it.');
      // What the zip declares is only a first, cheap look: the inflation below counts real bytes.
      declaredBytes += entry.uncompressedSize;
      if (declaredBytes > limits.maxUnpackedBytes) return tooLargeUnpacked(limits);
      if (!entry.fileName.endsWith('/')) files.push(entry);
    }
    const skinFiles = files.map((entry) => entry.fileName).filter((name) => !ARCHIVER_LEFTOVERS.test(name));
    if (skinFiles.length === 0) return refused('empty', 'The zip contains no files.');

    const inflated = await inflateAll(zip, files, bytes.length, limits);
    if (typeof inflated !== 'number') return inflated;
    return {
      ok: true,
      files: skinFiles.length,
      unpackedBytes: inflated,
      wrappingFolder: wrappingFolderOf(skinFiles),
    };
  } finally {
    zip.close();
  }
}

const tooLargeUnpacked = (limits: SkinArchiveLimits) =>
  refused(
    'too-large-unpacked',
    `The zip unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB.`,
  );

class InflationStopped extends Error {
  constructor(readonly report: SkinArchiveReport) {
    super('inflation stopped');
  }
}

/** Inflates every file in turn, counting bytes; stops at the first cap crossed. */
async function inflateAll(
  zip: ZipFile,
  files: Entry[],
  archiveBytes: number,
  limits: SkinArchiveLimits,
): Promise<number | SkinArchiveReport> {
  let total = 0;
  for (const entry of files) {
    let stream: Readable;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      return /compression method/.test(message)
        ? refused('not-a-zip', `The zip stores ${entry.fileName} in a way the game cannot read.`)
        : refused('not-a-zip', 'The zip archive is damaged and cannot be read.');
    }
    try {
      for await (const chunk of stream) {
        total += (chunk as Buffer).length;
        if (total > limits.maxUnpackedBytes) throw new InflationStopped(tooLargeUnpacked(limits));
        if (total > RATIO_FLOOR_BYTES && total > archiveBytes * limits.maxCompressionRatio)
          throw new InflationStopped(
            refused(
              'too-compressed',
              `The zip inflates to more than ${limits.maxCompressionRatio} times its size; a skin's files do not compress that well.`,
            ),
          );
      }
    } catch (error) {
      stream.destroy();
      if (error instanceof InflationStopped) return error.report;
      // yauzl checks each file's real size against the size the zip records for it, and stops a
      // file that inflates beyond it at once.
      const message = error instanceof Error ? error.message : '';
      if (/too many bytes in the stream/.test(message))
        return refused(
          'too-large-unpacked',
          `The zip archive is damaged: ${entry.fileName} inflates to more than the size the zip declares.`,
        );
      return refused('not-a-zip', 'The zip archive is damaged and cannot be read.');
    }
  }
  return total;
}

/** The single top folder that holds every file, or null when files sit at the top. */
function wrappingFolderOf(files: string[]): string | null {
  const tops = new Set(files.map((file) => (file.includes('/') ? file.split('/')[0]! : null)));
  if (tops.size !== 1) return null;
  const [top] = tops;
  return top ?? null;
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

export type SkinArchiveEntry = { name: string; sizeBytes: number };

/**
 * The files of a stored skin zip as its central directory lists them (names and unpacked sizes,
 * folders and archivers' leftovers left out), for the skin page's "What is in the file". Nothing is
 * inflated: the zip passed `inspectSkinArchive` when it was uploaded. Null for an unreadable zip.
 */
export async function listSkinArchive(bytes: Buffer): Promise<SkinArchiveEntry[] | null> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: true });
  } catch {
    return null;
  }
  try {
    const entries = await readEntries(zip);
    return entries
      .filter((entry) => !entry.fileName.endsWith('/') && !ARCHIVER_LEFTOVERS.test(entry.fileName))
      .map((entry) => ({ name: entry.fileName, sizeBytes: entry.uncompressedSize }));
  } catch {
    return null;
  } finally {
    zip.close();
  }
}
