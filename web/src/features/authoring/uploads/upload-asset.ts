import { getSessionToken } from '../../../shared/session';

/** What an upload is for (spec 3: resource types). */
export type AssetType = 'IMAGE' | 'SKIN_SOURCE';

/** The path of the temporary asset upload (API contract). */
export const TEMPORARY_ASSET_PATH = '/api/assets/temporary';

export type UploadOutcome =
  | { ok: true; id: string; warning: string | null }
  /** `code` is the server's refusal (UNKNOWN_FILENAME, IMAGE_TOO_LARGE, ...) or null for any other failure. */
  | { ok: false; code: string | null };

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  abort: () => void;
}

function outcomeOf(status: number, body: string, type: AssetType): UploadOutcome {
  // A body too large for the server's limit never reaches the handler that names the reason.
  if (status === 413) return { ok: false, code: type === 'IMAGE' ? 'IMAGE_TOO_LARGE' : 'ZIP_TOO_LARGE' };
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    answer = null;
  }
  if (!answer || typeof answer !== 'object') return { ok: false, code: null };
  const { id, success, message, warning } = answer as Record<string, unknown>;
  if (status >= 200 && status < 300 && success === true && (typeof id === 'string' || typeof id === 'number'))
    return { ok: true, id: String(id), warning: typeof warning === 'string' && warning ? warning : null };
  return { ok: false, code: typeof message === 'string' ? message : null };
}

/**
 * Uploads one file as a temporary asset (POST /api/assets/temporary?type=..., multipart field
 * `file`, the session token as a bearer). XMLHttpRequest rather than fetch, for the upload
 * progress. Never rejects: a network failure or an abort is a failure without a code.
 */
export function uploadTemporaryAsset(
  file: File,
  type: AssetType,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const request = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    request.open('POST', `${TEMPORARY_ASSET_PATH}?type=${type}`);
    const token = getSessionToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    request.onload = () => resolve(outcomeOf(request.status, request.responseText, type));
    request.onerror = () => resolve({ ok: false, code: null });
    request.onabort = () => resolve({ ok: false, code: null });
    request.ontimeout = () => resolve({ ok: false, code: null });
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
  return { done, abort: () => request.abort() };
}
