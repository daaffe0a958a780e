import { randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import yazl from 'yazl';
import type { TestApp } from './test-app';

/** A screenshot made by sharp: a coloured rectangle, PNG or JPEG. */
export async function testImage(
  options: { format?: 'png' | 'jpeg'; width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 36,
      channels: 3,
      background: options.color ?? '#22d3ee',
    },
  });
  return options.format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

/**
 * A PNG whose header claims `width` x `height` pixels around almost no data: small on the wire,
 * gigabytes once decoded.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A zip archive made by yazl from name/content pairs. */
export async function testZip(entries: [string, Buffer | string][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2025-01-01T12:00:00Z');
  for (const [name, content] of entries)
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A skin zip as an author would upload it: the files at the top. */
export const skinZip = () =>
  testZip([
    ['Diffuse.dds', randomBytes(256)],
    ['Icon.png', randomBytes(64)],
    ['README.txt', 'A skin for tests'],
  ]);

/** Replaces every occurrence of `from` with `to` (same length): zip paths yazl itself refuses to write. */
export function patchBytes(buffer: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('patchBytes keeps the length');
  const patched = Buffer.from(buffer);
  const needle = Buffer.from(from, 'latin1');
  for (let at = patched.indexOf(needle); at !== -1; at = patched.indexOf(needle, at + 1))
    Buffer.from(to, 'latin1').copy(patched, at);
  return patched;
}

/** Makes every central-directory entry claim to unpack to `bytes`: a zip bomb by its declared sizes. */
export function declareUnpackedSize(zip: Buffer, bytes: number): Buffer {
  const patched = Buffer.from(zip);
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = patched.indexOf(signature); at !== -1; at = patched.indexOf(signature, at + 1))
    patched.writeUInt32LE(bytes, at + 24);
  return patched;
}

/** A multipart body with one file part, as a browser's form sends it. */
export function multipartFile(filename: string | null, content: Buffer, field = 'file') {
  const boundary = `----trackskins${randomBytes(8).toString('hex')}`;
  const disposition = `form-data; name="${field}"${filename === null ? '' : `; filename="${filename}"`}`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type UploadAnswer = {
  id?: string | null;
  success: boolean;
  message: string | null;
  warning?: string;
  detail?: string;
};

/** POST /api/assets/temporary with one file, signed in with `token` (a Bearer header) when given. */
export async function upload(
  app: TestApp,
  type: 'IMAGE' | 'SKIN_SOURCE',
  filename: string | null,
  content: Buffer,
  token?: string,
  headers: Record<string, string> = {},
) {
  const body = multipartFile(filename, content);
  const response = await app.server.inject({
    method: 'POST',
    url: `/api/assets/temporary?type=${type}`,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as UploadAnswer, headers: response.headers };
}

/** Uploads a picture and a zip for an editor and returns their temporary asset ids. */
export async function uploadSkinFiles(app: TestApp, token: string, images = 1) {
  const imageIds: string[] = [];
  for (let n = 0; n < images; n++) {
    const answer = await upload(app, 'IMAGE', `shot-${n}.png`, await testImage(), token);
    if (!answer.body.success) throw new Error(`image upload refused: ${answer.body.message}`);
    imageIds.push(answer.body.id!);
  }
  const zip = await upload(app, 'SKIN_SOURCE', 'skin.zip', await skinZip(), token);
  if (!zip.body.success) throw new Error(`zip upload refused: ${zip.body.message}`);
  return { imageIds, zipId: zip.body.id! };
}
