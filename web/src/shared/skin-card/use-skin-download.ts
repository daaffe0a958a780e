import { useEffect, useRef, useState } from 'react';

/** Spec 4 and 9: a download button stays disabled for 5 s after a click. */
export const DOWNLOAD_LOCK_MS = 5000;

/** GET /assets/skin/{url}: the skin's zip; the browser sends the session in the `token` cookie. */
export function skinDownloadPath(url: string): string {
  return `/assets/skin/${encodeURIComponent(url)}`;
}

/**
 * Starts a skin download by going to its asset path (the answer is an attachment, so the page stays)
 * and locks the button for a while so that an impatient second click does not download twice.
 */
export function useSkinDownload(lockMs = DOWNLOAD_LOCK_MS) {
  const [locked, setLocked] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const download = (url: string) => {
    if (locked) return;
    setLocked(true);
    window.location.assign(skinDownloadPath(url));
    timer.current = window.setTimeout(() => setLocked(false), lockMs);
  };

  return { download, locked };
}
