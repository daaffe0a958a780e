import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../infra/config';
import { freePort } from './free-port';

export type S3StandIn = {
  /** Settings that point the app at the stand-in's bucket. */
  config: S3Config;
  /** The folder where the stand-in keeps its objects. */
  directory: string;
  close(): Promise<void>;
};

/** s3rver, a local S3 stand-in, on a free port with one empty bucket in a new temporary folder. */
export async function startS3StandIn(bucket = 'trackskins-test'): Promise<S3StandIn> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's fixed keys.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: '',
    },
    directory,
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
