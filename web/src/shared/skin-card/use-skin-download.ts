import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { installMessages } from '../install/install.messages';

/** Spec 4 and 9: a download button stays disabled for 5 s after a click. */
export const DOWNLOAD_LOCK_MS = 5000;

/** GET /assets/skin/{url}: the skin's zip; the browser sends the session in the `token` cookie. */
export function skinDownloadPath(url: string): string {
  return `/assets/skin/${encodeURIComponent(url)}`;
}

// The skins downloaded since the page was opened, so that the skin page can show the install
// helper below its button whichever button (the card's, the sticky bar's) started the download.
const started = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function markStarted(url: string) {
  started.add(url);
  version += 1;
  for (const listener of listeners) listener();
}

/** Whether a download of this skin was started on this page (the install helper then shows). */
export function useDownloadStarted(url: string): boolean {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
    () => 0,
  );
  return started.has(url);
}

/**
 * Starts a skin download by going to its asset path (the answer is an attachment, so the page stays),
 * says so in a toast, and locks the button for a while so that an impatient second click does not
 * download twice.
 */
export function useSkinDownload(lockMs = DOWNLOAD_LOCK_MS) {
  const [locked, setLocked] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const download = (url: string) => {
    if (locked) return;
    setLocked(true);
    window.location.assign(skinDownloadPath(url));
    markStarted(url);
    notifications.show({
      id: `download-${url}`,
      color: 'teal',
      title: installMessages.started,
      message: installMessages.startedText,
    });
    timer.current = window.setTimeout(() => setLocked(false), lockMs);
  };

  return { download, locked };
}
