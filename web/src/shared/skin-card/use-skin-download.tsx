import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { GameType } from '../graphql/generated/graphql';
import { installMessages } from '../install/install.messages';

// Loaded with the first download, not with every page that shows a download button.
const InstallHelper = lazy(() =>
  import('../install/install-helper').then((module) => ({ default: module.InstallHelper })),
);
/** Long enough to copy the folder; hovering the toast keeps it open (Mantine pauses its timer). */
const INSTALL_TOAST_MS = 20_000;

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
 * says so in a toast (with the install helper for the skin's game when the caller knows it: the skin
 * page shows its own below its button), and locks the button for a while so that an impatient
 * second click does not download twice.
 */
export function useSkinDownload(lockMs = DOWNLOAD_LOCK_MS) {
  const [locked, setLocked] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const download = (url: string, game?: GameType) => {
    if (locked) return;
    setLocked(true);
    window.location.assign(skinDownloadPath(url));
    markStarted(url);
    notifications.show({
      id: `download-${url}`,
      color: 'teal',
      title: installMessages.started,
      message: game ? (
        <Stack gap="xs">
          <Text size="sm">{installMessages.startedText}</Text>
          <Suspense fallback={null}>
            <InstallHelper game={game} headingOrder={4} />
          </Suspense>
        </Stack>
      ) : (
        installMessages.startedText
      ),
      autoClose: game ? INSTALL_TOAST_MS : undefined,
    });
    timer.current = window.setTimeout(() => setLocked(false), lockMs);
  };

  return { download, locked };
}
