import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Limits of a skin's zip beyond its own size: a skin is a handful of textures and a few text files. */
export const SKIN_ARCHIVE_LIMITS = {
  maxEntries: 500,
  /** What the entries declare they unpack to, together: far above any real skin, far below a zip bomb. */
  maxUnpackedBytes: 512 * 1024 * 1024,
};

export type SkinArchiveProblem =
  'not-a-zip' | 'empty' | 'too-many-entries' | 'too-large-unpacked' | 'unsafe-path' | 'encrypted';

export type SkinArchiveReport =
  | {
      ok: true;
      files: number;
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
 * Reads a zip's central directory without extracting anything: the entry count, what the entries
 * declare they unpack to, their paths (no absolute or `..` paths, which would write outside the
 * player's skin folder) and whether everything sits in one extra folder (spec 2.10).
 */
export async function inspectSkinArchive(
  bytes: Buffer,
  limits = SKIN_ARCHIVE_LIMITS,
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

    let unpackedBytes = 0;
    const files: string[] = [];
    for (const entry of entries) {
      if (isUnsafePath(entry.fileName))
        return refused(
          'unsafe-path',
          `The zip contains a file path that leaves its folder: ${entry.fileName}`,
        );
      if (entry.generalPurposeBitFlag & 0x1)
        return refused('encrypted', 'The zip is protected by a password; the game cannot open it.');
      unpackedBytes += entry.uncompressedSize;
      if (unpackedBytes > limits.maxUnpackedBytes)
        return refused(
          'too-large-unpacked',
          `The zip unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB.`,
        );
      if (!entry.fileName.endsWith('/') && !ARCHIVER_LEFTOVERS.test(entry.fileName))
        files.push(entry.fileName);
    }
    if (files.length === 0) return refused('empty', 'The zip contains no files.');
    return { ok: true, files: files.length, unpackedBytes, wrappingFolder: wrappingFolderOf(files) };
  } finally {
    zip.close();
  }
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
