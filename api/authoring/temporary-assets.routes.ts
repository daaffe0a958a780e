import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, SKIN_ZIP_MAX_BYTES } from '../../domain/catalog/item-editor.schemas';
import { DomainError } from '../../domain/errors';
import { bearerToken, cookieValue } from '../../infra/auth/session-tokens';
import { inspectSkinArchive, SKIN_ARCHIVE_LIMITS } from '../../infra/media/skin-archive';
import { storeUploadedImage } from '../../infra/media/uploaded-image';
import type { AppContext } from '../app-context';
import { filesOf, removeStoredFiles } from './stored-files';
import type { AssetType } from './temporary-assets.repository';
import { chargeDailyBudget, insertTemporaryAssetWithinQuota, uploadWouldExceed } from './upload-quota';

/** Uploads per user and minute: an editor sends up to 10 pictures and a zip at once, retries included. */
export const UPLOADS_PER_MINUTE = 60;
// Room for the multipart boundaries and part headers around the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The refusal codes of the API contract, and the two upload limits per user (upload-quota.ts); the
 * web app shows a message for each.
 */
export type UploadRefusalCode =
  | 'UNKNOWN_FILENAME'
  | 'INVALID_FILENAME'
  | 'IMAGE_TOO_LARGE'
  | 'ZIP_TOO_LARGE'
  | 'UPLOAD_QUOTA_FULL'
  | 'DAILY_UPLOAD_LIMIT';

const uploadQuery = z.object({ type: z.enum(['IMAGE', 'SKIN_SOURCE']) });

const sessionTokenOf = (request: FastifyRequest) =>
  bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, 'token');

/** The name as the author's computer called it: the last path segment, printable, at most 200 characters. */
function originalNameOf(filename: string | undefined): string | null {
  const name = (filename ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return name || null;
}

/**
 * POST /api/assets/temporary?type=IMAGE|SKIN_SOURCE: one file in the multipart field `file`, from
 * a signed-in user (Bearer token or the `token` cookie). Answers 200 `{ id, success: true,
 * message: null }` (plus `warning` when a zip wraps its files in an extra folder), or 200
 * `{ success: false, message: CODE, detail }` with a refusal code of the API contract.
 */
export async function temporaryAssetRoutes(fastify: FastifyInstance, app: AppContext) {
  // Scoped: only this route parses multipart bodies.
  await fastify.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: 10, parts: 12, headerPairs: 50, fileSize: SKIN_ZIP_MAX_BYTES },
    });

    scope.post(
      '/api/assets/temporary',
      {
        // A 25 MB zip over a slow line takes longer than an ordinary answer may: the body's own limit applies.
        handlerTimeout: app.config.http.requestTimeoutMs,
        config: {
          rateLimit: {
            max: UPLOADS_PER_MINUTE,
            timeWindow: '1 minute',
            // Per user (anonymous callers per address; they get 401 anyway), before the body is read.
            keyGenerator: async (request: FastifyRequest) => {
              const viewer = await app.tokens.verify(sessionTokenOf(request));
              return viewer ? `user:${viewer.id}` : `ip:${request.ip}`;
            },
          },
        },
      },
      async (request, reply) => {
        const viewer = await app.tokens.verify(sessionTokenOf(request));
        if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Log in to upload files.');
        const { type } = uploadQuery.parse(request.query);
        const refuse = (code: UploadRefusalCode, detail: string) => {
          request.log.info({ type, code, detail }, 'upload refused');
          return { id: null, success: false, message: code, detail };
        };
        const maxBytes = type === 'IMAGE' ? IMAGE_MAX_BYTES : SKIN_ZIP_MAX_BYTES;
        const tooLarge = () => {
          // The rest of an oversized body is not worth reading: the connection closes after the answer.
          reply.header('connection', 'close');
          return type === 'IMAGE'
            ? refuse('IMAGE_TOO_LARGE', `A picture may have at most ${IMAGE_MAX_BYTES} bytes.`)
            : refuse('ZIP_TOO_LARGE', `A skin file may have at most ${SKIN_ZIP_MAX_BYTES} bytes.`);
        };

        const limits = app.config.uploads;
        const declaredLength = Number(request.headers['content-length']);
        if (declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) return tooLarge();
        if (declaredLength > 0) {
          // The multipart framing around the file is a few hundred bytes: leave it out of the look.
          const wouldExceed = await uploadWouldExceed(
            app.pool,
            limits,
            viewer.id,
            Math.max(0, declaredLength - 1024),
            app.now(),
          );
          if (wouldExceed) {
            reply.header('connection', 'close');
            return refuse(wouldExceed.code, wouldExceed.detail);
          }
        }
        if (!request.isMultipart())
          return refuse('UNKNOWN_FILENAME', 'Send the file as the form field "file".');
        const part = await request.file({ limits: { fileSize: maxBytes } });
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          return refuse('UNKNOWN_FILENAME', 'Send the file as the form field "file".');
        }
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if (error instanceof scope.multipartErrors.RequestFileTooLargeError) return tooLarge();
          throw error;
        }
        // Read bytes count against the day's budget whatever becomes of the file.
        const overBudget = await chargeDailyBudget(app.pool, limits, viewer.id, bytes.length, app.now());
        if (overBudget) return refuse(overBudget.code, overBudget.detail);
        const originalName = originalNameOf(part.filename);
        if (!originalName) return refuse('UNKNOWN_FILENAME', 'The file has no name.');

        /** Records the stored file as the user's upload, or removes it again when refused. */
        const save = async (asset: {
          type: AssetType;
          filename: string;
          sizeBytes: number;
          width?: number;
          height?: number;
        }) => {
          const removeFiles = () =>
            removeStoredFiles(app.storage, app.log, filesOf(asset.type, asset.filename));
          const saved = await insertTemporaryAssetWithinQuota(app.pool, limits, {
            ...asset,
            ownerId: viewer.id,
            originalName,
            createdAt: app.now(),
          }).catch(async (error: unknown) => {
            // Without its row nothing would ever remove the stored file.
            await removeFiles();
            throw error;
          });
          if ('code' in saved) {
            await removeFiles();
            return { refused: refuse(saved.code, saved.detail) };
          }
          return saved;
        };

        if (type === 'IMAGE') {
          const stored = await storeUploadedImage(app.storage, bytes);
          if ('refused' in stored) {
            return stored.refused === 'too-many-pixels'
              ? refuse('IMAGE_TOO_LARGE', stored.detail)
              : refuse('INVALID_FILENAME', stored.detail);
          }
          const saved = await save({ type, ...stored });
          if ('refused' in saved) return saved.refused;
          return answer(reply, { id: saved.id, width: stored.width, height: stored.height });
        }

        if (!/\.zip$/i.test(originalName))
          return refuse('INVALID_FILENAME', 'The file name must end with .zip.');
        const report = await inspectSkinArchive(bytes, {
          ...SKIN_ARCHIVE_LIMITS,
          maxUnpackedBytes: limits.zipMaxInflatedBytes,
          maxCompressionRatio: limits.zipMaxCompressionRatio,
        });
        if (!report.ok) return refuse('INVALID_FILENAME', report.detail);
        const filename = `source-${randomUUID()}.zip`;
        await app.storage.put('private', filename, bytes);
        const saved = await save({ type, filename, sizeBytes: bytes.length });
        if ('refused' in saved) return saved.refused;
        return answer(reply, {
          id: saved.id,
          ...(report.wrappingFolder
            ? {
                warning:
                  `Everything in this zip sits in the folder "${report.wrappingFolder}". The game expects ` +
                  'the skin files at the top of the zip: zip the files themselves, not their folder, and upload it again.',
              }
            : {}),
        });
      },
    );
  });
}

function answer(reply: FastifyReply, fields: { id: number } & Record<string, unknown>) {
  reply.header('cache-control', 'no-store');
  return { ...fields, id: String(fields.id), success: true, message: null };
}
