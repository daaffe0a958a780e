import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadTemporaryAsset } from './upload-asset';
import type { AssetType, UploadHandle } from './upload-asset';
import { isRetryable, uploadFailureMessage } from './uploads.messages';

/** One file (the skin's ZIP): picked, uploading, uploaded or failed. */
export interface FileUploadState {
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  /** The temporary asset's id once uploaded. */
  id: string | null;
  error: string | null;
  /** The server's hint about the file (e.g. everything sits in an extra folder). */
  warning: string | null;
  retryable: boolean;
  file: File;
}

export interface FileUpload {
  state: FileUploadState | null;
  /** Uploads the file at once (replacing any earlier one). */
  pick: (file: File) => void;
  /** Shows a file refused before upload with the given message. */
  refuse: (file: File, message: string) => void;
  retry: () => void;
  clear: () => void;
}

/** A single upload with progress (spec 4 "Upload"): a failed file must be removed or retried. */
export function useFileUpload(type: AssetType): FileUpload {
  const [state, setState] = useState<FileUploadState | null>(null);
  const handle = useRef<UploadHandle | null>(null);

  useEffect(
    () => () => {
      handle.current?.abort();
      handle.current = null;
    },
    [],
  );

  const start = useCallback(
    (file: File) => {
      handle.current?.abort();
      setState({
        name: file.name,
        size: file.size,
        status: 'uploading',
        progress: 0,
        id: null,
        error: null,
        warning: null,
        retryable: true,
        file,
      });
      let lastPercent = -1;
      const upload = uploadTemporaryAsset(file, type, (fraction) => {
        const percent = Math.floor(fraction * 100);
        if (percent === lastPercent) return;
        lastPercent = percent;
        setState((current) =>
          current && current.file === file ? { ...current, progress: fraction } : current,
        );
      });
      handle.current = upload;
      void upload.done.then((outcome) => {
        if (handle.current !== upload) return;
        handle.current = null;
        setState((current) => {
          if (!current || current.file !== file) return current;
          return outcome.ok
            ? { ...current, status: 'done', progress: 1, id: outcome.id, warning: outcome.warning }
            : {
                ...current,
                status: 'failed',
                error: uploadFailureMessage(outcome.code, type),
                retryable: isRetryable(outcome.code),
              };
        });
      });
    },
    [type],
  );

  const refuse = useCallback((file: File, message: string) => {
    handle.current?.abort();
    handle.current = null;
    setState({
      name: file.name,
      size: file.size,
      status: 'failed',
      progress: 0,
      id: null,
      error: message,
      warning: null,
      retryable: false,
      file,
    });
  }, []);

  const retry = useCallback(() => {
    if (state?.status === 'failed' && state.retryable) start(state.file);
  }, [start, state]);

  const clear = useCallback(() => {
    handle.current?.abort();
    handle.current = null;
    setState(null);
  }, []);

  return { state, pick: start, refuse, retry, clear };
}
