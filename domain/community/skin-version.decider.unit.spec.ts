import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  decideSkinVersion,
  evolveSkinVersion,
  initialSkinVersionState,
  publishSkinVersionRules,
  skinVersionRefusals,
  type PublishSkinVersion,
  type PublishSkinVersionCommand,
  type SkinVersionEvent,
} from './skin-version.decider';
import { skinVersionMessages } from './skin-version.schemas';

const given = (events: SkinVersionEvent[]) => events.reduce(evolveSkinVersion, initialSkinVersionState);

const original = { fileId: 'source-1.zip', fileName: 'neon.zip', sizeBytes: 1200, sha256: 'aa' };
const upload = { fileId: 'source-2.zip', fileName: 'neon-v2.zip', sizeBytes: 1400, sha256: 'bb' };

const publish = (overrides: Partial<PublishSkinVersion> = {}): PublishSkinVersion => ({
  skin: { id: 7, authorId: 3, name: 'Neon Drift', listed: true, createdAt: '2026-01-02T10:00:00.000Z' },
  viewer: { id: 3, admin: false },
  changelog: 'Sharper stripes on the doors',
  file: upload,
  currentFile: original,
  publishedAt: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('skin version decider', () => {
  it('the first new version is version 2 and records the file it replaced as version 1', () => {
    expect(decideSkinVersion(publish(), given([]))).toEqual([
      {
        type: 'SkinVersionPublished',
        data: {
          skinId: 7,
          authorId: 3,
          skinName: 'Neon Drift',
          version: 2,
          fileId: 'source-2.zip',
          fileName: 'neon-v2.zip',
          fileSizeBytes: 1400,
          contentSha256: 'bb',
          changelog: 'Sharper stripes on the doors',
          publishedAt: '2026-03-01T12:00:00.000Z',
          firstRelease: {
            fileId: 'source-1.zip',
            fileName: 'neon.zip',
            fileSizeBytes: 1200,
            contentSha256: 'aa',
            releasedAt: '2026-01-02T10:00:00.000Z',
          },
        },
      },
    ]);
  });

  it('numbers go up by one from the current version; later versions record no first release', () => {
    const v2 = decideSkinVersion(publish(), given([]));
    const third = { fileId: 'source-3.zip', fileName: 'neon-v3.zip', sizeBytes: 1500, sha256: 'cc' };
    const v3 = decideSkinVersion(publish({ file: third, currentFile: upload }), given(v2));
    expect(v3[0]!.data.version).toBe(3);
    expect(v3[0]!.data).not.toHaveProperty('firstRelease');
    expect(given([...v2, ...v3]).version).toBe(3);
  });

  it('an admin may publish a version of anyone’s skin; the event names the skin’s author', () => {
    const [event] = decideSkinVersion(publish({ viewer: { id: 99, admin: true } }), given([]));
    expect(event!.data.authorId).toBe(3);
  });

  it('refuses anyone but the author or an admin', () => {
    expect(refusal(() => decideSkinVersion(publish({ viewer: { id: 4, admin: false } }), given([])))).toEqual(
      {
        code: 'FORBIDDEN',
        field: undefined,
        message: skinVersionRefusals.notAuthor,
      },
    );
  });

  it('refuses a skin that is not listed (hidden by its author or taken down)', () => {
    const hidden = { ...publish().skin, listed: false };
    expect(refusal(() => decideSkinVersion(publish({ skin: hidden }), given([])))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: skinVersionRefusals.notListed,
    });
  });

  it.each([
    ['', skinVersionMessages.changelogLength],
    ['  ab  ', skinVersionMessages.changelogLength],
    ['\u200b\u200b\u200b\u200b', skinVersionMessages.changelogLength],
    ['x'.repeat(1001), skinVersionMessages.changelogTooLong],
  ])('refuses the changelog %j', (changelog, message) => {
    expect(refusal(() => decideSkinVersion(publish({ changelog }), given([])))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'changelog',
      message,
    });
  });

  it('keeps the changelog as plain text: trimmed, line breaks kept, control characters dropped', () => {
    const [event] = decideSkinVersion(publish({ changelog: '  Line one\r\nLine\u0007 two  ' }), given([]));
    expect(event!.data.changelog).toBe('Line one\nLine two');
    const [longest] = decideSkinVersion(publish({ changelog: 'é'.repeat(1000) }), given([]));
    expect(longest!.data.changelog).toHaveLength(1000);
  });

  it('refuses a file identical to the current one, by content hash', () => {
    const same = { ...upload, sha256: 'aa' };
    expect(refusal(() => decideSkinVersion(publish({ file: same }), given([])))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'file',
      message: skinVersionRefusals.sameFile,
    });
  });

  it('without a known hash, a different file goes through', () => {
    const unknown = { ...upload, sha256: null };
    expect(
      decideSkinVersion(publish({ file: unknown, currentFile: { ...original, sha256: null } }), given([])),
    ).toHaveLength(1);
  });
});

describe('publishing with its outside step (hashing the stored files)', () => {
  const command = (overrides: Partial<PublishSkinVersionCommand> = {}): PublishSkinVersionCommand => {
    const { file: _file, currentFile: _current, ...rest } = publish();
    return {
      ...rest,
      upload: {
        fileId: upload.fileId,
        fileName: upload.fileName,
        sizeBytes: upload.sizeBytes,
        kind: 'SKIN_SOURCE',
      },
      currentFile: { fileId: original.fileId, fileName: original.fileName, sizeBytes: original.sizeBytes },
      ...overrides,
    };
  };

  it('asks for the hashes of the upload and the current file', () => {
    expect(publishSkinVersionRules.plan(command(), [given([])])).toEqual({
      upload: 'source-2.zip',
      current: 'source-1.zip',
    });
  });

  it('refuses a stranger before it looks at the upload, then a missing upload, then one that is no zip', () => {
    expect(
      refusal(() =>
        publishSkinVersionRules.plan(command({ viewer: { id: 99, admin: false }, upload: null }), []),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(refusal(() => publishSkinVersionRules.plan(command({ upload: null }), []))).toMatchObject({
      message: skinVersionRefusals.uploadNotYours,
      field: 'file',
    });
    const image = { ...command().upload!, kind: 'IMAGE' };
    expect(refusal(() => publishSkinVersionRules.plan(command({ upload: image }), []))).toMatchObject({
      message: skinVersionRefusals.notAZip,
    });
  });

  it('publishes with the hashes, and refuses a file whose content is the current one', () => {
    const [[event]] = publishSkinVersionRules.decide(command(), [given([])], {
      upload: 'bb',
      current: 'aa',
    }) as [SkinVersionEvent[]];
    expect(event!.data).toMatchObject({ version: 2, fileId: 'source-2.zip', contentSha256: 'bb' });
    expect(
      refusal(() => publishSkinVersionRules.decide(command(), [given([])], { upload: 'aa', current: 'aa' })),
    ).toMatchObject({ message: skinVersionRefusals.sameFile });
  });
});
