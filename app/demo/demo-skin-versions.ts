import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import yauzl, { type Entry } from 'yauzl';
import yazl from 'yazl';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { insertTemporaryAsset } from '../../api/authoring/temporary-assets.repository';
import { publishSkinVersion } from '../../api/community/publish-skin-version.handler';
import { backdated } from '../../infra/event-store/backdating';

const DAY = 24 * 60 * 60 * 1000;

/** The demo's version histories: `author`'s skins get a version 2, the first of them a version 3. */
const changelogs = [
  [
    'Sharper door numbers and a cleaner sponsor strip on the roof.',
    'Fixed the mirror colors, which showed the old livery at night.\nThe rear wing is darker.',
  ],
  ['New matte finish on the hood; the stripes line up across the doors now.'],
];

/** The skin's zip with its README telling the version: new bytes, the same skin files. */
async function nextVersionOf(zip: Buffer, note: string): Promise<Buffer> {
  const source = await yauzl.fromBufferPromise(zip, { lazyEntries: true, decodeStrings: true });
  const entries: Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    source.on('entry', (entry: Entry) => {
      entries.push(entry);
      source.readEntry();
    });
    source.once('end', () => resolve());
    source.once('error', reject);
    source.readEntry();
  });
  const out = new yazl.ZipFile();
  const mtime = new Date('2025-01-01T12:00:00Z');
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await source.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    let content = Buffer.concat(chunks);
    if (/readme\.txt$/i.test(entry.fileName))
      content = Buffer.from(`${content.toString('utf8')}\n\n${note}\n`);
    out.addBuffer(content, entry.fileName, { mtime });
  }
  source.close();
  out.end();
  const chunks: Buffer[] = [];
  for await (const chunk of out.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Version histories for two of `author`'s published skins (one `player` owns first, so the
 * player's bell has a new version to tell), published through publishSkinVersion as the editor
 * does: a stored upload, then the command, back-dated between the skin's creation and now.
 */
export async function seedDemoSkinVersions(
  app: AppContext,
  accounts: { admin: number; author: number; player: number },
): Promise<void> {
  const skins = await app.pool.any(sql.type(
    z.object({ id: z.number(), url: z.string(), created_at: z.number(), filename: z.string() }),
  )`
    select s.id, s.url::text as url, s.created_at, r.filename
    from skins s join resources r on r.skin_id = s.id and r.type = 'SKIN_SOURCE'
    where s.author_id = ${accounts.author} and s.listed
    order by exists (select 1 from owned_skins o where o.skin_id = s.id and o.user_id = ${accounts.player}) desc,
             s.created_at, s.id
    limit ${changelogs.length}`);
  const viewer = { id: accounts.author, roles: ['regular'] };
  const now = app.now().getTime();
  for (const [index, skin] of skins.entries()) {
    const zip = await app.storage.open('private', skin.filename);
    if (!zip) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of zip.stream) chunks.push(chunk as Buffer);
    let bytes: Buffer = Buffer.concat(chunks);
    const notes = changelogs[index]!;
    for (const [step, changelog] of notes.entries()) {
      bytes = await nextVersionOf(bytes, `Version ${step + 2}: ${changelog}`);
      const filename = `source-${randomUUID()}.zip`;
      await app.storage.put('private', filename, bytes);
      const uploadId = await insertTemporaryAsset(app.pool, {
        ownerId: accounts.author,
        type: 'SKIN_SOURCE',
        filename,
        originalName: `${skin.url}-v${step + 2}.zip`,
        sizeBytes: bytes.length,
        createdAt: app.now(),
      });
      // Spread over the time since the skin came out, the last one a few days ago.
      const span = Math.max(now - 3 * DAY - skin.created_at, DAY);
      const at = skin.created_at + (span * (step + 1)) / notes.length;
      await publishSkinVersion(
        app,
        viewer,
        { skinId: skin.id, file: uploadId, changelog },
        {
          metadata: {
            actor: { userId: accounts.author },
            correlationId: `demo-skin-version-${skin.id}-${step + 2}`,
          },
          occurredAt: backdated(Math.min(at, now - DAY)),
        },
      );
    }
  }
}
