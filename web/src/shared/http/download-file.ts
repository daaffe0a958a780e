/** The file name a `Content-Disposition` header gives (RFC 6266: `filename*` wins), or the fallback. */
export function filenameFromContentDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return sanitize(decodeURIComponent(extended[1].trim())) || fallback;
    } catch {
      // A broken encoding: try the plain name.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted?.[1]) return sanitize(quoted[1].replace(/\\(.)/g, '$1')) || fallback;
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  if (bare?.[1]) return sanitize(bare[1]) || fallback;
  return fallback;
}

/** No folders in a downloaded file's name. */
function sanitize(name: string): string {
  return name.replace(/[\\/]/g, '_').trim();
}

/** The outcome of an authenticated download: saved, or refused with the server's `{ message }`. */
export type DownloadAnswer =
  { ok: true; filename: string } | { ok: false; status: number; message: string | null };

/**
 * GETs a file with the session token as a bearer (links cannot send the header) and saves it under
 * the name the server gives. Never throws: a network failure is status 0.
 */
export async function downloadWithToken(
  path: string,
  token: string | null,
  fallbackName: string,
): Promise<DownloadAnswer> {
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    console.warn(`GET ${path} failed`, error);
    return { ok: false, status: 0, message: null };
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message: string | null = null;
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
        message = (body as { message: string }).message;
      }
    } catch {
      // Not JSON: no reason to show.
    }
    return { ok: false, status: response.status, message };
  }
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, filename };
}
