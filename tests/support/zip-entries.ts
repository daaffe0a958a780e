import yauzl from 'yauzl';

/** Every file of a zip, by name, as bytes (for tests that read an archive the API sent). */
export async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      if (!entry) break;
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      files.set(entry.fileName, Buffer.concat(chunks));
    }
  } finally {
    zip.close();
  }
  return files;
}
